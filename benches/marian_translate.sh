#!/usr/bin/env bash
# Side by side, in one run, on the full-size random model with opus-mt-zh-en's exact config:
# transformers' generate() and `transformer-tutor translate --model` (greedy and 4 beams, 2 threads
# each, the same sentence and weights), plus the tutor's load time and peak memory.
#
# Needs (never installed by CI): pip install torch transformers sentencepiece safetensors
# Run from the repository: bash benches/marian_translate.sh [DIR]   (DIR default /tmp/opus-full)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/opus-full}
sentence="我们明天早上去公园散步，然后一起吃午饭。"
[ -f "$dir/model.safetensors" ] || python3 scripts/marian_fixtures.py --full-size "$dir"
cargo build --release --quiet
bin=target/release/transformer-tutor

echo "== transformers generate() (torch, 2 threads)"
python3 - "$dir" "$sentence" <<'PY'
import sys, time, torch
from transformers import MarianMTModel, MarianTokenizer
torch.set_num_threads(2)
d, s = sys.argv[1], sys.argv[2]
t0 = time.perf_counter(); tok = MarianTokenizer.from_pretrained(d); model = MarianMTModel.from_pretrained(d).eval()
print(f"load {1000*(time.perf_counter()-t0):.0f} ms")
x = tok([s], return_tensors="pt")
for beams in (1, 4):
    with torch.no_grad():
        model.generate(**x, num_beams=beams, max_new_tokens=64, min_new_tokens=64)  # warm up
        t0 = time.perf_counter()
        out = model.generate(**x, num_beams=beams, max_new_tokens=64, min_new_tokens=64)
        ms = 1000 * (time.perf_counter() - t0)
    n = out.shape[1] - 1
    print(f"beams {beams}: {ms:.0f} ms for {n} tokens ({ms/n:.1f} ms/token)")
PY

echo "== transformer-tutor translate --model (2 threads)"
for beams in 1 4; do
    RAYON_NUM_THREADS=2 /usr/bin/time -f "peak %M KB" "$bin" translate --model "$dir" "$sentence" --beams "$beams" --timings >/dev/null
done
ls -l "$dir/model.safetensors" | awk '{printf "weights file %.0f KB\n", $5/1024}'
