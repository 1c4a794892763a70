"""Side-by-side timings for the README: the same computations in numpy (and PyTorch, if
installed) on this machine, to compare with `cargo bench --bench forward`.

    python3 benches/side_by_side.py

numpy uses its bundled OpenBLAS with every core; PyTorch uses its default threads.
"""
import time
import numpy as np


def best(f, reps):
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


def main():
    rng = np.random.default_rng(0)
    w = weights(512, 2048, 10, 1, rng)
    attn = {k.split("self_attn.")[1]: v for k, v in w.items() if k.startswith("encoder.layers.0.self_attn.")}
    x = rng.uniform(-1, 1, (128, 64, 512)).astype(np.float32)
    mask = np.tril(np.ones((64, 64), np.float32))[None, None]
    print(f"numpy {np.__version__}")
    print(f"note 000 attention block (128, 64, 512), 8 heads: {best(lambda: attention_block(x, attn, 8, mask), 10) * 1e3:.1f} ms")
    w = weights(128, 512, 1000, 2, rng)
    src = rng.integers(1, 1000, (10, 20))
    tgt = rng.integers(1, 1000, (10, 25))
    print(f"note 001 forward (10x20 -> 10x25): {best(lambda: forward(src, tgt, w, 4, 2), 30) * 1e3:.2f} ms")
    w = weights(32, 64, 74, 2, rng)
    src = rng.integers(1, 74, (2, 6))
    tgt = rng.integers(1, 74, (2, 6))
    print(f"default model forward (2x6 -> 2x6): {best(lambda: forward(src, tgt, w, 4, 2), 300) * 1e6:.0f} us")
    try:
        import torch
    except ImportError:
        print("PyTorch not installed: pip install torch --index-url https://download.pytorch.org/whl/cpu")
        return
    torch.set_grad_enabled(False)
    model = torch.nn.Transformer  # only to check the import; the notes' model is built below
    from torch import nn

    class Note001(nn.Module):
        def __init__(self):
            super().__init__()
            self.src = nn.Embedding(1000, 128)
            self.tgt = nn.Embedding(1000, 128)
            self.t = nn.Transformer(128, 4, 2, 2, 512, dropout=0.0, batch_first=True)
            self.out = nn.Linear(128, 1000)

        def forward(self, s, t):
            causal = nn.Transformer.generate_square_subsequent_mask(t.shape[1])
            y = self.t(self.src(s), self.tgt(t), tgt_mask=causal,
                       src_key_padding_mask=s == 0, tgt_key_padding_mask=t == 0, memory_key_padding_mask=s == 0)
            return torch.softmax(self.out(y), -1)

    m = Note001().eval()
    s = torch.randint(1, 1000, (10, 20))
    t = torch.randint(1, 1000, (10, 25))
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads")
    print(f"note 001 forward, PyTorch nn.Transformer: {best(lambda: m(s, t), 30) * 1e3:.2f} ms")
    mha = nn.MultiheadAttention(512, 8, batch_first=True).eval()
    xt = torch.from_numpy(x)
    causal = nn.Transformer.generate_square_subsequent_mask(64)
    print(f"note 000 attention block, PyTorch: {best(lambda: mha(xt, xt, xt, attn_mask=causal, need_weights=False), 10) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
