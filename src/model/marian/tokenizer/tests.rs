//! The tokenizer's own rules, and what it refuses; tests/marian_tokenizer.rs compares its ids
//! with transformers'.

use super::*;

fn tiny() -> MarianTokenizer {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("weights/marian-tiny");
    MarianTokenizer::load(&dir).expect("weights/marian-tiny loads")
}

#[test]
fn special_tokens_typed_in_a_sentence_are_kept_whole() {
    let specials = ["</s>".to_string(), "<unk>".to_string()];
    assert_eq!(split_specials("a</s>b", &specials), [("a", false), ("</s>", true), ("b", false)]);
    assert_eq!(split_specials("<</s></s>", &specials), [("<", false), ("</s>", true), ("</s>", true)]);
    assert_eq!(split_specials("", &specials), []);
    assert_eq!(split_specials("猫", &specials), [("猫", false)]);
}

#[test]
fn a_leading_language_code_is_cut_off() {
    assert_eq!(split_language_code(">>fra<< 你好"), (Some(">>fra<<"), " 你好"));
    assert_eq!(split_language_code(">><<"), (Some(">><<"), ""));
    assert_eq!(split_language_code(">>x"), (None, ">>x"));
    assert_eq!(split_language_code("a>>b<<"), (None, "a>>b<<"));
}

#[test]
fn decoding_strips_what_python_strips() {
    assert!(is_python_space('\u{1f}') && is_python_space('\u{3000}') && !is_python_space('\u{200b}'));
    assert_eq!(clean_up_tokenization("I do n't know , he said ."), "I don't know, he said.");
}

#[test]
fn every_sentence_ends_with_eos_and_unknown_pieces_are_noted() {
    let t = tiny();
    assert_eq!(t.encode_source("").ids, [t.eos_id()]);
    let p = t.encode_source("猫𠀀");
    assert_eq!(p.ids.last(), Some(&t.eos_id()));
    assert_eq!(p.ids.len(), p.pieces.len());
    assert_eq!(p.unknown.len(), p.unknown_text.len());
    assert!(p.unknown.iter().all(|&i| p.ids[i] == t.unk_id()));
    assert!(p.unknown_text.iter().any(|s| s.contains('𠀀')), "{p:?}");
    // a typed <unk> is not an unknown piece
    assert!(t.encode_source("<unk>").unknown.is_empty());
}

#[test]
fn ids_and_pieces_agree() {
    let t = tiny();
    assert_eq!(t.pieces().len(), t.vocab_len());
    for (id, piece) in t.pieces().iter().enumerate() {
        assert_eq!(t.id(piece), Some(id));
        assert_eq!(t.piece(id), piece);
    }
    assert_eq!(t.piece(t.vocab_len() + 5), "<unk>");
    assert!(t.is_special(t.pad_id()) && t.is_special(t.eos_id()) && t.is_special(t.unk_id()));
    assert_eq!(t.decode(&[t.pad_id(), t.eos_id(), usize::MAX]), "");
}

/// A copy of weights/marian-tiny's tokenizer files in a fresh folder (removed when dropped), `change`d.
fn folder(name: &str, change: impl FnOnce(&Path)) -> crate::temp_folder::TempFolder {
    let dir = crate::temp_folder::TempFolder::made(&format!("marian-tokenizer-{name}"));
    let tiny = Path::new(env!("CARGO_MANIFEST_DIR")).join("weights/marian-tiny");
    for file in ["source.spm", "target.spm", "vocab.json", "tokenizer_config.json"] {
        std::fs::copy(tiny.join(file), dir.join(file)).unwrap();
    }
    change(&dir);
    dir
}

fn refusal(name: &str, change: impl FnOnce(&Path)) -> TokenizerError {
    let dir = folder(name, change);
    let e = MarianTokenizer::load(&dir).expect_err("refused");
    drop(dir);
    e
}

#[test]
fn a_folder_without_a_file_names_it() {
    let e = refusal("missing", |d| std::fs::remove_file(d.join("target.spm")).unwrap());
    assert!(matches!(e, TokenizerError::Missing { file: MarianFile::TargetSpm, .. }), "{e:?}");
    let e = refusal("dir", |d| {
        std::fs::remove_file(d.join("vocab.json")).unwrap();
        std::fs::create_dir(d.join("vocab.json")).unwrap();
    });
    assert!(matches!(e, TokenizerError::Unread { file: MarianFile::VocabJson, .. }), "{e:?}");
}

#[test]
fn damaged_files_are_refused_not_a_panic() {
    let e = refusal("spm", |d| std::fs::write(d.join("source.spm"), b"\xff\xff\xff").unwrap());
    assert!(matches!(e, TokenizerError::SpmNotParsed { file: MarianFile::SourceSpm, .. }), "{e:?}");
    let e = refusal("eos", |d| std::fs::write(d.join("vocab.json"), r#"{"<unk>": 0, "<pad>": 1}"#).unwrap());
    assert!(matches!(e, TokenizerError::VocabMissingSpecial { ref token } if token == "</s>"), "{e:?}");
    let e = refusal("config", |d| {
        std::fs::write(d.join("tokenizer_config.json"), r#"{"added_tokens_decoder": {"0": {"content": "<pad>"}}}"#)
            .unwrap()
    });
    assert!(matches!(e, TokenizerError::ConfigAddedToken { .. }), "{e:?}");
    // every prefix of a real .spm either loads or is refused
    let spm = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("weights/marian-tiny/source.spm")).unwrap();
    for cut in (0..spm.len()).step_by(997) {
        if let Ok(model) = SentencePieceModel::from_slice(&spm[..cut])
            && let Ok(s) = Spm::new(&model)
        {
            let _ = s.encode("猫 ａ１ 。");
        }
    }
}

#[test]
fn a_folder_without_tokenizer_config_uses_marians_defaults() {
    let dir = folder("noconfig", |d| std::fs::remove_file(d.join("tokenizer_config.json")).unwrap());
    let t = MarianTokenizer::load(&dir).unwrap();
    drop(dir);
    assert_eq!(t.encode_source("我有一只猫"), tiny().encode_source("我有一只猫"));
}
