#!/usr/bin/env python3
"""Build offline MarianMT model directories and transformers goldens.

Nothing here talks to the Hugging Face hub. The script trains, from scratch and
in a few minutes on a CPU, a tiny Chinese->English MarianMT model whose files
have exactly the layout the hub serves for Helsinki-NLP/opus-mt-zh-en, then
records what `transformers` computes with it, so the Rust loader and decoder
can be checked number for number.

Outputs of the default run (all committed):

  weights/marian-tiny/              config.json, generation_config.json,
                                    source.spm, target.spm, vocab.json,
                                    tokenizer_config.json, model.safetensors
  tests/fixtures/marian/bin-zip/    same files, weights as pytorch_model.bin
                                    (torch zip format, full state dict)
  tests/fixtures/marian/bin-legacy/ same files, weights as pytorch_model.bin
                                    (legacy pickle stream, minimal stripped keys)
  tests/fixtures/marian/goldens.json, goldens_logits.npz
  tests/fixtures/torch/             tiny torch files for the pickle reader

With `--full-size OUT_DIR` it instead writes a RANDOM model with exactly
opus-mt-zh-en's configuration (about 300 MB, not committed; for benchmarks).
It reuses the tokenizer files of weights/marian-tiny (run the default first).

Run from anywhere:

    pip install torch transformers sentencepiece safetensors
    python3 scripts/marian_fixtures.py
    python3 scripts/marian_fixtures.py --full-size /tmp/opus-mt-zh-en-random

The corpus is scripts/marian_pairs.tsv (zh<TAB>en, one pair a line).
Everything is seeded and single-threaded, so two runs give the same files.
"""

import argparse
import collections
import io
import json
import os
import pickle
import pickletools
import shutil
import struct
import sys
import tempfile

import numpy as np
import sentencepiece as spm
import torch
import transformers
from transformers import GenerationConfig, MarianConfig, MarianMTModel, MarianTokenizer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAIRS = os.path.join(ROOT, "scripts", "marian_pairs.tsv")
TINY_REL = "weights/marian-tiny"
TINY = os.path.join(ROOT, TINY_REL)
FIX = os.path.join(ROOT, "tests", "fixtures", "marian")
TORCH_FIX = os.path.join(ROOT, "tests", "fixtures", "torch")

SEED = 20240611
TOKENIZER_FILES = ["source.spm", "target.spm", "vocab.json", "tokenizer_config.json"]
CONFIG_FILES = ["config.json", "generation_config.json"]

# Sizes of the tiny model: deliberately awkward so that no code path can
# assume powers of two, four heads, or equal encoder/decoder depth.
TINY_DIMS = dict(
    d_model=36,
    encoder_layers=2,
    decoder_layers=3,
    encoder_attention_heads=3,  # head_dim 12
    decoder_attention_heads=3,
    encoder_ffn_dim=72,
    decoder_ffn_dim=72,
    max_position_embeddings=64,
)
TINY_MAX_LENGTH = 40
TRAIN_STEPS = 400
LR = 1e-2

# Sentences the model never saw; they exercise tokenizer corner cases and are
# where greedy and beam search tend to disagree.
UNSEEN = [
    "我有一只鳄鱼",  # 鳄 and 鱼 are not in the source spm -> <unk> (id 1)
    "我有１２３本书",  # full-width digits, NFKC -> 123
    "ＡＢＣ是我的朋友",  # full-width letters, NFKC -> ABC
    "你好\u3000谢谢",  # full-width (ideographic) space
    "我叫 Tom Smith",  # Latin text with spaces
    "  我喜欢猫  ",  # leading and trailing spaces
    "猫",  # one character
    "我叫Tom，我住在北京，我每天早上跑步，我喜欢喝茶，你喜欢咖啡吗？",  # longer
    "她有三只狗",
    "他们喜欢喝水吗？",
    "明天我们去北京",
    "我的猫在家",
    "你是医生吗？",
]

