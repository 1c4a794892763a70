#!/usr/bin/env bash
# Side by side, in one run, on the full-size random model with opus-mt-zh-en's exact config:
# transformers' generate(), CTranslate2 (float32, the model converted by its own converter) and
# `transformer-tutor translate --model` (greedy and 4 beams, 2 threads each, the same sentence and
# weights, 64 decoding steps each) in alternating rounds, plus the tutor's load time and peak memory.
#
# Needs (never installed by CI): pip install torch transformers sentencepiece safetensors ctranslate2
# Run from the repository: bash benches/marian_translate.sh [DIR]   (DIR default /tmp/opus-full)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/opus-full}
sentence="我们明天早上去公园散步，然后一起吃午饭。"
[ -f "$dir/model.safetensors" ] || python3 scripts/marian_fixtures.py --full-size "$dir"
# A random model never writes </s>: both engines run to max_length. A copy of the directory whose
# generation_config.json says max_length 65 makes each translation exactly 64 pieces (the last
# one the forced </s>), the same work for both.
run="$dir-64"
mkdir -p "$run"
for f in config.json model.safetensors source.spm target.spm tokenizer_config.json vocab.json; do
    ln -sf "$(cd "$dir" && pwd)/$f" "$run/$f"
done
python3 - "$dir" "$run" <<'PY'
import json, sys
g = json.load(open(f"{sys.argv[1]}/generation_config.json"))
g["max_length"] = 65
json.dump(g, open(f"{sys.argv[2]}/generation_config.json", "w"), indent=2)
PY
# CTranslate2's own converter, float32 (its Marian loader drops <pad> from the vocabulary: its
# output projection is 65,000-way, and it starts the decoder from a zero embedding, as Marian's
# <pad> row is)
ct2="$dir-ct2"
[ -f "$ct2/model.bin" ] || ct2-transformers-converter --model "$run" --output_dir "$ct2" --quantization float32 --force
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/transformer-tutor

# transformers and CTranslate2 stay loaded, each in a Python server; the tutor is started afresh
# for every run, as a learner runs `translate`, and its own encode + decode times are taken from
# `--timings` (its load is not counted; its weights are mapped from the page cache, and their pages
# are touched again in each new process, which the servers do not pay). The engines
# take turns: in every round each runs twice, greedy and then 4 beams, and the second run is
# timed (the first brings its weights back into the cache after the others' and lets their idle
# threads stop spinning). The ratios are the medians over rounds of each round's ratios, so that
# all three see the same minutes of a machine whose speed drifts.
python3 - "$run" "$ct2" "$sentence" "$bin" "$dir/model.safetensors" <<'PY'
import os, statistics, subprocess, sys, time
run, ct2, sentence, binary, weights = sys.argv[1:6]
ROUNDS = 5

SERVER = r"""
import sys, time
engine, run, ct2, sentence = sys.argv[1:5]
from transformers import MarianTokenizer
tok = MarianTokenizer.from_pretrained(run)
if engine == "transformers":
    import torch
    from transformers import MarianMTModel
else:
    import ctranslate2
t0 = time.perf_counter()  # the load, after the imports
if engine == "transformers":
    torch.set_num_threads(2)
    torch.set_grad_enabled(False)
    model = MarianMTModel.from_pretrained(run).eval()
    x = tok([sentence], return_tensors="pt")
    def go(beams):
        out = model.generate(**x, num_beams=beams)
        return tok.decode(out[0], skip_special_tokens=True)
else:
    tr = ctranslate2.Translator(ct2, device="cpu", compute_type="float32", intra_threads=2, inter_threads=1)
    src = tok.convert_ids_to_tokens(tok(sentence).input_ids)  # the pieces and </s>, as the others read them
    def go(beams):
        # 64 decoding steps, as the others make (they write 63 pieces and the forced </s>;
        # CTranslate2 forces nothing, so its 64th piece is one more word: the first 63 are compared)
        pieces = tr.translate_batch([src], beam_size=beams, max_decoding_length=64)[0].hypotheses[0]
        return tok.convert_tokens_to_string(pieces[:63])
print(f"load {1000 * (time.perf_counter() - t0):.0f} ms", flush=True)
for beams in (1, 4):
    go(beams)  # warm up
for line in sys.stdin:
    beams = int(line)
    t0 = time.perf_counter()
    text = go(beams)
    print(f"{1000 * (time.perf_counter() - t0):.1f}\t{text}", flush=True)
"""


