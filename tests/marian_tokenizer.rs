//! The Marian tokenizer gives exactly the ids and text transformers' `MarianTokenizer` gives,
//! checked against what transformers 5.24 (sentencepiece 0.2.3) recorded for weights/marian-tiny:
//! tests/fixtures/marian/goldens.json (the translation goldens' sentences, target sentences and
//! decodings; scripts/marian_fixtures.py) and tests/fixtures/marian_tokenizer_golden.json (awkward
//! text: full-width and NFKC forms, spaces, unknown characters, special tokens and language codes
//! typed in; scripts/marian_tokenizer_golden.py).
//!
//! With MARIAN_TOKENIZER_DIR (a model folder, such as a downloaded Helsinki-NLP/opus-mt-zh-en) and
//! MARIAN_TOKENIZER_GOLDEN (the script's output for it) set, that folder is checked too.

use std::path::{Path, PathBuf};

use serde_json::Value;
use transformer_tutor::model::marian::tokenizer::MarianTokenizer;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn ids(v: &Value) -> Vec<usize> {
    v.as_array().expect("ids").iter().map(|id| id.as_u64().expect("id") as usize).collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().expect("strings").iter().map(|s| s.as_str().expect("string").to_string()).collect()
}

fn text(v: &Value) -> &str {
    v.as_str().expect("text")
}

/// Every difference from transformers, one line each.
#[derive(Default)]
struct Differences(Vec<String>, usize);

impl Differences {
    fn check<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, input: &str, ours: T, theirs: T) {
        self.1 += 1;
        if ours != theirs {
            self.0.push(format!("{what} of {input:?}: ours {ours:?}, transformers {theirs:?}"));
        }
    }

    fn assert_none(self, compared: usize) {
        assert!(self.1 >= compared, "only {} comparisons", self.1);
        assert!(self.0.is_empty(), "{} of {} differ:\n{}", self.0.len(), self.1, self.0.join("\n"));
    }
}

fn tiny() -> MarianTokenizer {
    MarianTokenizer::load(&root().join("weights/marian-tiny")).expect("weights/marian-tiny's tokenizer loads")
}

#[test]
fn the_translation_goldens_sentences_are_cut_as_transformers_cuts_them() {
    let (t, g) = (tiny(), json(&root().join("tests/fixtures/marian/goldens.json")));
    let mut d = Differences::default();
    for s in g["sentences"].as_array().expect("sentences") {
        let p = t.encode_source(text(&s["src"]));
        d.check("source ids", text(&s["src"]), p.ids, ids(&s["src_ids"]));
        d.check("source pieces", text(&s["src"]), p.pieces, strings(&s["src_pieces"]));
    }
    for s in g["target_tokenization"].as_array().expect("target_tokenization") {
        let p = t.encode_target(text(&s["text"]));
        d.check("target ids", text(&s["text"]), p.ids, ids(&s["ids"]));
        d.check("target pieces", text(&s["text"]), p.pieces, strings(&s["pieces"]));
    }
    for s in g["decodings"].as_array().expect("decodings") {
        let ids = ids(&s["ids"]);
        d.check("decoding", &format!("{ids:?}"), t.decode(&ids).as_str(), text(&s["text"]));
    }
    // the padded batch: each row is its sentence's ids, then <pad>
    let batch = &g["batch"];
    for (src, row) in strings(&batch["src"]).iter().zip(batch["input_ids"].as_array().expect("input_ids")) {
        let mut ours = t.encode_source(src).ids;
        let row = ids(row);
        ours.resize(row.len(), t.pad_id());
        d.check("batch row", src, ours, row);
    }
    d.assert_none(140);
}

/// Compares everything `golden` (scripts/marian_tokenizer_golden.py's output) recorded.
fn compare(t: &MarianTokenizer, golden: &Value) -> Differences {
    let mut d = Differences::default();
    for e in golden["encodings"].as_array().expect("encodings") {
        let s = text(&e["text"]);
        let (src, tgt) = (t.encode_source(s), t.encode_target(s));
        d.check("source ids", s, &src.ids, &ids(&e["src_ids"]));
        d.check("source pieces", s, &src.pieces, &strings(&e["src_pieces"]));
        d.check("target ids", s, &tgt.ids, &ids(&e["tgt_ids"]));
        d.check("target pieces", s, &tgt.pieces, &strings(&e["tgt_pieces"]));
        for p in [&src, &tgt] {
            d.check("unknowns", s, p.unknown.iter().map(|&i| p.ids[i]).collect(), vec![t.unk_id(); p.unknown.len()]);
        }
    }
    for e in golden["decodings"].as_array().expect("decodings") {
        let ids = ids(&e["ids"]);
        let input = format!("{ids:?}");
        d.check("decoding", &input, t.decode(&ids).as_str(), text(&e["text"]));
        d.check("decoding with specials", &input, t.decode_keeping_specials(&ids).as_str(), text(&e["with_specials"]));
    }
    d
}

#[test]
fn awkward_text_is_cut_and_joined_as_transformers_does() {
    let golden = json(&root().join("tests/fixtures/marian_tokenizer_golden.json"));
    compare(&tiny(), &golden).assert_none(700);
}

#[test]
fn a_model_folder_named_in_the_environment_matches_its_golden() {
    let (Some(dir), Some(golden)) =
        (std::env::var_os("MARIAN_TOKENIZER_DIR"), std::env::var_os("MARIAN_TOKENIZER_GOLDEN"))
    else {
        return;
    };
    let t = MarianTokenizer::load(Path::new(&dir)).unwrap_or_else(|e| panic!("{e:?}"));
    compare(&t, &json(Path::new(&golden))).assert_none(1);
}

#[test]
fn unknown_characters_are_reported_with_their_text() {
    let t = tiny();
    let p = t.encode_source("我有一只鳄鱼龘龘");
    assert!(!p.unknown.is_empty());
    assert!(p.unknown.iter().all(|&i| p.ids[i] == t.unk_id() && p.pieces[i] == "<unk>"));
    assert!(p.unknown_text.iter().any(|s| s.contains("龘龘")), "{:?}", p.unknown_text);
}