# The batched golden: three sentences of different lengths, padded together.
BATCH = ["猫", "我有一只猫", "我叫Tom，我住在北京，你喜欢猫吗？"]

TARGET_TOKENIZATION = [
    "I have a cat",
    "The weather is nice today.",
    "Do you like tea?",
    "Hello, Tom!",
    "  zebra   crossing  ",  # words outside the target vocab, extra spaces
]


def read_pairs():
    pairs = []
    with open(PAIRS, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line:
                zh, en = line.split("\t")
                pairs.append((zh, en))
    return pairs


def train_spm(sentences, vocab_size, coverage):
    """Train a unigram SentencePiece model in memory; return its bytes.

    Feeding sentences through an iterator (not a file) keeps temporary paths
    out of the stored trainer spec, so the .spm bytes are reproducible.
    """
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(sentences),
        model_writer=out,
        model_type="unigram",
        vocab_size=vocab_size,
        hard_vocab_limit=False,
        character_coverage=coverage,
        normalization_rule_name="nmt_nfkc",  # default; charsmap stored in the model
        num_threads=1,
        minloglevel=2,
    )
    return out.getvalue()


def build_vocab(src_sp, tgt_sp):
    """Marian's shared vocab.json: </s>=0, <unk>=1, pieces, <pad>=last."""
    vocab = {"</s>": 0, "<unk>": 1}
    for sp in (src_sp, tgt_sp):
        for i in range(sp.get_piece_size()):
            if sp.is_control(i) or sp.is_unknown(i):
                continue  # <s>, </s>, <unk> of the spm models
            piece = sp.id_to_piece(i)
            if piece not in vocab:
                vocab[piece] = len(vocab)
    vocab["<pad>"] = len(vocab)
    return vocab


def save_legacy(obj, path):
    """torch.save in the legacy (pre-1.6, non-zip) format, made reproducible.

    Layout: pickles of magic number, protocol, sys_info, the object, and the
    list of storage keys; then each storage as u64 count + raw bytes, in the
    key list's order. The writer names storages str(storage._cdata), a memory
    address, and orders them by that name, so bytes change from run to run.
    Here the keys become "0", "1", ... in order of first use in the object
    pickle (BINUNICODE strings: 'X', u32 length, text; pickles hold no byte
    offsets, so resizing them is safe) and the storages are re-ordered to
    match. The result is an ordinary legacy file that torch.load reads.
    """
    buf = io.BytesIO()
    torch.save(obj, buf, _use_new_zipfile_serialization=False)
    data = buf.getvalue()
    nbytes = {str(t.untyped_storage()._cdata): t.untyped_storage().nbytes() for t in obj.values()}
    f = io.BytesIO(data)
    for _ in range(3):  # magic number, protocol version, sys_info
        pickle.load(f)
    start = f.tell()
    order = []
    for op, arg, _pos in pickletools.genops(f):  # the object pickle
        if op.name == "BINUNICODE" and arg in nbytes and arg not in order:
            order.append(arg)
        if op.name == "STOP":
            break
    obj_end = f.tell()
    keys = pickle.load(f)
    assert sorted(keys) == sorted(order), (keys, order)
    blobs, pos = {}, f.tell()
    for k in keys:  # u64 element count, then the bytes
        size = 8 + nbytes[k]
        blobs[k] = data[pos : pos + size]
        pos += size
    assert pos == len(data)

    def enc(k):
        return b"X" + struct.pack("<I", len(k)) + k.encode()

    body = data[start:obj_end]
    for i, k in enumerate(order):
        body = body.replace(enc(k), enc(str(i)))
    new_keys = pickle.dumps([str(i) for i in range(len(order))], protocol=2)
    with open(path, "wb") as out:
        out.write(data[:start] + body + new_keys + b"".join(blobs[k] for k in order))
    back = torch.load(path, weights_only=True)
    assert list(back) == list(obj) and all(torch.equal(back[k], obj[k]) for k in obj), path


def make_tokenizer(src_spm, tgt_spm, vocab_json):
    return MarianTokenizer(src_spm, tgt_spm, vocab_json, source_lang="zh", target_lang="en")


