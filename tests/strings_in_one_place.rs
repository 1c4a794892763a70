//! All text the screen shows apart from lesson prose lives in `src/strings/`, so the screens can
//! later be offered in Chinese too. This test reads the screen code's source and fails on any string
//! literal holding a run of three ASCII letters outside `src/strings/`, apart from the few
//! `ALLOWED` below, which are not display text.
//!
//! Not checked: comments, items under `#[cfg(test)]`, and the message of `.expect(..)`, `panic!(..)`
//! and `unreachable!(..)` (for whoever reads a panic, not for the learner). `{…}` in a literal is
//! read as a format placeholder (`{name}`, `{v:.2}`) and left out before looking for letters.

use std::fs;
use std::path::{Path, PathBuf};

/// The screen code: every `.rs` file under these folders, and these files.
const SCANNED_DIRS: &[&str] = &["src/ui", "src/app"];
const SCANNED_FILES: &[&str] =
    &["src/tui.rs", "src/cli/train_screen.rs", "src/cli/train_attention.rs", "src/cli/train_live.rs"];

/// Literals with letters that are not display text: which files may hold them, and why.
struct Allowed {
    files: &'static [&'static str],
    literals: &'static [&'static str],
    why: &'static str,
}

const ALLOWED: &[Allowed] = &[
    Allowed {
        files: &["src/ui/views/common.rs", "src/ui/views/layernorm.rs"],
        literals: &["NaN", "inf", "-inf"],
        why: "non-finite numbers, printed as Rust, NumPy and PyTorch print them in any language",
    },
    Allowed {
        files: &["src/ui/theme.rs"],
        literals: &["NO_COLOR"],
        why: "the environment variable that turns colour off (no-color.org)",
    },
    Allowed {
        files: &["src/tui.rs"],
        literals: &["/dev/tty"],
        why: "the controlling terminal's path, opened to see that the terminal is still there",
    },
    Allowed {
        files: &["src/tui.rs"],
        literals: &["{name}.npy", "frame-{}-beat{}.txt"],
        why: "names of the files `s` and `w` write",
    },
    Allowed {
        files: &[
            "src/app/present.rs",
            "src/app/present_grids.rs",
            "src/app/present_tables.rs",
            "src/app/present_text.rs",
            "src/app/present_compare.rs",
            "src/app/present_whatif.rs",
            "src/cli/train_live.rs",
        ],
        literals: &[
            "src",
            "enc",
            "sum",
            "hat",
            "out",
            "src.embed",
            "src.x",
            "src.mask",
            "enc.{l}.norm2.out",
            "enc.out",
            "tgt.embed",
            "tgt.x",
            "tgt.mask",
            "dec.{l}.norm3.out",
            "logits",
            "probs",
            "enc.0.self_attn.weights",
            "q_proj",
            "k_proj",
            "v_proj",
            "scores",
            "weights",
            "context",
            "dec.{}.cross_attn.weights",
            "dec.0.self_attn.weights",
            "self_attn",
            "cross_attn",
            "{prefix}.weights",
            "{prefix}.hat",
            "{prefix}.sum",
        ],
        why: "op names and their parts as src/model's program spells them, to look tensors up (engine data)",
    },
    Allowed {
        files: &["src/app/present_text.rs"],
        literals: &["src ids", "tgt ids"],
        why: "the pipeline's names for its two inputs (the program has no op for them): matched as keys and \
              shown in the column of op names, spelled like them",
    },
    Allowed {
        files: &["src/app/present_text.rs"],
        literals: &[
            "layers",
            "{stack}.layers.{i}",
            "src_embed",
            "tgt_embed",
            "encoder.layers.{layer}",
            "decoder.layers.{layer}",
            "fc_out",
        ],
        why: "PyTorch parameter names, matched against the weights' names (engine data)",
    },
    Allowed {
        files: &["src/app/present_text.rs", "src/app/present_compare.rs", "src/cli/train_live.rs"],
        literals: &["<pad>", "<bos>", "<eos>", "<bos> I have a cat <eos>"],
        why: "the vocabulary's special tokens, and note 001's example target fed to the model: model input",
    },
    Allowed {
        files: &["src/app/bindings.rs"],
        literals: &["→ l space n", "Enter a", "Tab / S-Tab", "q Esc", "Enter", "Esc", "L/Esc", "c/Esc"],
        why: "key names in the table of bindings (what each key does, and the hints' words, are in src/strings/)",
    },
];

