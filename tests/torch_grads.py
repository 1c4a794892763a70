"""The Rust backward pass against PyTorch autograd.

    python3 tests/torch_grads.py g.npz [more.npz ...]   # check files written by `export --grads`
    python3 tests/torch_grads.py --make                  # build, export three batches, check them

A file comes from

    transformer-tutor export --grads --out g.npz --random-weights --seed 3 \
        --src "我有一只猫 ; 你有猫" --tgt "<bos> I have a cat <eos> ; <bos> you have <eos>"

and holds the weights (PyTorch names, nn.Linear layout), `config.*`, `src_ids`, the full `tgt_ids`
(with <bos> and <eos>), the Rust `loss` and `grad.<name>` for every weight and for `logits`.
This script rebuilds the same post-LayerNorm encoder-decoder in PyTorch in float64 from those
weights, computes the teacher-forcing cross-entropy (decoder reads tgt[:, :-1], scored on
tgt[:, 1:], <pad> ignored, no label smoothing) and its autograd gradients, and prints for each
tensor max |rust - torch| / (1 + |torch|). Exit status 1 if any exceeds 1e-5 (or a tensor is
missing). Needs torch and numpy; not part of `cargo test` (torch is large).
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
import torch
import torch.nn.functional as F

TOLERANCE = 1e-5
NOT_WEIGHTS = ("loss", "src_ids", "tgt_ids")


def sinusoidal(t, d):
    pos = torch.arange(t, dtype=torch.float64)[:, None]
    i2 = torch.arange(0, d, 2, dtype=torch.float64)
    angle = pos / torch.pow(torch.tensor(10000.0, dtype=torch.float64), i2 / d)
    pe = torch.zeros(t, d, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(angle)
    pe[:, 1::2] = torch.cos(angle)
    return pe


def model_loss(w, src, tgt_in, labels, n_heads, pad):
    """The tutor model's forward and teacher-forcing loss. Returns (loss, logits)."""
    d = w["src_embed.weight"].shape[1]
    d_k = d // n_heads

    def linear(x, name):
        return x @ w[name + ".weight"].T + w[name + ".bias"]

    def norm(x, name):
        return F.layer_norm(x, (d,), w[name + ".weight"], w[name + ".bias"], eps=1e-5)

    def attention(xq, xkv, name, mask):
        b, tq, _ = xq.shape
        tk = xkv.shape[1]
        q = linear(xq, name + ".w_q").view(b, tq, n_heads, d_k).transpose(1, 2)
        k = linear(xkv, name + ".w_k").view(b, tk, n_heads, d_k).transpose(1, 2)
        v = linear(xkv, name + ".w_v").view(b, tk, n_heads, d_k).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)
        scores = scores.masked_fill(mask == 0, -1e9)
        context = torch.softmax(scores, dim=-1) @ v
        return linear(context.transpose(1, 2).reshape(b, tq, d), name + ".w_o")

    def ffn(x, name):
        return linear(torch.relu(linear(x, name + ".linear1")), name + ".linear2")

    def layers(prefix):
        ids = {int(k.split(".")[2]) for k in w if k.startswith(prefix + ".layers.")}
        return sorted(ids)

    src_mask = (src != pad)[:, None, None, :]
    t = tgt_in.shape[1]
    causal = torch.tril(torch.ones(t, t, dtype=torch.bool))[None, None]
    tgt_mask = (tgt_in != pad)[:, None, None, :] & causal

    x = w["src_embed.weight"][src] + sinusoidal(src.shape[1], d)
    for i in layers("encoder"):
        p = f"encoder.layers.{i}"
        x = norm(x + attention(x, x, p + ".self_attn", src_mask), p + ".norm1")
        x = norm(x + ffn(x, p + ".ffn"), p + ".norm2")
    y = w["tgt_embed.weight"][tgt_in] + sinusoidal(t, d)
    for i in layers("decoder"):
        p = f"decoder.layers.{i}"
        y = norm(y + attention(y, y, p + ".self_attn", tgt_mask), p + ".norm1")
        y = norm(y + attention(y, x, p + ".cross_attn", src_mask), p + ".norm2")
        y = norm(y + ffn(y, p + ".ffn"), p + ".norm3")
    logits = linear(y, "fc_out")
    loss = F.cross_entropy(
        logits.reshape(-1, logits.shape[-1]), labels.reshape(-1), ignore_index=pad, label_smoothing=0.0
    )
    return loss, logits