def generation_config(pad, max_length):
    # Same fields as the hub's generation_config.json for opus-mt models
    # (renormalize_logits is present there too).
    return GenerationConfig(
        bad_words_ids=[[pad]],
        bos_token_id=0,
        decoder_start_token_id=pad,
        eos_token_id=0,
        forced_eos_token_id=0,
        max_length=max_length,
        num_beams=4,
        pad_token_id=pad,
        renormalize_logits=True,
    )


def marian_config(vocab_size, **dims):
    pad = vocab_size - 1
    return MarianConfig(
        vocab_size=vocab_size,
        decoder_vocab_size=vocab_size,
        activation_function="swish",
        scale_embedding=True,
        pad_token_id=pad,
        decoder_start_token_id=pad,
        eos_token_id=0,
        bos_token_id=0,
        forced_eos_token_id=0,
        share_encoder_decoder_embeddings=True,
        tie_word_embeddings=True,
        normalize_before=False,
        normalize_embedding=False,
        static_position_embeddings=True,
        add_bias_logits=False,
        add_final_layer_norm=False,
        dropout=0.1,
        attention_dropout=0.0,
        activation_dropout=0.0,
        architectures=["MarianMTModel"],
        **dims,
    )


# ---------------------------------------------------------------- training


def train_tiny(pairs):
    os.makedirs(TINY, exist_ok=True)
    work = tempfile.mkdtemp()
    zh = [p[0] for p in pairs]
    en = [p[1] for p in pairs]
    src_path = os.path.join(work, "source.spm")
    tgt_path = os.path.join(work, "target.spm")
    with open(src_path, "wb") as f:
        f.write(train_spm(zh, 200, 1.0))
    with open(tgt_path, "wb") as f:
        f.write(train_spm(en, 150, 1.0))
    src_sp = spm.SentencePieceProcessor(model_file=src_path)
    tgt_sp = spm.SentencePieceProcessor(model_file=tgt_path)
    vocab = build_vocab(src_sp, tgt_sp)
    vocab_path = os.path.join(work, "vocab.json")
    with open(vocab_path, "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False, indent=2)
    print(f"spm pieces: source {src_sp.get_piece_size()}, target {tgt_sp.get_piece_size()}; vocab.json {len(vocab)}")

    tok = make_tokenizer(src_path, tgt_path, vocab_path)
    ids = tok("今天天气很好").input_ids
    assert ids[-1] == 0 and 0 not in ids[:-1], ids  # ends with </s>, no BOS
    V = len(vocab)
    pad = V - 1
    assert tok.pad_token_id == pad and tok.eos_token_id == 0 and tok.unk_token_id == 1

    torch.manual_seed(SEED)
    config = marian_config(V, **TINY_DIMS)
    model = MarianMTModel(config)
    model.generation_config = generation_config(pad, TINY_MAX_LENGTH)
    # final_logits_bias is a buffer (never trained, zeros in real opus-mt).
    # Make it small but non-zero so a loader that forgets it fails the goldens.
    g = torch.Generator().manual_seed(SEED + 1)
    with torch.no_grad():
        model.final_logits_bias.copy_(0.05 * torch.randn(model.final_logits_bias.shape, generator=g))

    batch = tok(zh, text_target=en, padding=True, return_tensors="pt")
    labels = batch["labels"].masked_fill(batch["labels"] == pad, -100)
    longest = max(batch["input_ids"].shape[1], batch["labels"].shape[1])
    assert longest < config.max_position_embeddings
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.01)
    model.train()
    for step in range(1, TRAIN_STEPS + 1):
        # decoder_input_ids come from shift_tokens_right(labels) inside the model
        out = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"], labels=labels)
        opt.zero_grad()
        out.loss.backward()
        opt.step()
        if step % 50 == 0 or step == 1:
            print(f"step {step:4d}  loss {out.loss.item():.4f}")
    model.eval()

    model.save_pretrained(TINY, safe_serialization=True)
    tok.save_pretrained(TINY)
    shutil.rmtree(work)
    return model


