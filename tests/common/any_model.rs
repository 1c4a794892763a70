//! Prose that states the tutor model's sizes where a loaded model's differ. The literal text of
//! a beat (its prose, hint and explanation, both languages; not the `{if-tutor-model}` part a
//! loaded translator never shows) is read for the tutor's sizes written out: d_model, d_ff,
//! 3·d_model and the vocabularies' sizes as bare numbers; a count next to a size word (`4 heads`,
//! `four heads`, `8 features`, 四个头, `16 positions`); and `√8`, `d_k = 8`. Each is a miss when
//! the loaded model's size differs: that number must come from a fact (`{config d_k}`, …).
//!
//! Used by `tests/any_model.rs` and `examples/any_model_check.rs`.

#![allow(dead_code)]

use transformer_tutor::lang::Lang;
use transformer_tutor::lesson::Lesson;
use transformer_tutor::lesson::facts::{Condition, Piece};
use transformer_tutor::lesson::number_words::spelled;
use transformer_tutor::model::Config;

/// The sizes a written number may state, by name: (name, the tutor's, the loaded model's).
struct Sizes(Vec<(&'static str, usize, usize)>);

impl Sizes {
    fn of(tutor: &Config, loaded: &Config) -> Sizes {
        let pairs = |f: fn(&Config) -> usize| (f(tutor), f(loaded));
        let mut v = Vec::new();
        for (name, f) in [
            ("d_model", (|c: &Config| c.d_model) as fn(&Config) -> usize),
            ("n_heads", |c| c.n_heads),
            ("d_k", |c| c.d_k()),
            ("d_ff", |c| c.d_ff),
            ("n_layers", |c| c.n_layers),
            ("dec_layers", |c| c.dec_layers),
            ("max_len", |c| c.max_len),
            ("3·d_model", |c| 3 * c.d_model),
            ("src_vocab", |c| c.src_vocab),
            ("tgt_vocab", |c| c.tgt_vocab),
        ] {
            let (t, l) = pairs(f);
            v.push((name, t, l));
        }
        Sizes(v)
    }

    /// The names among `names` whose tutor size is `n` and whose loaded size is not, unless one
    /// of them is `n` on the loaded model too (then the number may be true there).
    fn wrong(&self, n: usize, names: &[&str]) -> Vec<&'static str> {
        let of = |name: &&str| self.0.iter().find(|(k, _, _)| k == name).copied();
        if names.iter().filter_map(of).any(|(_, _, l)| l == n) {
            return vec![];
        }
        names.iter().filter_map(of).filter(|(_, t, l)| *t == n && *l != n).map(|(k, _, _)| k).collect()
    }
}

/// Numbers written bare that only a size can be: the tutor's d_model, d_ff, 3·d_model, vocabularies.
const BARE: [&str; 5] = ["d_model", "d_ff", "3·d_model", "src_vocab", "tgt_vocab"];

/// Words after a count that make it a size, with the sizes it may be.
const SIZE_WORDS: [(&str, &[&str]); 22] = [
    ("features", &["d_model", "d_k", "d_ff"]),
    ("feature", &["d_model", "d_k", "d_ff"]),
    ("dimensions", &["d_model", "d_k", "d_ff"]),
    ("dimensional", &["d_model", "d_k", "d_ff"]),
    ("numbers each", &["d_model"]),
    ("merged features", &["d_model"]),
    ("inputs", &["d_model"]),
    ("个特征", &["d_model", "d_k", "d_ff"]),
    ("特征", &["d_model", "d_k", "d_ff"]),
    ("维", &["d_model", "d_k", "d_ff"]),
    ("heads", &["n_heads"]),
    ("separate", &["n_heads"]),
    ("个头", &["n_heads"]),
    ("个注意力头", &["n_heads"]),
    ("encoder layers", &["n_layers"]),
    ("decoder layers", &["dec_layers"]),
    ("layers", &["n_layers", "dec_layers"]),
    ("层", &["n_layers", "dec_layers"]),
    ("positions", &["max_len"]),
    ("个位置", &["max_len"]),
    ("个可训练", &["d_model"]),
    ("trainable numbers", &["d_model"]),
];

/// Written before a number: `√8`, `d_k = 8`.
const SIZE_NAMES: [(&str, &[&str]); 8] = [
    ("√", &["d_model", "d_k"]),
    ("d_k = ", &["d_k"]),
    ("d_k=", &["d_k"]),
    ("d_model = ", &["d_model"]),
    ("d_ff = ", &["d_ff"]),
    ("n_heads = ", &["n_heads"]),
    ("max_len = ", &["max_len"]),
    ("h = ", &["n_heads"]),
];

/// A number written in `text`: its value and byte range; digits, an English number word, or
/// Chinese numerals.
fn numbers(text: &str) -> Vec<(usize, usize, usize)> {
    let zh = |c: char| "零一二两三四五六七八九十".find(c).map(|_| ());
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let before = if i == 0 { None } else { Some(chars[i - 1].1) };
        if c.is_ascii_digit() && !before.is_some_and(|b| b.is_ascii_alphanumeric() || b == '.' || b == '_') {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |x| x.0);
            let decimal = text[end..].starts_with('.') && text[end + 1..].starts_with(|c: char| c.is_ascii_digit());
            if !decimal && let Ok(n) = text[at..end].parse() {
                out.push((n, at, end));
            }
            i = j;
        } else if c.is_ascii_alphabetic() && !before.is_some_and(|b| b.is_ascii_alphanumeric()) {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_ascii_alphabetic() {
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |x| x.0);
            if let Some(n) = spelled(&text[at..end]) {
                out.push((n as usize, at, end));
            }
            i = j;
        } else if zh(c).is_some() {
            let mut j = i;
            while j < chars.len() && zh(chars[j].1).is_some() {
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |x| x.0);
            if let Some(n) = spelled(&text[at..end]) {
                out.push((n as usize, at, end));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The tutor's sizes that `text` states where the loaded model's differ, as `"4 heads" (n_heads)`.
pub fn size_claims(text: &str, tutor: &Config, loaded: &Config) -> Vec<String> {
    let sizes = Sizes::of(tutor, loaded);
    let mut out = Vec::new();
    for (n, at, end) in numbers(text) {
        // a number in quotation marks quotes a text (note 004's "64"), not this model
        let quoted = text[..at].ends_with(['"', '“']) && text[end..].starts_with(['"', '”']);
        let digits = !quoted && text[at..end].chars().all(|c| c.is_ascii_digit());
        let mut wrong = if digits { sizes.wrong(n, &BARE) } else { vec![] };
        let after = text[end..].trim_start_matches([' ', '-', '\u{a0}']);
        if let Some((_, names)) = SIZE_WORDS.iter().find(|(w, _)| after.to_lowercase().starts_with(w)) {
            wrong.extend(sizes.wrong(n, names));
        }
        if let Some((_, names)) = SIZE_NAMES.iter().find(|(w, _)| text[..at].ends_with(w)) {
            wrong.extend(sizes.wrong(n, names));
        }
        wrong.dedup();
        if !wrong.is_empty() {
            let from = text[..at].char_indices().rev().nth(12).map_or(0, |(i, _)| i);
            let to = text[end..].char_indices().nth(14).map_or(text.len(), |(i, _)| end + i);
            out.push(format!("\"{}\" ({})", text[from..to].replace('\n', " "), wrong.join(", ")));
        }
    }
    out
}

/// The literal text a loaded translator may show: every `Text` piece but those inside an
/// `{if-tutor-model}` passage's first part.
pub fn shown_text(pieces: &[Piece]) -> String {
    let mut out = String::new();
    let mut tutor_only = false;
    for p in pieces {
        match p {
            Piece::If(Condition::TutorModel) => tutor_only = true,
            Piece::If(_) => tutor_only = false,
            Piece::Else | Piece::End => tutor_only = false,
            Piece::Text(t) if !tutor_only => out.push_str(t),
            // a fact stands apart from the text either side of it
            _ => out.push(' '),
        }
    }
    out
}

/// Every size claim of every beat of `lesson`, both languages: `lesson beat N field (zh): "…" (d_k)`.
pub fn lesson_size_claims(lesson: &Lesson, tutor: &Config, loaded: &Config) -> Vec<String> {
    let mut out = Vec::new();
    for (i, beat) in lesson.beats.iter().enumerate() {
        for lang in Lang::ALL {
            let mut fields = vec![("text", beat.prose(lang))];
            if let Some(q) = &beat.question {
                fields.push(("hint", q.hint_in(lang)));
                fields.push(("explain", q.explain_in(lang)));
                fields.push(("answer", &q.answer));
            }
            for (field, pieces) in fields {
                for claim in size_claims(&shown_text(pieces), tutor, loaded) {
                    out.push(format!("{} beat {} {field} ({}): {claim}", lesson.id, i + 1, lang.code()));
                }
            }
        }
    }
    out
}