def check_file(path):
    """Compare one `export --grads` file with autograd. Returns True if everything agrees."""
    data = np.load(path)
    names = data.files
    weight_names = [
        n for n in names if not n.startswith(("grad.", "config.", "vocab.")) and n not in NOT_WEIGHTS
    ]
    w = {n: torch.tensor(data[n], dtype=torch.float64, requires_grad=True) for n in weight_names}
    n_heads = int(data["config.n_heads"])
    pad = int(data["config.pad_idx"])
    src = torch.tensor(data["src_ids"], dtype=torch.int64)
    tgt = torch.tensor(data["tgt_ids"], dtype=torch.int64)
    tgt_in, labels = tgt[:, :-1], tgt[:, 1:]

    loss, logits = model_loss(w, src, tgt_in, labels, n_heads, pad)
    logits.retain_grad()
    loss.backward()

    print(
        f"{path}: src {tuple(src.shape)} (pad {int((src == pad).sum())}), tgt {tuple(tgt.shape)} "
        f"(pad {int((tgt == pad).sum())}), d_model {w['src_embed.weight'].shape[1]}, {n_heads} heads"
    )
    results = []  # (name, error, elements)

    def compare(name, rust, torch_value):
        rust = np.asarray(rust, dtype=np.float64)
        ref = torch_value.detach().numpy()
        if rust.shape != ref.shape:
            results.append((name, math.inf, f"shape {rust.shape} != torch {ref.shape}"))
            return
        diff = np.abs(rust - ref)
        err = float(np.max(diff / (1.0 + np.abs(ref)))) if ref.size else 0.0
        scale = float(np.max(np.abs(ref))) if ref.size else 0.0
        # for information: the largest difference against the tensor's own scale
        own = f"{float(np.max(diff)) / scale:.1e}" if scale > 1e-12 else "  (zero)"
        results.append((name, err, f"{ref.size:>5} values, max |torch| {scale:9.3g}, max diff / max |torch| {own}"))

    compare("loss", data["loss"], loss)
    if "grad.logits" in names:
        compare("grad.logits", data["grad.logits"], logits.grad)
    else:
        results.append(("grad.logits", math.inf, "missing from the file"))
    for n in weight_names:
        if "grad." + n in names:
            compare("grad." + n, data["grad." + n], w[n].grad)
        else:
            results.append(("grad." + n, math.inf, "missing from the file"))
    for n in names:
        if n.startswith("grad.") and n != "grad.logits" and n[5:] not in w:
            results.append((n, math.inf, "gradient of no weight in the file"))

    width = max(len(r[0]) for r in results)
    for name, err, note in results:
        flag = "" if err <= TOLERANCE else "   <-- FAIL"
        print(f"  {name:<{width}}  {err:10.3e}  {note}{flag}")
    worst = max(results, key=lambda r: r[1])
    failed = [r for r in results if not r[1] <= TOLERANCE]
    print(
        f"  loss rust {float(data['loss']):.8f} torch {loss.item():.8f}; "
        f"{len(results)} tensors, worst {worst[0]} {worst[1]:.3e}, {len(failed)} over {TOLERANCE:g}"
    )
    return not failed, len(results), worst


# Batches for --make: ragged rows, so both sides pad. The first is the brief's sentences; the
# others are ids (4.. are ordinary tokens, 1 is <unk>) so they do not depend on the corpus's words.
BATCHES = [
    ("3", ["--src", "我有一只猫 ; 你有猫", "--tgt", "<bos> I have a cat <eos> ; <bos> you have <eos>"]),
    ("11", ["--src-ids", "4,5,6,7;8,9;10,11,12,13,14,5", "--tgt-ids", "2,4,5,6,3;2,7,3;2,8,9,10,11,12,3"]),
    ("3", ["--src-ids", "6,1,9;5,5,5,5,5;12", "--tgt-ids", "2,9,8,7,6,5,3;2,1,3;2,4,4,3"]),
]


def make(binary, keep):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if binary is None:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=root, check=True)
        binary = os.path.join(root, "target", "release", "transformer-tutor")
    out_dir = keep or tempfile.mkdtemp(prefix="torch_grads.")
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for i, (seed, args) in enumerate(BATCHES):
        path = os.path.join(out_dir, f"grads{i}_seed{seed}.npz")
        cmd = [binary, "export", "--grads", "--out", path, "--random-weights", "--seed", seed] + args
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        paths.append(path)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help=".npz files written by `transformer-tutor export --grads`")
    parser.add_argument("--make", action="store_true", help="build the binary and export the batches first")
    parser.add_argument("--bin", help="with --make: use this binary instead of building one")
    parser.add_argument("--out-dir", help="with --make: write the .npz files here (default: a temporary directory)")
    args = parser.parse_args()
    torch.set_default_dtype(torch.float64)
    files = list(args.files)
    if args.make:
        files += make(args.bin, args.out_dir)
    if not files:
        parser.error("give .npz files or --make")
    ok_all, total, worst_all = True, 0, ("", 0.0)
    for path in files:
        ok, count, worst = check_file(path)
        ok_all &= ok
        total += count
        if worst[1] >= worst_all[1]:
            worst_all = (f"{worst[0]} in {os.path.basename(path)}", worst[1])
    verdict = "PASS" if ok_all else "FAIL"
    print(
        f"torch_grads: {verdict}: {len(files)} file(s), {total} tensors compared, "
        f"worst {worst_all[0]} {worst_all[1]:.3e} (tolerance {TOLERANCE:g})"
    )
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
