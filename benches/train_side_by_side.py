"""One training step, Rust against PyTorch on this machine's CPU, side by side:

    python3 benches/train_side_by_side.py [--steps 200] [--warmup 20] [--threads 2]

First it runs `cargo run --release --example train_step_time -- --dump DIR`: the Rust trainer
(default options: batch 64, Adam β (0.9, 0.98), eps 1e-9, clipping at norm 1.0, warm-up + cosine
learning rate) times its steps and writes its starting weights and the very batches it drew from
the generated corpus. Then PyTorch (float32, eager, `--threads` intra-op threads) trains the same
model -- nn.Embedding / nn.Linear / nn.LayerNorm, post-LayerNorm encoder-decoder, sinusoidal
positions, no dropout -- from the same weights on the same batches with torch.optim.Adam and
clip_grad_norm_, and is timed the same way (median ms per step after the warm-up steps). Both
start from the same numbers, so their losses step by step are printed as a check that the two
do the same work. Needs torch and numpy.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The floor of the cosine decay, as a fraction of the peak (src/train/schedule.rs). The peak, the
# warm-up and the total number of steps come from the Rust side's own options (train_step_time
# prints them), so the two sides cannot follow different schedules.
LR_FLOOR = 0.1


def learning_rate(step, schedule):
    peak, warmup, total = schedule["peak_lr"], schedule["warmup_steps"], schedule["total_steps"]
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = min((step - warmup) / max(total - warmup, 1), 1.0)
    return peak * (LR_FLOOR + (1 - LR_FLOOR) * 0.5 * (1 + math.cos(math.pi * progress)))


class Attention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h, self.d_k = h, d // h
        self.w_q, self.w_k, self.w_v, self.w_o = (nn.Linear(d, d) for _ in range(4))

    def forward(self, xq, xkv, mask):
        b, tq, d = xq.shape
        tk = xkv.shape[1]
        q = self.w_q(xq).view(b, tq, self.h, self.d_k).transpose(1, 2)
        k = self.w_k(xkv).view(b, tk, self.h, self.d_k).transpose(1, 2)
        v = self.w_v(xkv).view(b, tk, self.h, self.d_k).transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(self.d_k)
        scores = scores.masked_fill(mask == 0, -1e9)
        context = torch.softmax(scores, dim=-1) @ v
        return self.w_o(context.transpose(1, 2).reshape(b, tq, d))


class FeedForward(nn.Module):
    def __init__(self, d, d_ff):
        super().__init__()
        self.linear1, self.linear2 = nn.Linear(d, d_ff), nn.Linear(d_ff, d)

    def forward(self, x):
        return self.linear2(torch.relu(self.linear1(x)))


class EncoderLayer(nn.Module):
    def __init__(self, d, h, d_ff):
        super().__init__()
        self.self_attn, self.ffn = Attention(d, h), FeedForward(d, d_ff)
        self.norm1, self.norm2 = nn.LayerNorm(d), nn.LayerNorm(d)

    def forward(self, x, mask):
        x = self.norm1(x + self.self_attn(x, x, mask))
        return self.norm2(x + self.ffn(x))


class DecoderLayer(nn.Module):
    def __init__(self, d, h, d_ff):
        super().__init__()
        self.self_attn, self.cross_attn, self.ffn = Attention(d, h), Attention(d, h), FeedForward(d, d_ff)
        self.norm1, self.norm2, self.norm3 = nn.LayerNorm(d), nn.LayerNorm(d), nn.LayerNorm(d)

    def forward(self, y, memory, src_mask, tgt_mask):
        y = self.norm1(y + self.self_attn(y, y, tgt_mask))
        y = self.norm2(y + self.cross_attn(y, memory, src_mask))
        return self.norm3(y + self.ffn(y))


class Stack(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = nn.ModuleList(layers)


class Transformer(nn.Module):
    def __init__(self, src_vocab, tgt_vocab, d, h, d_ff, n_layers, max_len, pad):
        super().__init__()
        self.pad = pad
        self.src_embed, self.tgt_embed = nn.Embedding(src_vocab, d), nn.Embedding(tgt_vocab, d)
        self.encoder = Stack([EncoderLayer(d, h, d_ff) for _ in range(n_layers)])
        self.decoder = Stack([DecoderLayer(d, h, d_ff) for _ in range(n_layers)])
        self.fc_out = nn.Linear(d, tgt_vocab)
        pos = torch.arange(max_len, dtype=torch.float32)[:, None]
        div = torch.exp(torch.arange(0, d, 2, dtype=torch.float32) * (-math.log(10000.0) / d))
        pe = torch.zeros(max_len, d)
        pe[:, 0::2], pe[:, 1::2] = torch.sin(pos * div), torch.cos(pos * div)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, src, tgt):
        src_mask = (src != self.pad)[:, None, None, :]
        t = tgt.shape[1]
        causal = torch.tril(torch.ones(t, t, dtype=torch.bool))[None, None]
        tgt_mask = (tgt != self.pad)[:, None, None, :] & causal
        x = self.src_embed(src) + self.pe[: src.shape[1]]
        for layer in self.encoder.layers:
            x = layer(x, src_mask)
        y = self.tgt_embed(tgt) + self.pe[:t]
        for layer in self.decoder.layers:
            y = layer(y, x, src_mask, tgt_mask)
        return self.fc_out(y)


def load_model(path):
    data = np.load(path)
    w = {n: torch.from_numpy(data[n].astype(np.float32)) for n in data.files if not n.startswith(("config.", "vocab."))}
    d = w["src_embed.weight"].shape[1]
    n_layers = len({n.split(".")[2] for n in w if n.startswith("encoder.layers.")})
    d_ff = w["encoder.layers.0.ffn.linear1.weight"].shape[0]
    model = Transformer(
        w["src_embed.weight"].shape[0],
        w["tgt_embed.weight"].shape[0],
        d,
        int(data["config.n_heads"]),
        d_ff,
        n_layers,
        int(data["config.max_len"]),
        int(data["config.pad_idx"]),
    )
    model.load_state_dict(w, strict=True)
    return model


def run_rust(steps, warmup, dump):
    cmd = ["cargo", "run", "--release", "--quiet", "--example", "train_step_time", "--"]
    cmd += ["--steps", str(steps), "--warmup", str(warmup), "--dump", dump]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    values = {}
    for line in out.splitlines():
        for part in line.split():
            if "=" in part:
                key, value = part.split("=", 1)
                values[key] = value
    schedule = {
        "peak_lr": float(values["peak_lr"]),
        "warmup_steps": int(values["warmup_steps"]),
        "total_steps": int(values["total_steps"]),
    }
    losses = [float(x) for x in values["losses"].split(",")]
    return out.splitlines()[0], float(values["median_ms"]), losses, schedule


def run_torch(dump, steps, warmup, threads, schedule):
    torch.set_num_threads(threads)
    model = load_model(os.path.join(dump, "initial.npz"))
    pad = model.pad
    batches = np.load(os.path.join(dump, "batches.npz"))
    total = warmup + steps
    data = [
        tuple(torch.from_numpy(batches[f"{k}.{i}"]) for k in ("src", "tgt_in", "labels")) for i in range(total)
    ]
    optimiser = torch.optim.Adam(model.parameters(), lr=learning_rate(0, schedule), betas=(0.9, 0.98), eps=1e-9)
    losses, times = [], []
    for i, (src, tgt_in, labels) in enumerate(data):
        start = time.perf_counter()
        for group in optimiser.param_groups:
            group["lr"] = learning_rate(i, schedule)
        optimiser.zero_grad(set_to_none=True)
        logits = model(src, tgt_in)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.reshape(-1), ignore_index=pad)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        value = loss.item()
        if i >= warmup:
            times.append((time.perf_counter() - start) * 1e3)
        losses.append(value)
    times.sort()
    shapes = [(tuple(s.shape), tuple(t.shape)) for s, t, _ in data[warmup:]]
    src_w = np.mean([s[1] for s, _ in shapes])
    tgt_w = np.mean([t[1] for _, t in shapes])
    params = sum(p.numel() for p in model.parameters())
    line = (
        f"torch: {params} parameters, batch {shapes[0][0][0]} (src length {src_w:.1f}, target length {tgt_w:.1f} "
        f"on average), {steps} timed steps after {warmup}: median {times[len(times) // 2]:.3f} ms/step "
        f"(min {times[0]:.3f}, max {times[-1]:.3f}), torch {torch.__version__}, {threads} threads"
    )
    return line, times[len(times) // 2], losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=200, help="timed steps (default 200)")
    parser.add_argument("--warmup", type=int, default=20, help="untimed steps first (default 20)")
    parser.add_argument("--threads", type=int, default=2, help="PyTorch intra-op threads (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="train_side_by_side.") as dump:
        print("building and timing the Rust trainer (cargo run --release --example train_step_time) ...", flush=True)
        rust_line, rust_ms, rust_losses, schedule = run_rust(args.steps, args.warmup, dump)
        print(rust_line, flush=True)
        torch_line, torch_ms, torch_losses = run_torch(dump, args.steps, args.warmup, args.threads, schedule)
        print(torch_line)
    diffs = [abs(a - b) for a, b in zip(rust_losses, torch_losses)]
    print(
        f"same training, both sides: loss at step 1 rust {rust_losses[0]:.4f} torch {torch_losses[0]:.4f}; "
        f"at step {len(diffs)} rust {rust_losses[-1]:.4f} torch {torch_losses[-1]:.4f}; "
        f"largest difference over the {len(diffs)} steps {max(diffs):.2e}"
    )
    faster, ratio = ("Rust", torch_ms / rust_ms) if rust_ms <= torch_ms else ("PyTorch", rust_ms / torch_ms)
    print(f"\n{'':<10}{'ms/step':>10}\n{'Rust':<10}{rust_ms:>10.3f}\n{'PyTorch':<10}{torch_ms:>10.3f}")
    print(f"torch/rust = {torch_ms / rust_ms:.2f}: {faster} is {ratio:.2f}x faster per training step")
    if max(diffs) > 1e-2:
        print("warning: the losses drift apart by more than 1e-2: the two sides are not doing the same training")
        sys.exit(1)


if __name__ == "__main__":
    main()
