#!/usr/bin/env bash
# Side by side, in one run, on the full-size random model with opus-mt-zh-en's exact config:
# transformers' generate(), CTranslate2 (float32, the model converted by its own converter) and
# `transformer-tutor translate --model` (greedy and 4 beams, 2 threads each, the same sentence and
# weights, 64 decoding steps each), plus the tutor's load time and peak memory.
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

echo "== transformers generate() (torch, 2 threads)"
python3 - "$run" "$sentence" <<'PY'
import sys, time, torch
from transformers import MarianMTModel, MarianTokenizer
torch.set_num_threads(2)
d, s = sys.argv[1], sys.argv[2]
t0 = time.perf_counter(); tok = MarianTokenizer.from_pretrained(d); model = MarianMTModel.from_pretrained(d).eval()
print(f"load {1000*(time.perf_counter()-t0):.0f} ms")
x = tok([s], return_tensors="pt")
for beams in (1, 4):
    with torch.no_grad():
        model.generate(**x, num_beams=beams)  # warm up
        times = []
        for _ in range(3):  # the best of three: this machine is shared
            t0 = time.perf_counter()
            out = model.generate(**x, num_beams=beams)
            times.append(1000 * (time.perf_counter() - t0))
        ms = min(times)
    n = out.shape[1] - 1
    print(f"beams {beams}: {ms:.0f} ms for {n} tokens ({ms/n:.1f} ms/token)")
    open(f"/tmp/marian-bench-transformers-{beams}.ms", "w").write(f"{ms:.0f}\n")
    open(f"/tmp/marian-bench-transformers-{beams}.txt", "w").write(tok.decode(out[0], skip_special_tokens=True) + "\n")
PY

echo "== CTranslate2 $(python3 -c 'import ctranslate2; print(ctranslate2.__version__)') float32 (intra_threads 2, inter_threads 1)"
python3 - "$run" "$ct2" "$sentence" <<'PY'
import sys, time, ctranslate2
from transformers import MarianTokenizer
d, ct, s = sys.argv[1:4]
tok = MarianTokenizer.from_pretrained(d)
src = tok.convert_ids_to_tokens(tok(s).input_ids)  # the pieces and </s>, as the others read them
t0 = time.perf_counter()
tr = ctranslate2.Translator(ct, device="cpu", compute_type="float32", intra_threads=2, inter_threads=1)
print(f"load {1000*(time.perf_counter()-t0):.0f} ms")
for beams in (1, 4):
    # 64 decoding steps, as the others make (they write 63 pieces and the forced </s>; CTranslate2
    # forces nothing, so its 64th piece is one more word: the first 63 are compared)
    go = lambda: tr.translate_batch([src], beam_size=beams, max_decoding_length=64)
    go()  # warm up
    times = []
    for _ in range(3):  # the best of three, as above
        t0 = time.perf_counter()
        out = go()
        times.append(1000 * (time.perf_counter() - t0))
    ms = min(times)
    pieces = out[0].hypotheses[0]
    print(f"beams {beams}: {ms:.0f} ms for {len(pieces)} tokens ({ms/len(pieces):.1f} ms/token)")
    open(f"/tmp/marian-bench-ct2-{beams}.ms", "w").write(f"{ms:.0f}\n")
    open(f"/tmp/marian-bench-ct2-{beams}.txt", "w").write(tok.convert_tokens_to_string(pieces[:63]) + "\n")
PY

echo "== transformer-tutor translate --model (2 threads)"
weights_kb=$(( $(stat -L -c %s "$dir/model.safetensors") / 1024 ))
for beams in 1 4; do
    best=""
    for _ in 1 2 3; do  # the best of three, as above
        /usr/bin/time -o /tmp/marian-bench-peak -f "%M" "$bin" translate --model "$run" "$sentence" --beams "$beams" \
            --timings 2>/tmp/marian-bench-timings | head -1 >"/tmp/marian-bench-tutor-$beams.txt"
        # "load L ms, encode E ms, decode D ms (...)": encode + decode is what generate() times
        ms=$(grep '^load' /tmp/marian-bench-timings | sed -E 's/.*encode ([0-9.]+) ms, decode ([0-9.]+) ms.*/\1 \2/' | awk '{printf "%.0f", $1 + $2}')
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    grep '^load' /tmp/marian-bench-timings
    torch_ms=$(cat "/tmp/marian-bench-transformers-$beams.ms")
    ct2_ms=$(cat "/tmp/marian-bench-ct2-$beams.ms")
    echo "beams $beams: $best ms (encode + decode, best of 3), peak $(cat /tmp/marian-bench-peak) KB;" \
        "tutor / CTranslate2 = $(awk -v a="$best" -v b="$ct2_ms" 'BEGIN { printf "%.2f", a / b }')" \
        "(goal ≤ 1.10), transformers / tutor = $(awk -v a="$torch_ms" -v b="$best" 'BEGIN { printf "%.2f", a / b }')" \
        "(goal ≥ 1.50); peak / weights file = $(awk -v a="$(cat /tmp/marian-bench-peak)" -v b="$weights_kb" 'BEGIN { printf "%.2f", a / b }')" \
        "(goal ≤ 1.30)"
    for other in transformers ct2; do
        if cmp -s "/tmp/marian-bench-tutor-$beams.txt" "/tmp/marian-bench-$other-$beams.txt"; then
            echo "beams $beams: the same translation as $other"
        else
            echo "beams $beams: a DIFFERENT translation from $other"
        fi
    done
done
echo "weights file $weights_kb KB"