# ---------------------------------------------------------------- other formats


def save_bin_variants(model):
    for sub in ("bin-zip", "bin-legacy"):
        d = os.path.join(FIX, sub)
        os.makedirs(d, exist_ok=True)
        for name in CONFIG_FILES + TOKENIZER_FILES:
            shutil.copyfile(os.path.join(TINY, name), os.path.join(d, name))

    # Full state dict, every key as transformers has it. In transformers 5.24
    # these are: model.shared.weight, model.encoder.embed_tokens.weight,
    # model.decoder.embed_tokens.weight, lm_head.weight (all four one tied
    # storage), model.encoder.embed_positions.weight,
    # model.decoder.embed_positions.weight (sinusoids), final_logits_bias,
    # and the per-layer weights (printed below).
    sd = model.state_dict()
    print("bin-zip keys (non-layer):", [k for k in sd if ".layers." not in k])
    torch.save(sd, os.path.join(FIX, "bin-zip", "pytorch_model.bin"))

    # Minimal legacy checkpoint: "model." stripped, one embedding
    # (shared.weight), no embed_tokens copies, no positions, no lm_head.
    minimal = collections.OrderedDict()
    for k, v in sd.items():
        if k in ("lm_head.weight", "model.encoder.embed_tokens.weight", "model.decoder.embed_tokens.weight"):
            continue
        if "embed_positions" in k:
            continue
        minimal[k[len("model."):] if k.startswith("model.") else k] = v.clone()
    save_legacy(minimal, os.path.join(FIX, "bin-legacy", "pytorch_model.bin"))
    return list(sd.keys()), list(minimal.keys())


def probe_input(tok):
    enc = tok(["我有一只猫", "你喜欢茶吗？"], padding=True, return_tensors="pt")
    dec = torch.tensor([[tok.pad_token_id, 5, 6, 7], [tok.pad_token_id, 8, 9, 10]])
    return enc, dec


def logits_of(model, tok):
    enc, dec = probe_input(tok)
    with torch.no_grad():
        return model(**enc, decoder_input_ids=dec).logits


def verify_reload(model, tok):
    """Every saved form must give the trained model's logits exactly."""
    ref = logits_of(model, tok)
    notes = {}
    for d in (TINY, os.path.join(FIX, "bin-zip"), os.path.join(FIX, "bin-legacy")):
        m = MarianMTModel.from_pretrained(d).eval()
        same = torch.equal(logits_of(m, tok), ref)
        name = os.path.relpath(d, ROOT)
        notes[name] = "from_pretrained: identical logits" if same else "from_pretrained: DIFFERENT logits"
        print(f"reload {name}: {notes[name]}")
        assert same, name
    # transformers 5.24's from_pretrained copes with the stripped legacy
    # checkpoint (it adds the "model." prefix, keeps final_logits_bias, ties
    # the embeddings, recomputes the sinusoids). Also load it by hand, as a
    # plain state dict with strict=False, to show what the file holds.
    sd = torch.load(os.path.join(FIX, "bin-legacy", "pytorch_model.bin"), weights_only=True)
    fixed = {("final_logits_bias" if k == "final_logits_bias" else "model." + k): v for k, v in sd.items()}
    m = MarianMTModel(model.config).eval()
    missing, unexpected = m.load_state_dict(fixed, strict=False)
    m.tie_weights()
    assert not unexpected, unexpected
    assert set(missing) <= {
        "lm_head.weight",
        "model.encoder.embed_tokens.weight",
        "model.decoder.embed_tokens.weight",
        "model.encoder.embed_positions.weight",
        "model.decoder.embed_positions.weight",
    }, missing
    assert torch.equal(logits_of(m, tok), ref), "manual legacy load"
    print("reload bin-legacy by hand (strict=False, re-prefixed): identical logits")
    return notes


# ---------------------------------------------------------------- goldens


def ids_list(t):
    return [int(x) for x in t]


