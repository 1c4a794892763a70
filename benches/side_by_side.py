"""Side-by-side timings for docs/benchmarks.md, in one command: the engine's three forward workloads
(`examples/forward_time.rs --serve`, the same work as `cargo bench --bench forward`) and the same
computations in PyTorch (if installed: `pip install torch`), in alternating rounds, then numpy,
on this machine, with the ratio engine / PyTorch.

    python3 benches/side_by_side.py

numpy uses its bundled OpenBLAS with every core; PyTorch its default threads (2 here).
"""
import math
import os
import subprocess
import time
import numpy as np


def best(f, reps):
    """The median of `reps` timed calls of f, after one untimed call."""
    f()
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    times.sort()
    return times[len(times) // 2]


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def attention_block(x, w, h, mask):
    b, t, d = x.shape
    dk = d // h
    def lin(v, n):
        return v @ w[n + ".weight"].T + w[n + ".bias"]
    q = lin(x, "w_q").reshape(b, t, h, dk).transpose(0, 2, 1, 3)
    k = lin(x, "w_k").reshape(b, t, h, dk).transpose(0, 2, 1, 3)
    v = lin(x, "w_v").reshape(b, t, h, dk).transpose(0, 2, 1, 3)
    s = q @ k.transpose(0, 1, 3, 2) * np.float32(1 / np.sqrt(dk))
    s = np.where(mask == 0, np.float32(-1e9), s)
    ctx = softmax(s) @ v
    return lin(ctx.transpose(0, 2, 1, 3).reshape(b, t, d), "w_o")


def layer_norm(x):
    m = x.mean(-1, keepdims=True)
    return (x - m) / np.sqrt(x.var(-1, keepdims=True) + np.float32(1e-5))


def forward(src, tgt, w, h, n_layers, pad=0):
    """The tutor's whole encoder-decoder (gamma 1, beta 0 as initialised)."""
    def pe(t, d):
        pos = np.arange(t)[:, None]
        div = np.exp(np.arange(0, d, 2) * (-np.log(10000.0) / d))
        p = np.zeros((t, d), np.float32)
        p[:, 0::2] = np.sin(pos * div)
        p[:, 1::2] = np.cos(pos * div)
        return p
    def mha(xq, xkv, pre, mask):
        b, tq, d = xq.shape
        tk = xkv.shape[1]
        dk = d // h
        lin = lambda v, n: v @ w[f"{pre}.{n}.weight"].T + w[f"{pre}.{n}.bias"]
        q = lin(xq, "w_q").reshape(b, tq, h, dk).transpose(0, 2, 1, 3)
        k = lin(xkv, "w_k").reshape(b, tk, h, dk).transpose(0, 2, 1, 3)
        v = lin(xkv, "w_v").reshape(b, tk, h, dk).transpose(0, 2, 1, 3)
        s = np.where(mask == 0, np.float32(-1e9), q @ k.transpose(0, 1, 3, 2) * np.float32(1 / np.sqrt(dk)))
        return lin((softmax(s) @ v).transpose(0, 2, 1, 3).reshape(b, tq, d), "w_o")
    def ffn(x, pre):
        hdn = np.maximum(x @ w[f"{pre}.linear1.weight"].T + w[f"{pre}.linear1.bias"], 0)
        return hdn @ w[f"{pre}.linear2.weight"].T + w[f"{pre}.linear2.bias"]
    d = w["src_embed.weight"].shape[1]
    src_mask = (src != pad)[:, None, None, :]
    tt = tgt.shape[1]
    tgt_mask = (tgt != pad)[:, None, None, :] & np.tril(np.ones((tt, tt), bool))[None, None]
    x = w["src_embed.weight"][src] + pe(src.shape[1], d)
    for i in range(n_layers):
        p = f"encoder.layers.{i}"
        x = layer_norm(x + mha(x, x, p + ".self_attn", src_mask))
        x = layer_norm(x + ffn(x, p + ".ffn"))
    y = w["tgt_embed.weight"][tgt] + pe(tt, d)
    for i in range(n_layers):
        p = f"decoder.layers.{i}"
        y = layer_norm(y + mha(y, y, p + ".self_attn", tgt_mask))
        y = layer_norm(y + mha(y, x, p + ".cross_attn", src_mask))
        y = layer_norm(y + ffn(y, p + ".ffn"))
    return softmax(y @ w["fc_out.weight"].T + w["fc_out.bias"])


def weights(d, dff, vocab, n_layers, rng):
    w = {"src_embed.weight": rng.standard_normal((vocab, d), np.float32),
         "tgt_embed.weight": rng.standard_normal((vocab, d), np.float32)}
    def lin(name, i, o):
        w[name + ".weight"] = (rng.uniform(-1, 1, (o, i)) / np.sqrt(i)).astype(np.float32)
        w[name + ".bias"] = (rng.uniform(-1, 1, o) / np.sqrt(i)).astype(np.float32)
    for st, blocks in (("encoder", ["self_attn"]), ("decoder", ["self_attn", "cross_attn"])):
        for i in range(n_layers):
            for blk in blocks:
                for p in ("w_q", "w_k", "w_v", "w_o"):
                    lin(f"{st}.layers.{i}.{blk}.{p}", d, d)
            lin(f"{st}.layers.{i}.ffn.linear1", d, dff)
            lin(f"{st}.layers.{i}.ffn.linear2", dff, d)
    lin("fc_out", d, vocab)
    return w


def torch_forward(torch, F, src, tgt, w, h, n_layers, pad=0):
    """The same encoder-decoder as `forward`, in PyTorch ops (post-LN, masks from the ids)."""
    def pe(t, d):
        pos = torch.arange(t)[:, None]
        div = torch.exp(torch.arange(0, d, 2) * (-math.log(10000.0) / d))
        p = torch.zeros(t, d)
        p[:, 0::2] = torch.sin(pos * div)
        p[:, 1::2] = torch.cos(pos * div)
        return p
    def lin(v, n):
        return F.linear(v, w[n + ".weight"], w[n + ".bias"])
    def mha(xq, xkv, pre, mask):
        b, tq, d = xq.shape
        tk = xkv.shape[1]
        dk = d // h
        q = lin(xq, pre + ".w_q").view(b, tq, h, dk).transpose(1, 2)
        k = lin(xkv, pre + ".w_k").view(b, tk, h, dk).transpose(1, 2)
        v = lin(xkv, pre + ".w_v").view(b, tk, h, dk).transpose(1, 2)
        s = (q @ k.transpose(-2, -1) / math.sqrt(dk)).masked_fill(mask == 0, -1e9)
        return lin((torch.softmax(s, -1) @ v).transpose(1, 2).reshape(b, tq, d), pre + ".w_o")
    def ffn(x, pre):
        return lin(torch.relu(lin(x, pre + ".linear1")), pre + ".linear2")
    d = w["src_embed.weight"].shape[1]
    ln = lambda v: F.layer_norm(v, (d,))
    src_mask = (src != pad)[:, None, None, :]
    tt = tgt.shape[1]
    tgt_mask = (tgt != pad)[:, None, None, :] & torch.tril(torch.ones(tt, tt, dtype=torch.bool))[None, None]
    x = w["src_embed.weight"][src] + pe(src.shape[1], d)
    for i in range(n_layers):
        p = f"encoder.layers.{i}"
        x = ln(x + mha(x, x, p + ".self_attn", src_mask))
        x = ln(x + ffn(x, p + ".ffn"))
    y = w["tgt_embed.weight"][tgt] + pe(tt, d)
    for i in range(n_layers):
        p = f"decoder.layers.{i}"
        y = ln(y + mha(y, y, p + ".self_attn", tgt_mask))
        y = ln(y + mha(y, x, p + ".cross_attn", src_mask))
        y = ln(y + ffn(y, p + ".ffn"))
    return torch.softmax(lin(y, "fc_out"), -1)


def torch_block_explicit(torch, F, x, w, h, mask):
    """Note 000's block as the engine runs it: three Linears, q·kᵀ, scale, masked_fill, softmax, ·v, W_o."""
    b, t, d = x.shape
    dk = d // h
    q = F.linear(x, w["w_q.weight"], w["w_q.bias"]).view(b, t, h, dk).transpose(1, 2)
    k = F.linear(x, w["w_k.weight"], w["w_k.bias"]).view(b, t, h, dk).transpose(1, 2)
    v = F.linear(x, w["w_v.weight"], w["w_v.bias"]).view(b, t, h, dk).transpose(1, 2)
    s = (q @ k.transpose(-2, -1) / math.sqrt(dk)).masked_fill(mask == 0, -1e9)
    ctx = torch.softmax(s, -1) @ v
    return F.linear(ctx.transpose(1, 2).reshape(b, t, d), w["w_o.weight"], w["w_o.bias"])


def torch_block_sdpa(torch, F, x, w, h):
    """The same block with PyTorch's fused scaled_dot_product_attention (is_causal)."""
    b, t, d = x.shape
    dk = d // h
    q = F.linear(x, w["w_q.weight"], w["w_q.bias"]).view(b, t, h, dk).transpose(1, 2)
    k = F.linear(x, w["w_k.weight"], w["w_k.bias"]).view(b, t, h, dk).transpose(1, 2)
    v = F.linear(x, w["w_v.weight"], w["w_v.bias"]).view(b, t, h, dk).transpose(1, 2)
    ctx = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return F.linear(ctx.transpose(1, 2).reshape(b, t, d), w["w_o.weight"], w["w_o.bias"])


def workloads():
    """The weights and inputs of the three workloads, drawn from one seed for numpy and PyTorch:
    (note 000's attention weights, X, causal mask), (note 001's weights, src, tgt), (the default's)."""
    rng = np.random.default_rng(0)
    w = weights(512, 2048, 10, 1, rng)
    attn = {k.split("self_attn.")[1]: v for k, v in w.items() if k.startswith("encoder.layers.0.self_attn.")}
    x = rng.uniform(-1, 1, (128, 64, 512)).astype(np.float32)
    mask = np.tril(np.ones((64, 64), np.float32))[None, None]
    w1 = weights(128, 512, 1000, 2, rng)
    src1 = rng.integers(1, 1000, (10, 20))
    tgt1 = rng.integers(1, 1000, (10, 25))
    w2 = weights(32, 64, 74, 2, rng)
    src2 = rng.integers(1, 74, (2, 6))
    tgt2 = rng.integers(1, 74, (2, 6))
    return (attn, x, mask), (w1, src1, tgt1), (w2, src2, tgt2)


def torch_calls():
    """PyTorch's four timed calls, by name (empty without PyTorch), and its version line."""
    (attn, x, mask), (w1, src1, tgt1), (w2, src2, tgt2) = workloads()
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        return {}, "PyTorch not installed (pip install torch)"
    torch.set_grad_enabled(False)
    tw = lambda ws: {k: torch.from_numpy(v) for k, v in ws.items()}
    ta, xt, mt = tw(attn), torch.from_numpy(x), torch.from_numpy(mask)
    t1, s1, g1 = tw(w1), torch.from_numpy(src1), torch.from_numpy(tgt1)
    t2, s2, g2 = tw(w2), torch.from_numpy(src2), torch.from_numpy(tgt2)
    calls = {
        "block_sdpa": lambda: torch_block_sdpa(torch, F, xt, ta, 8),
        "block_explicit": lambda: torch_block_explicit(torch, F, xt, ta, 8, mt),
        "note001": lambda: torch_forward(torch, F, s1, g1, t1, 4, 2),
        "default": lambda: torch_forward(torch, F, s2, g2, t2, 4, 2),
    }
    return calls, f"torch {torch.__version__}, {torch.get_num_threads()} threads"


class Engine:
    """`forward_time --serve`: the engine's three runs, built once, timed one run per request."""

    def __init__(self):
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        subprocess.run(["cargo", "build", "--quiet", "--release", "--example", "forward_time"], cwd=root, check=True)
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
        self.proc = subprocess.Popen(
            [os.path.join(target, "release", "examples", "forward_time"), "--serve"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        self.reply()  # "ready"

    def reply(self):
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"forward_time --serve stopped (exit status {self.proc.wait()})")
        return line.strip()

    def once(self, workload):
        self.proc.stdin.write(workload + "\n")
        self.proc.stdin.flush()
        return float(self.reply())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def timed(f):
    t = time.perf_counter()
    f()
    return (time.perf_counter() - t) * 1e3


# (row label, the engine's workload, PyTorch's call, rounds, runs per round). In each round the
# engine and then PyTorch run `1 + runs` times in a row and only the last `runs` are timed: the
# untimed first run lets the other side's idle threads stop spinning (PyTorch's OpenMP threads
# and the engine's helper both spin for a while after their work, and timing one right after
# the other charged it for the other's spinning core) and wakes its own. Rounds alternate, so
# both sides see the same minutes of this shared machine, whose speed drifts by 10-30%.
WORK = [
    ("note 000 block (128,64,512) h8, SDPA path", "note000_block", "block_sdpa", 15, 3),
    ("note 000 block, explicit ops", "note000_block", "block_explicit", 15, 3),
    ("note 001 forward (10x20 -> 10x25)", "note001_forward", "note001", 15, 5),
    ("default model forward (2x6 -> 2x6)", "default_forward", "default", 15, 20),
]


def round_median(run, runs):
    """One round of one side: a run untimed, then the median of `runs` timed ones."""
    run()
    return float(np.median([run() for _ in range(runs)]))


def main():
    engine = Engine()
    calls, torch_version = torch_calls()
    (attn, x, mask), (w1, src1, tgt1), (w2, src2, tgt2) = workloads()
    numpy_calls = {
        "note000_block": lambda: attention_block(x, attn, 8, mask),
        "note001_forward": lambda: forward(src1, tgt1, w1, 4, 2),
        "default_forward": lambda: forward(src2, tgt2, w2, 4, 2),
    }
    print(f"numpy {np.__version__}; {torch_version}; ms, the median over rounds of each round's median "
          "(numpy: the median of as many runs in a row); engine/PyTorch: the median of the rounds' ratios")
    print(f"{'work':<44} {'engine':>9} {'PyTorch':>9} {'numpy':>9} {'engine/PyTorch':>15} {'rounds':>7}")
    for label, workload, torch_name, rounds, runs in WORK:
        torch_call = calls.get(torch_name)
        eng, pt = [], []
        for r in range(rounds):
            # who goes first changes every round: the untimed run of a short workload may not
            # outlast the other side's spinning threads, and this shares that out evenly
            sides = [lambda: eng.append(round_median(lambda: engine.once(workload), runs))]
            if torch_call:
                sides.append(lambda: pt.append(round_median(lambda: timed(torch_call), runs)))
            for side in sides if r % 2 == 0 else sides[::-1]:
                side()
        npy = best(numpy_calls[workload], max(3, rounds)) * 1e3
        pts = f"{np.median(pt):9.3f}" if pt else f"{'-':>9}"
        ratio = f"{np.median(np.array(eng) / np.array(pt)):.2f}x" if pt else "-"
        print(f"{label:<44} {np.median(eng):9.3f} {pts} {npy:9.3f} {ratio:>15} {rounds:>7}", flush=True)
    engine.close()


if __name__ == "__main__":
    main()
