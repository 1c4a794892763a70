//! Text from a file or an argument reaches the terminal with its control characters written out
//! (`\x1b`), on every path: vocabulary tokens are refused on load (so `translate`, `--print` and
//! the screen never show one raw), zip member names and lesson file names in errors, file names
//! in `export`'s messages, and the arguments clap echoes in its usage errors (on a terminal too,
//! where clap would otherwise send them raw with its colours).

mod hostile_common;

use hostile_common::*;
use ndarray::ArrayD;

const TITLE: &str = "\x1b]0;PWNED\x07"; // an escape sequence that retitles the terminal
const TITLE_SHOWN: &str = "\\x1b]0;PWNED\\x07";

/// Stdout and stderr hold no raw escape or bell, and stderr shows `needle` written out.
#[track_caller]
fn written_out(o: &std::process::Output, needle: &str) {
    let (out, err) = (stdout(o), stderr(o));
    for (name, text) in [("stdout", &out), ("stderr", &err)] {
        assert!(!text.contains('\x1b') && !text.contains('\x07'), "raw control characters on {name}: {text:?}");
    }
    assert!(err.contains(needle), "expected {needle:?} in:\n{err:?}");
}

#[test]
fn vocabulary_tokens_with_control_characters_whitespace_or_twice_are_refused() {
    let edit = |name: &str, token: &'static str| {
        edited_weights(name, move |m| {
            edit_vocab(m, "vocab.tgt", |tokens| {
                let at = tokens.iter().position(|t| t == "cat").unwrap();
                tokens[at] = token.to_string();
            })
        })
    };
    let path = edit("vocab-escape.npz", TITLE);
    for args in [vec!["translate", "我有一只猫"], vec!["--lesson", "output", "--print"], vec!["--list"]] {
        let mut full = vec!["--weights", path.as_str()];
        full.extend(args);
        let o = run(&full);
        assert_eq!(o.status.code(), Some(1), "{full:?}");
        written_out(&o, &format!("`vocab.tgt`: token 18 (line 20) `{TITLE_SHOWN}` holds the control character \\x1b"));
    }
    // a right-to-left override would reorder the line it is printed on: refused, and written out
    let path = edit("vocab-bidi.npz", "c\u{202e}at");
    refused(
        &["--weights", &path, "translate", "我有一只猫"],
        &["`c\\u{202e}at` holds the control character \\u{202e}"],
    );
    // U+061C ARABIC LETTER MARK is a bidirectional control too; a token of zero-width characters
    // only would be invisible on screen
    let path = edit("vocab-alm.npz", "c\u{061c}at");
    refused(&["--weights", &path, "translate", "我有一只猫"], &["holds the control character \\u{061c}"]);
    let path = edit("vocab-invisible.npz", "\u{200b}\u{200b}");
    refused(&["--weights", &path, "translate", "我有一只猫"], &["`\\u{200b}\\u{200b}` takes no column on screen"]);
    let path = edit("vocab-space.npz", "a cat");
    refused(&["--weights", &path, "translate", "我有一只猫"], &["`a cat` holds whitespace"]);
    let path = edit("vocab-empty.npz", "");
    refused(&["--weights", &path, "translate", "我有一只猫"], &["token 18 (line 20) is empty"]);
    let path = edit("vocab-twice.npz", "dog");
    refused(&["--weights", &path, "translate", "我有一只猫"], &["`dog` is token", "as well"]);
}

#[test]
fn zip_member_names_in_errors_are_written_out() {
    // an array no model has, named with an escape sequence
    let path = edited_weights("member-name.npz", |m| m.push((format!("x{TITLE}"), Npy::F32(ArrayD::zeros(vec![1])))));
    written_out(&run(&["--weights", &path, "--list"]), &format!("unexpected array `x{TITLE_SHOWN}`"));
    // the header check, which names the member before anything is read
    let path = temp("member-header.npz");
    write_npz(&path, &trained_members());
    let header = npy_header("<f4", "(100000000000, 32)");
    append_member(&path, &format!("y{TITLE}.npy"), |w| w.write_all(&header).unwrap(), false);
    written_out(
        &run(&["--weights", path.to_str().unwrap(), "--list"]),
        &format!("array `y{TITLE_SHOWN}` declares shape"),
    );
}