def make_goldens(model, tok, pairs):
    gen = model.generation_config
    sentences = [p[0] for p in pairs] + UNSEEN
    entries = []
    arrays = {}
    differ = 0
    with torch.no_grad():
        for i, text in enumerate(sentences):
            enc = tok(text, return_tensors="pt")
            src = ids_list(enc.input_ids[0])
            g = model.generate(
                **enc, num_beams=1, do_sample=False, output_scores=True, return_dict_in_generate=True
            )
            greedy = ids_list(g.sequences[0])
            probs = []
            for t, scores in enumerate(g.scores):
                p = torch.softmax(scores[0].float(), dim=-1)
                probs.append(float(p[greedy[t + 1]]))
            beam = ids_list(model.generate(**enc)[0])  # generation config: num_beams=4
            beam3 = ids_list(model.generate(**enc, num_beams=3)[0])
            if beam != greedy:
                differ += 1
            dec_in = torch.tensor([greedy[:-1]])
            out = model(**enc, decoder_input_ids=dec_in)
            arrays[f"logits_{i}"] = out.logits[0].float().numpy()
            arrays[f"enc_out_{i}"] = out.encoder_last_hidden_state[0].float().numpy()
            entries.append(
                {
                    "index": i,
                    "src": text,
                    "seen_in_training": i < len(pairs),
                    "reference_en": pairs[i][1] if i < len(pairs) else None,
                    "src_ids": src,
                    "src_pieces": tok.convert_ids_to_tokens(src),
                    "greedy_ids": greedy,
                    "greedy_text": tok.decode(greedy, skip_special_tokens=True),
                    "greedy_step_probs": probs,
                    "beam_ids": beam,
                    "beam_text": tok.decode(beam, skip_special_tokens=True),
                    "beam3_ids": beam3,
                    "beam3_text": tok.decode(beam3, skip_special_tokens=True),
                    "tf_decoder_ids": greedy[:-1],
                    "tf_T": len(greedy) - 1,
                    "src_T": len(src),
                }
            )

        enc = tok(BATCH, padding=True, return_tensors="pt")
        bg = model.generate(**enc, num_beams=1, do_sample=False)
        bb = model.generate(**enc)
        batch = {
            "src": BATCH,
            "input_ids": enc.input_ids.tolist(),
            "attention_mask": enc.attention_mask.tolist(),
            "greedy_ids": bg.tolist(),
            "greedy_text": tok.batch_decode(bg, skip_special_tokens=True),
            "beam_ids": bb.tolist(),
            "beam_text": tok.batch_decode(bb, skip_special_tokens=True),
        }

    target_tok = []
    for text in TARGET_TOKENIZATION:
        ids = tok(text_target=text).input_ids
        target_tok.append({"text": text, "ids": ids, "pieces": tok.convert_ids_to_tokens(ids)})
    V = len(tok.encoder)
    pad = V - 1
    def tgt(text):  # target-side ids without the trailing </s>
        return tok(text_target=text).input_ids[:-1]

    decode_cases = [
        entries[0]["greedy_ids"],  # start token, pieces, </s>
        [pad] + tgt("I have") + [1] + [0],  # <unk> inside
        tgt("Hello") + [0, pad, pad],  # eos then padding
        [pad] + tgt("The cat is on the table.") + [0],
        [pad, tok.encoder["▁"]] + tgt("?") + [0],  # bare word-boundary piece
    ]
    decodings = [{"ids": ids, "text": tok.decode(ids, skip_special_tokens=True)} for ids in decode_cases]

    cfg = model.config
    golden = {
        "about": "Generated by scripts/marian_fixtures.py; do not edit by hand.",
        "versions": {
            "transformers": transformers.__version__,
            "torch": torch.__version__,
            "sentencepiece": spm.__version__,
            "python": sys.version.split()[0],
        },
        "model_dir": TINY_REL,
        "vocab_size": cfg.vocab_size,
        "d_model": cfg.d_model,
        "encoder_layers": cfg.encoder_layers,
        "decoder_layers": cfg.decoder_layers,
        "encoder_attention_heads": cfg.encoder_attention_heads,
        "decoder_attention_heads": cfg.decoder_attention_heads,
        "encoder_ffn_dim": cfg.encoder_ffn_dim,
        "decoder_ffn_dim": cfg.decoder_ffn_dim,
        "max_position_embeddings": cfg.max_position_embeddings,
        "pad_token_id": cfg.pad_token_id,
        "eos_token_id": cfg.eos_token_id,
        "unk_token_id": tok.unk_token_id,
        "decoder_start_token_id": cfg.decoder_start_token_id,
        "num_beams": gen.num_beams,
        "max_length": gen.max_length,
        "renormalize_logits": gen.renormalize_logits,
        "logits_file": "goldens_logits.npz",
        "logits_note": "logits_{index}: (tf_T, vocab_size) float32, decoder fed tf_decoder_ids; "
        "enc_out_{index}: (src_T, d_model) encoder last hidden state",
        "greedy_beam_disagreements": differ,
        "sentences": entries,
        "batch": batch,
        "target_tokenization": target_tok,
        "decodings": decodings,
    }
    with open(os.path.join(FIX, "goldens.json"), "w", encoding="utf-8") as f:
        json.dump(golden, f, ensure_ascii=False, indent=1)
        f.write("\n")
    np.savez(os.path.join(FIX, "goldens_logits.npz"), **arrays)

    seen_ok = sum(
        e["greedy_text"] == e["reference_en"] for e in entries if e["seen_in_training"]
    )
    print(f"greedy correct on training pairs: {seen_ok}/{len(pairs)}")
    print(f"greedy vs beam(4) disagree on {differ}/{len(entries)} sentences")
    for e in entries[len(pairs):]:
        print(f"  {e['src']!r}: greedy {e['greedy_text']!r} | beam {e['beam_text']!r}")
    return differ