class Server:
    def __init__(self, engine):
        self.engine = engine
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER, engine, run, ct2, sentence],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        print(f"{engine}: {self.reply()}", flush=True)

    def reply(self):
        line = self.proc.stdout.readline()
        if not line:  # its error is on stderr, above
            raise SystemExit(f"the {self.engine} server stopped (exit status {self.proc.wait()})")
        return line.rstrip("\n")

    def once(self, beams):
        self.proc.stdin.write(f"{beams}\n")
        self.proc.stdin.flush()
        ms, text = self.reply().split("\t", 1)
        return float(ms), text


def tutor(beams):
    """One `translate --timings` run: encode + decode in ms (what generate() times), the
    translation, the timings line and the peak resident memory in KB."""
    out = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "translate", "--model", run, sentence,
                          "--beams", str(beams), "--timings"], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"translate failed (exit status {out.returncode}):\n{out.stderr}")
    timings = next(l for l in out.stderr.splitlines() if l.startswith("load"))
    encode = float(timings.split("encode ")[1].split(" ms")[0])
    decode = float(timings.split("decode ")[1].split(" ms")[0])
    return encode + decode, out.stdout.splitlines()[0], timings, int(out.stderr.strip().splitlines()[-1])


print(f"transformers {__import__('transformers').__version__}, CTranslate2 {__import__('ctranslate2').__version__}, "
      f"{ROUNDS} rounds; ms", flush=True)
engines = {"transformers": Server("transformers"), "ct2": Server("ct2")}
times = {(e, b): [] for e in ("transformers", "ct2", "tutor") for b in (1, 4)}
texts, timings, peaks = {}, {}, {1: 0, 4: 0}
differing = set()  # (engine, beams) whose translation differed from the tutor's in some round
tutor(1)  # warm the page cache
for r in range(ROUNDS):
    for beams in (1, 4):
        for name in ("transformers", "ct2", "tutor"):
            # an untimed run first: the engine's weights back in the cache after the other two
            # engines', its threads awake (as in consecutive runs of one engine)
            if name == "tutor":
                tutor(beams)
                ms, text, timings[beams], peak = tutor(beams)
                peaks[beams] = max(peaks[beams], peak)
            else:
                engines[name].once(beams)
                ms, text = engines[name].once(beams)
            times[(name, beams)].append(ms)
            texts[(name, beams)] = text
        for other in ("transformers", "ct2"):
            if texts[(other, beams)] != texts[("tutor", beams)]:
                differing.add((other, beams))
    print(f"round {r + 1}: " + ", ".join(f"{e} {b}: {times[(e, b)][-1]:.0f}" for (e, b) in times), flush=True)

weights_kb = os.stat(weights).st_size // 1024
median = statistics.median
print(f"\nengine (medians of {ROUNDS} alternating rounds, ms)   greedy   4 beams")
for name in ("transformers", "ct2", "tutor"):
    print(f"{name:<44} {median(times[(name, 1)]):8.0f} {median(times[(name, 4)]):9.0f}")
for beams in (1, 4):
    tut, ct, tf = (times[(e, beams)] for e in ("tutor", "ct2", "transformers"))
    vs_ct2 = median(a / b for a, b in zip(tut, ct))
    vs_tf = median(b / a for a, b in zip(tut, tf))
    print(f"beams {beams}: {timings[beams]}")
    print(f"beams {beams}: tutor / CTranslate2 = {vs_ct2:.2f} (goal ≤ 1.10), transformers / tutor = {vs_tf:.2f} "
          f"(goal ≥ 1.50); peak {peaks[beams]} KB = {peaks[beams] / weights_kb:.2f} × the weights file (goal ≤ 1.30)")
    for other in ("transformers", "ct2"):
        same = (other, beams) not in differing
        print(f"beams {beams}: {'the same translation as' if same else 'a DIFFERENT translation from'} {other}"
              f"{' in every round' if same else ' in some round'}")
print(f"weights file {weights_kb} KB")
for server in engines.values():
    server.proc.stdin.close()
    server.proc.wait()
PY