#[test]
fn lesson_file_names_in_errors_are_written_out() {
    let dir = temp("escaped-lessons");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{TITLE}.toml")), "id = \"x\"\nnot toml at all [[[").unwrap();
    written_out(&run(&["--lessons-dir", dir.to_str().unwrap(), "--list"]), &format!("{TITLE_SHOWN}.toml:"));
    // refused before reading, by the same name
    std::fs::remove_file(dir.join(format!("{TITLE}.toml"))).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join(format!("{TITLE}.toml"))).unwrap();
    written_out(
        &run(&["--lessons-dir", dir.to_str().unwrap(), "--list"]),
        &format!("{TITLE_SHOWN}.toml: it is a device"),
    );
}

#[test]
fn file_names_in_messages_are_written_out() {
    let dir = temp("escaped-out");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("trace{TITLE}.npz"));
    let o = run(&["export", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    written_out(
        &o,
        &format!("wrote 133 tensors and the weights to {}", dir.join(format!("trace{TITLE_SHOWN}.npz")).display()),
    );
    assert!(out.exists(), "the file itself has the name given");
    let missing = dir.join(format!("no-such-dir{TITLE}")).join("x.npz");
    let o = run(&["export", "--out", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    written_out(&o, &format!("no-such-dir{TITLE_SHOWN}"));
    written_out(
        &run(&["--weights", &format!("/nonexistent{TITLE}.npz"), "--list"]),
        &format!("/nonexistent{TITLE_SHOWN}.npz"),
    );
    let o = run(&["--weights", "/nonexistent\u{202e}.npz", "--list"]);
    assert!(!stderr(&o).contains('\u{202e}'), "a bidirectional override never reaches the terminal");
    written_out(&o, "/nonexistent\\u{202e}.npz");
    let o = run(&["corpus", "--tsv", dir.join(format!("pairs{TITLE}.tsv")).to_str().unwrap()]);
    assert!(o.status.success());
    written_out(&o, &format!("pairs{TITLE_SHOWN}.tsv"));
}

#[test]
fn arguments_echoed_in_usage_errors_are_written_out() {
    let o = run(&["--what-if", TITLE]);
    assert_eq!(o.status.code(), Some(2), "a usage error");
    written_out(&o, &format!("invalid value '{TITLE_SHOWN}' for '--what-if <NAME>'"));
    let o = run(&["export", &format!("--out{TITLE}")]);
    assert_eq!(o.status.code(), Some(2));
    written_out(&o, &format!("unexpected argument '--out{TITLE_SHOWN}'"));
    let o = run(&["translate", "我有一只猫", "--temperature", TITLE]);
    assert_eq!(o.status.code(), Some(2));
    written_out(&o, &format!("`{TITLE_SHOWN}` is not a number"));
    // a sentence is run as typed; the characters it does not know are named written out
    let o = run(&["translate", "我\x1b[2J有"]);
    written_out(&o, "`\\x1b`, `[`, `2`, `J` are not in the training corpus");
}

#[test]
fn on_a_terminal_clap_keeps_its_colours_and_never_sends_the_argument_raw() {
    let mut command = std::process::Command::new(BIN);
    command.args(["--what-if", TITLE]).env("TERM", "xterm-256color").env_remove("NO_COLOR");
    let mut session = rexpect::session::spawn_command(command, Some(20_000)).expect("a pty");
    let all = session.exp_eof().expect("the program ends");
    assert!(all.contains(TITLE_SHOWN), "{all:?}");
    assert!(all.contains("\x1b[1m"), "clap's own styling is kept: {all:?}");
    assert!(!all.contains("\x1b]") && !all.contains('\x07'), "the escape sequence reached the terminal: {all:?}");
}

#[test]
fn every_print_goes_through_the_escaping_writers() {
    // stdout: cli::output::write_stdout; stderr: eprintln_escaped! (cli/output.rs)
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    let mut dirs = vec![src];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.ends_with("cli/output.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap();
                let raw = ["println!(", "print!(", "eprintln!(", "eprint!(", "io::stderr()", "io::stdout().write"];
                if raw.iter().any(|r| code.contains(r) && !code.contains(&format!("_{r}"))) {
                    offenders.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "print through cli::output (escaped):\n{}", offenders.join("\n"));
}