# ---------------------------------------------------------------- torch files


def make_torch_fixtures():
    os.makedirs(TORCH_FIX, exist_ok=True)
    base = torch.arange(12, dtype=torch.float32).reshape(3, 4) * 0.5 - 1.0
    other = torch.linspace(-2.0, 2.0, 9, dtype=torch.float32)
    small = collections.OrderedDict(
        [
            ("matrix", base),  # 2-D contiguous
            ("matrix_t", base.T),  # non-contiguous view of the same storage, strides (1, 4)
            ("row", base[1]),  # 1-D view, same storage, offset 4
            ("every_other", other[1::2]),  # 1-D, stride 2, offset 1
        ]
    )
    torch.save(small, os.path.join(TORCH_FIX, "small_zip.bin"))
    save_legacy(small, os.path.join(TORCH_FIX, "small_legacy.bin"))

    half = collections.OrderedDict(
        [
            ("half", torch.tensor([[1.0, -2.5, 0.1], [65504.0, 6e-5, 0.0]], dtype=torch.float16)),
            ("bf16", torch.tensor([1.0, -3.140625, 1e30, 0.1], dtype=torch.bfloat16)),
        ]
    )
    torch.save(half, os.path.join(TORCH_FIX, "float16_zip.bin"))

    def describe(name, t):
        return {
            "name": name,
            "dtype": str(t.dtype).replace("torch.", ""),
            "shape": list(t.shape),
            "stride": list(t.stride()),
            "storage_offset": t.storage_offset(),
            "values": [float(x) for x in t.double().contiguous().reshape(-1)],
        }

    expected = {
        "about": "Generated by scripts/marian_fixtures.py. values are row-major, exact as float64.",
        "small_zip.bin": [describe(k, v) for k, v in small.items()],
        "small_legacy.bin": [describe(k, v) for k, v in small.items()],
        "shared_storage": [["matrix", "matrix_t", "row"]],
        "float16_zip.bin": [describe(k, v) for k, v in half.items()],
        "evil.bin": "zip-format torch file whose pickle calls GLOBAL 'os system' + REDUCE "
        "with ('echo pwned',). A reader must refuse it and never run it.",
    }
    with open(os.path.join(TORCH_FIX, "small_expected.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")

    # evil.bin: os.system really lives in module "posix", so pickling it
    # directly would write GLOBAL 'posix system'. Swap in a stand-in whose
    # home is "os" so the stream says GLOBAL 'os system'. Never loaded here.
    real_system = os.system

    def system(cmd):  # never called
        raise RuntimeError("not to be called")

    system.__module__ = "os"
    system.__qualname__ = "system"

    class Evil:
        def __reduce__(self):
            return (system, ("echo pwned",))

    os.system = system
    try:
        torch.save(collections.OrderedDict([("x", Evil())]), os.path.join(TORCH_FIX, "evil.bin"))
    finally:
        os.system = real_system
    with open(os.path.join(TORCH_FIX, "evil.bin"), "rb") as f:
        assert b"os\nsystem" in f.read()


# ---------------------------------------------------------------- full size


def full_size(out_dir):
    """Random model with opus-mt-zh-en's exact configuration."""
    for name in ("source.spm", "target.spm", "vocab.json"):
        if not os.path.exists(os.path.join(TINY, name)):
            sys.exit(f"{TINY}/{name} missing: run the default mode first")
    os.makedirs(out_dir, exist_ok=True)
    V = 65001
    with open(os.path.join(TINY, "vocab.json"), encoding="utf-8") as f:
        tiny_vocab = json.load(f)
    vocab = {k: v for k, v in tiny_vocab.items() if k != "<pad>"}
    n = len(vocab)
    while len(vocab) < V - 1:
        vocab[f"▁x{n}"] = len(vocab)
        n += 1
    vocab["<pad>"] = V - 1
    assert vocab["</s>"] == 0 and vocab["<unk>"] == 1 and len(vocab) == V
    work = tempfile.mkdtemp()
    vocab_path = os.path.join(work, "vocab.json")
    with open(vocab_path, "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False, indent=2)
    tok = make_tokenizer(os.path.join(TINY, "source.spm"), os.path.join(TINY, "target.spm"), vocab_path)

    torch.manual_seed(SEED)
    config = marian_config(
        V,
        d_model=512,
        encoder_layers=6,
        decoder_layers=6,
        encoder_attention_heads=8,
        decoder_attention_heads=8,
        encoder_ffn_dim=2048,
        decoder_ffn_dim=2048,
        max_position_embeddings=512,
    )
    model = MarianMTModel(config).eval()
    model.generation_config = generation_config(V - 1, 512)
    model.save_pretrained(out_dir, safe_serialization=True)
    tok.save_pretrained(out_dir)
    shutil.rmtree(work)
    print(f"wrote random opus-mt-zh-en-sized model to {out_dir}")
    for name in sorted(os.listdir(out_dir)):
        print(f"  {name}: {os.path.getsize(os.path.join(out_dir, name))} bytes")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full-size", metavar="OUT_DIR", help="write a random full-size opus-mt-zh-en model")
    args = ap.parse_args()
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    if args.full_size:
        full_size(args.full_size)
        return
    pairs = read_pairs()
    model = train_tiny(pairs)
    tok = MarianTokenizer.from_pretrained(TINY)
    model = MarianMTModel.from_pretrained(TINY).eval()  # goldens come from the shipped files
    keys_full, keys_min = save_bin_variants(model)
    print("bin-legacy keys (non-layer):", [k for k in keys_min if ".layers." not in k])
    verify_reload(model, tok)
    make_goldens(model, tok, pairs)
    make_torch_fixtures()
    for d in (TINY, os.path.join(FIX, "bin-zip"), os.path.join(FIX, "bin-legacy"), FIX, TORCH_FIX):
        for name in sorted(os.listdir(d)):
            p = os.path.join(d, name)
            if os.path.isfile(p):
                print(f"  {os.path.relpath(p, ROOT)}: {os.path.getsize(p)} bytes")


if __name__ == "__main__":
    main()
