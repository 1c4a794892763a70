#!/usr/bin/env python3
"""Independent float64 numpy reference for a `transformer-tutor export` file.

Usage: python3 tests/numpy_reference.py TRACE.npz

The export holds every named tensor the engine computed (float32, under its op name), the
weights under their PyTorch names, the `config.*` scalars and the `src_ids` / `tgt_ids`.
This script recomputes every named tensor from the weights and ids alone, in float64, following
the written spec of the post-LayerNorm encoder-decoder (not the engine's source), and compares:

    max rel diff = max |engine - ref| / (1 + |ref|)

It prints one line per tensor and exits 1 if any tensor exceeds TOLERANCE, if any expected
tensor is missing, or if a shape differs; otherwise it exits 0.

The reference values are chained (each op is fed the reference's own inputs), so a pass means
the engine agrees with an independent forward pass end to end. For a failing tensor the line
also shows a "local" diff: the same op recomputed from the engine's own inputs. A large local
diff means that op itself is wrong; a small one means the error came from upstream.
"""

import sys

import numpy as np

TOLERANCE = 1e-5
LN_EPS = 1e-5
MASK_FILL = -1e9


class Reference:
    """Runs the spec once. `mode` is "chain" (inputs come from the reference itself) or
    "local" (inputs of each op come from the engine's tensors, where the engine has them)."""

    def __init__(self, z, mode):
        self.z = z
        self.mode = mode
        self.values = {}  # name -> float64 reference value, in program order

    # -- plumbing ---------------------------------------------------------------------------

    def weight(self, name):
        if name not in self.z:
            raise KeyError(f"weight {name!r} is missing from the export")
        return np.asarray(self.z[name], dtype=np.float64)

    def put(self, name, value):
        self.values[name] = value
        return value

    def inp(self, name):
        """The input named `name` to the next op."""
        if self.mode == "local" and name in self.z:
            engine = np.asarray(self.z[name], dtype=np.float64)
            if engine.shape == self.values[name].shape:
                return engine
        return self.values[name]

    # -- kernels ----------------------------------------------------------------------------

    @staticmethod
    def linear(x, w, b):
        return x @ w.T + b

    @staticmethod
    def softmax(x):
        shifted = x - np.max(x, axis=-1, keepdims=True)
        e = np.exp(shifted)
        return e / np.sum(e, axis=-1, keepdims=True)

    @staticmethod
    def positional_encoding(t, d):
        pe = np.zeros((t, d), dtype=np.float64)
        pos = np.arange(t, dtype=np.float64)[:, None]
        two_i = np.arange(0, d, 2, dtype=np.float64)[None, :]
        angle = pos / np.power(10000.0, two_i / d)
        pe[:, 0::2] = np.sin(angle)
        pe[:, 1::2] = np.cos(angle[:, : d // 2])
        return pe

    # -- blocks -----------------------------------------------------------------------------

    def embed(self, side, table_name, ids, max_len):
        table = self.weight(table_name)
        b, t = ids.shape
        d = table.shape[1]
        if t > max_len:
            raise ValueError(f"{side}: sequence length {t} exceeds config.max_len {max_len}")
        self.put(f"{side}.embed", table[ids])
        self.put(f"{side}.pe", self.positional_encoding(t, d))
        self.put(f"{side}.x", self.inp(f"{side}.embed") + self.inp(f"{side}.pe")[None, :, :])

    def attention(self, prefix, wprefix, xq, xkv, mask, n_heads):
        def split(x):
            b, t, d = x.shape
            return x.reshape(b, t, n_heads, d // n_heads).transpose(0, 2, 1, 3)

        for part, src in (("q", xq), ("k", xkv), ("v", xkv)):
            w = self.weight(f"{wprefix}.w_{part}.weight")
            bias = self.weight(f"{wprefix}.w_{part}.bias")
            self.put(f"{prefix}.{part}_proj", self.linear(self.inp(src), w, bias))
            self.put(f"{prefix}.{part}", split(self.inp(f"{prefix}.{part}_proj")))

        q, k = self.inp(f"{prefix}.q"), self.inp(f"{prefix}.k")
        d_k = q.shape[-1]
        self.put(f"{prefix}.qk", q @ k.transpose(0, 1, 3, 2))
        self.put(f"{prefix}.scores", self.inp(f"{prefix}.qk") / np.sqrt(d_k))
        scores = self.inp(f"{prefix}.scores")
        m = self.inp(mask)
        self.put(f"{prefix}.masked", np.where(m == 0, MASK_FILL, scores))
        self.put(f"{prefix}.weights", self.softmax(self.inp(f"{prefix}.masked")))
        self.put(f"{prefix}.context", self.inp(f"{prefix}.weights") @ self.inp(f"{prefix}.v"))
        ctx = self.inp(f"{prefix}.context")
        b, h, t, dk = ctx.shape
        self.put(f"{prefix}.merged", ctx.transpose(0, 2, 1, 3).reshape(b, t, h * dk))
        w_o = self.weight(f"{wprefix}.w_o.weight")
        b_o = self.weight(f"{wprefix}.w_o.bias")
        self.put(f"{prefix}.out", self.linear(self.inp(f"{prefix}.merged"), w_o, b_o))
        return f"{prefix}.out"

    def add_norm(self, prefix, wprefix, x, sub):
        self.put(f"{prefix}.sum", self.inp(x) + self.inp(sub))
        s = self.inp(f"{prefix}.sum")
        mean = s.mean(axis=-1, keepdims=True)
        var = ((s - mean) ** 2).mean(axis=-1, keepdims=True)
        self.put(f"{prefix}.hat", (s - mean) / np.sqrt(var + LN_EPS))
        gamma = self.weight(f"{wprefix}.weight")
        beta = self.weight(f"{wprefix}.bias")
        self.put(f"{prefix}.out", gamma * self.inp(f"{prefix}.hat") + beta)
        return f"{prefix}.out"

    def ffn(self, prefix, wprefix, x):
        w1, b1 = self.weight(f"{wprefix}.linear1.weight"), self.weight(f"{wprefix}.linear1.bias")
        w2, b2 = self.weight(f"{wprefix}.linear2.weight"), self.weight(f"{wprefix}.linear2.bias")
        self.put(f"{prefix}.pre", self.linear(self.inp(x), w1, b1))
        self.put(f"{prefix}.hidden", np.maximum(self.inp(f"{prefix}.pre"), 0.0))
        self.put(f"{prefix}.out", self.linear(self.inp(f"{prefix}.hidden"), w2, b2))
        return f"{prefix}.out"

    # -- the whole model --------------------------------------------------------------------

    def run(self):
        z = self.z
        n_heads = int(z["config.n_heads"])
        pad = int(z["config.pad_idx"])
        max_len = int(z["config.max_len"])
        src_ids = np.asarray(z["src_ids"], dtype=np.int64)
        tgt_ids = np.asarray(z["tgt_ids"], dtype=np.int64)
        n_enc = count_layers(z, "encoder")
        n_dec = count_layers(z, "decoder")
        if n_enc == 0 or n_dec == 0:
            raise ValueError(f"found {n_enc} encoder and {n_dec} decoder layers in the weights")

        # Source side.
        self.embed("src", "src_embed.weight", src_ids, max_len)
        self.put("src.mask", (src_ids != pad).astype(np.float64)[:, None, None, :])
        x = "src.x"
        for i in range(n_enc):
            p, w = f"enc.{i}", f"encoder.layers.{i}"
            attn = self.attention(f"{p}.self_attn", f"{w}.self_attn", x, x, "src.mask", n_heads)
            x1 = self.add_norm(f"{p}.norm1", f"{w}.norm1", x, attn)
            f = self.ffn(f"{p}.ffn", f"{w}.ffn", x1)
            x = self.add_norm(f"{p}.norm2", f"{w}.norm2", x1, f)
        self.put("enc.out", self.inp(x))

        # Target side.
        self.embed("tgt", "tgt_embed.weight", tgt_ids, max_len)
        t = tgt_ids.shape[1]
        self.put("tgt.pad_mask", (tgt_ids != pad).astype(np.float64)[:, None, None, :])
        self.put("tgt.causal", np.tril(np.ones((t, t), dtype=np.float64))[None, None, :, :])
        pad_mask, causal = self.inp("tgt.pad_mask"), self.inp("tgt.causal")
        self.put("tgt.mask", ((pad_mask != 0) & (causal != 0)).astype(np.float64))
        y = "tgt.x"
        for i in range(n_dec):
            p, w = f"dec.{i}", f"decoder.layers.{i}"
            attn = self.attention(f"{p}.self_attn", f"{w}.self_attn", y, y, "tgt.mask", n_heads)
            y1 = self.add_norm(f"{p}.norm1", f"{w}.norm1", y, attn)
            cross = self.attention(f"{p}.cross_attn", f"{w}.cross_attn", y1, "enc.out", "src.mask", n_heads)
            y2 = self.add_norm(f"{p}.norm2", f"{w}.norm2", y1, cross)
            f = self.ffn(f"{p}.ffn", f"{w}.ffn", y2)
            y = self.add_norm(f"{p}.norm3", f"{w}.norm3", y2, f)

        w_out, b_out = self.weight("fc_out.weight"), self.weight("fc_out.bias")
        self.put("logits", self.linear(self.inp(y), w_out, b_out))
        self.put("probs", self.softmax(self.inp("logits")))
        return self.values


def count_layers(z, stack):
    n = 0
    while f"{stack}.layers.{n}.norm1.weight" in z:
        n += 1
    return n


def rel_diff(engine, ref):
    """max |engine - ref| / (1 + |ref|), and the index where it is reached."""
    engine = np.asarray(engine, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        d = np.abs(engine - ref) / (1.0 + np.abs(ref))
    d = np.where(engine == ref, 0.0, d)  # equal infinities count as equal
    d = np.where(np.isnan(d), np.inf, d)  # a NaN on either side is a failure
    if d.size == 0:
        return 0.0, ()
    idx = np.unravel_index(int(np.argmax(d)), d.shape)
    return float(d[idx]), tuple(int(i) for i in idx)


def is_named_tensor(key):
    """Keys of the export that are op outputs (not weights, config scalars or ids)."""
    if key in ("src_ids", "tgt_ids") or key.startswith("config."):
        return False
    weight_prefixes = ("src_embed.", "tgt_embed.", "encoder.", "decoder.", "fc_out.")
    return not key.startswith(weight_prefixes)


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} TRACE.npz", file=sys.stderr)
        return 2
    path = argv[1]
    try:
        with np.load(path) as npz:
            z = {k: npz[k] for k in npz.files}
    except (OSError, ValueError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        return 1

    required = ["config.n_heads", "config.pad_idx", "config.max_len", "src_ids", "tgt_ids"]
    missing_inputs = [k for k in required if k not in z]
    if missing_inputs:
        print(f"MISSING inputs in the export: {', '.join(missing_inputs)}")
        return 1

    try:
        ref = Reference(z, "chain").run()
        local = Reference(z, "local").run()
    except (KeyError, ValueError) as e:
        print(f"cannot build the reference: {e}")
        return 1

    failures = 0
    worst = 0.0
    checked = 0
    width = max(len(name) for name in ref)
    for name, value in ref.items():
        shape = tuple(value.shape)
        if name not in z:
            print(f"{name:<{width}}  {str(shape):<18}  MISSING from the export")
            failures += 1
            continue
        engine = z[name]
        if tuple(engine.shape) != shape:
            print(f"{name:<{width}}  {str(tuple(engine.shape)):<18}  SHAPE differs: expected {shape}")
            failures += 1
            continue
        diff, idx = rel_diff(engine, value)
        checked += 1
        worst = max(worst, diff)
        if diff <= TOLERANCE:
            print(f"{name:<{width}}  {str(shape):<18}  {diff:.3e}")
        else:
            failures += 1
            local_diff, _ = rel_diff(engine, local[name])
            e_val = float(np.asarray(engine, dtype=np.float64)[idx])
            r_val = float(value[idx])
            print(
                f"{name:<{width}}  {str(shape):<18}  {diff:.3e}  FAIL at {list(idx)}: "
                f"engine {e_val:.8g} vs ref {r_val:.8g} (local diff {local_diff:.3e}: "
                f"{'this op' if local_diff > TOLERANCE else 'upstream'})"
            )

    unchecked = [k for k in z if is_named_tensor(k) and k not in ref]
    for name in unchecked:
        print(f"{name:<{width}}  {str(tuple(z[name].shape)):<18}  not in the spec, not checked")

    if failures:
        print(
            f"numpy reference: {failures} of {len(ref)} tensors FAIL "
            f"(tolerance {TOLERANCE:g}, max rel diff among compared {worst:.3e})"
        )
        return 1
    print(f"numpy reference: {checked} tensors match (max rel diff {worst:.3e})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