/// A string literal: its line and its text as written between the quotes.
#[derive(Debug, Clone, PartialEq)]
struct Literal {
    line: usize,
    text: String,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The string literals of Rust source `src` this test checks: those outside comments, outside
/// items under `#[cfg(test)]`, and not the message of `.expect(..)`, `panic!(..)`, `unreachable!(..)`.
fn checked_literals(src: &str) -> Vec<Literal> {
    let s: Vec<char> = src.chars().collect();
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    let mut found = Vec::new();
    let mut code = String::new(); // the code so far, with comments and literals left out
    let mut line = 1;
    // `#[cfg(test)]` seen and its item not yet begun; inside that item, and how deep in its braces
    let (mut test_attr, mut test_depth) = (false, 0usize);
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let start_line = line;
        // comments
        if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else if i >= s.len() {
                    break;
                } else {
                    line += usize::from(s[i] == '\n');
                    i += 1;
                }
            }
            continue;
        }
        // char literals and lifetimes
        if c == '\'' {
            if at(i + 1) == '\\' {
                let mut j = i + 3;
                while j < s.len() && s[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
                code.push(' ');
                continue;
            }
            if at(i + 2) == '\'' {
                i += 3;
                code.push(' ');
                continue;
            }
        }
        // string literals: raw (`r"…"`, `r#"…"#`, `br"…"`) or not (`"…"`, `b"…"`)
        let raw_start =
            c == 'r' && (i == 0 || !is_ident(s[i - 1]) || (s[i - 1] == 'b' && (i < 2 || !is_ident(s[i - 2]))));
        let hashes = if raw_start { s[i + 1..].iter().take_while(|&&h| h == '#').count() } else { 0 };
        let text = if raw_start && at(i + 1 + hashes) == '"' {
            let open = i + 2 + hashes;
            let mut j = open;
            while j < s.len() && !(s[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#')) {
                j += 1;
            }
            i = j + 1 + hashes;
            Some(s[open..j].iter().collect::<String>())
        } else if c == '"' {
            let mut j = i + 1;
            while j < s.len() && s[j] != '"' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            let text: String = s[i + 1..j.min(s.len())].iter().collect();
            i = j + 1;
            Some(text)
        } else {
            None
        };
        if let Some(text) = text {
            line += text.matches('\n').count();
            let before = code.trim_end();
            let message = ["expect(", "panic!(", "unreachable!("].iter().any(|m| before.ends_with(m));
            if !(test_attr || test_depth > 0 || message) {
                found.push(Literal { line: start_line, text });
            }
            code.push(' ');
            continue;
        }
        // code
        code.push(c);
        line += usize::from(c == '\n');
        if test_depth > 0 {
            match c {
                '{' => test_depth += 1,
                '}' => test_depth -= 1,
                _ => {}
            }
        } else if test_attr {
            match c {
                '{' => (test_attr, test_depth) = (false, 1),
                ';' => test_attr = false,
                _ => {}
            }
        } else if code.ends_with("#[cfg(test)]") {
            test_attr = true;
        }
        i += 1;
    }
    found
}

/// `text` without its `{…}` format placeholders.
fn without_placeholders(text: &str) -> String {
    let mut depth = 0usize;
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether `text` reads as words: three ASCII letters in a row outside its placeholders.
fn has_words(text: &str) -> bool {
    without_placeholders(text).chars().collect::<Vec<_>>().windows(3).any(|w| w.iter().all(|c| c.is_ascii_alphabetic()))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// (path relative to the crate, source) of every scanned file.
fn scanned() -> Vec<(String, String)> {
    let root = root();
    let mut paths = Vec::new();
    for dir in SCANNED_DIRS {
        rust_files(&root.join(dir), &mut paths);
    }
    paths.extend(SCANNED_FILES.iter().map(|f| root.join(f)));
    paths
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            let src = fs::read_to_string(&p).unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, src)
        })
        .collect()
}

fn allowed(file: &str, text: &str) -> bool {
    ALLOWED.iter().any(|a| a.files.contains(&file) && a.literals.contains(&text))
}

#[test]
fn screen_text_lives_in_strings_rs() {
    let mut stray = Vec::new();
    for (file, src) in scanned() {
        assert_ne!(file, "src/strings/mod.rs", "the strings module itself is never scanned");
        for lit in checked_literals(&src) {
            if has_words(&lit.text) && !allowed(&file, &lit.text) {
                stray.push(format!("  {file}:{}: {:?}", lit.line, lit.text));
            }
        }
    }
    assert!(
        stray.is_empty(),
        "text for the screen belongs in src/strings/ (a const or a small format function there); \
         if a literal is not display text, add it to ALLOWED in {} with the reason:\n{}",
        file!(),
        stray.join("\n")
    );
}

#[test]
fn every_allowed_literal_is_still_there() {
    let files = scanned();
    let mut stale = Vec::new();
    for a in ALLOWED {
        for f in a.files {
            assert!(files.iter().any(|(file, _)| file == f), "{f} in ALLOWED is not a scanned file");
        }
        for &lit in a.literals {
            let used = files
                .iter()
                .filter(|(file, _)| a.files.contains(&file.as_str()))
                .any(|(_, src)| checked_literals(src).iter().any(|l| l.text == lit));
            if !used {
                stale.push(format!("  {lit:?} ({})", a.why));
            }
        }
    }
    assert!(stale.is_empty(), "no longer in the listed files; take them out of ALLOWED:\n{}", stale.join("\n"));
}

#[test]
fn the_scanner_finds_literals_and_skips_what_it_should() {
    let src = r###"
//! doc text "in a doc comment"
/* block "comment" /* nested "too" */ still */
fn f<'a>(x: &'a str) -> String {
    let q = '"';
    let e = '\'';
    let raw = r#"raw "quoted" text"#;
    let v = x.get(0).expect("a panic message");
    let n = format!("{name} rows {v:.2}");
    unreachable!("never shown");
    "shown text".to_string()
}

#[cfg(test)]
mod tests {
    fn t() { let s = "test { text"; let b = { "inner block" }; }
}

fn after() -> &'static str { "after the tests" }
"###;
    let texts: Vec<String> = checked_literals(src).into_iter().map(|l| l.text).collect();
    assert_eq!(texts, ["raw \"quoted\" text", "{name} rows {v:.2}", "shown text", "after the tests"]);
    assert_eq!(checked_literals(src)[0].line, 7);
    assert!(has_words("{name} rows {v:.2}"));
    assert!(!has_words("{name} {v:.2} {label:<label_w$}"));
    assert!(!has_words("W_q"));
    assert!(has_words("W_out"));
}
