//! The codebase stays easy to read and change: no source file over 400 lines, no function over
//! 80 lines except the flat matches listed in `LONG_MATCHES` (one arm per kind, nothing else).
//! A function is measured from its `fn` line to its closing brace; comments count.

use std::fs;
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 400;
const MAX_FN_LINES: usize = 80;

/// Functions allowed over the limit: flat one-arm-per-kind matches, and one SIMD kernel kept
/// whole. (file, function, why)
const LONG_MATCHES: &[(&str, &str, &str)] = &[
    (
        "src/model/fast/packed.rs",
        "tile",
        "the AVX2 register tile (6 x 16 accumulators in 12 ymm registers): kept in one function so they \
     stay in registers across the k loop; not a match, the one exception",
    ),
    ("src/lesson/coherence.rs", "check", "one arm per fact kind: which view shows that fact"),
    ("src/lesson/facts/evaluate.rs", "evaluate", "one arm per fact kind: its value from the run"),
    ("src/lesson/facts/parse.rs", "parse_fact", "one arm per fact kind: its arguments read and checked"),
    ("src/model/op_kind.rs", "backward", "one arm per op kind: the gradients of its inputs"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// (relative path, source) of every file under src/.
fn sources() -> Vec<(String, String)> {
    let mut paths = Vec::new();
    rust_files(&root().join("src"), &mut paths);
    paths
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
            (rel, fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The name of the function a line declares, if it does (`pub fn name(`, `fn name<T>(`).
fn declared_fn(line: &str) -> Option<&str> {
    let t = line.trim_start();
    // any visibility: pub, pub(crate), pub(super), pub(in path)
    let t = match t.strip_prefix("pub(") {
        Some(rest) => rest.split_once(") ").map_or(t, |(_, after)| after),
        None => t.strip_prefix("pub ").unwrap_or(t),
    };
    let t = t.strip_prefix("const ").unwrap_or(t);
    let t = t.strip_prefix("unsafe ").unwrap_or(t);
    let rest = t.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&rest[..end])
}

/// (name, first line, length in lines) of every function in `src`: from its `fn` line to the
/// line where the braces it opened close again. Braces in strings and chars are rare enough in
/// this codebase to be counted as code; a miscount shows as a huge function and is looked at.
fn functions(src: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = declared_fn(line) else { continue };
        let mut depth = 0i64;
        let mut opened = false;
        for (j, l) in lines.iter().enumerate().skip(i) {
            let code = l.split("//").next().unwrap_or("");
            for c in code.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                out.push((name.to_string(), i + 1, j - i + 1));
                break;
            }
            if !opened && code.trim_end().ends_with(';') {
                break; // a declaration without a body (a trait method)
            }
        }
    }
    out
}

#[test]
fn no_source_file_is_over_400_lines() {
    let long: Vec<String> = sources()
        .into_iter()
        .filter(|(_, src)| src.lines().count() > MAX_FILE_LINES)
        .map(|(file, src)| format!("  {file}: {} lines", src.lines().count()))
        .collect();
    assert!(long.is_empty(), "split these by concept (at most {MAX_FILE_LINES} lines):\n{}", long.join("\n"));
}

#[test]
fn no_function_is_over_80_lines_but_flat_matches() {
    let mut long = Vec::new();
    for (file, src) in sources() {
        for (name, line, len) in functions(&src) {
            let allowed = LONG_MATCHES.iter().any(|(f, n, _)| *f == file && *n == name);
            if len > MAX_FN_LINES && !allowed {
                long.push(format!("  {file}:{line}: fn {name}, {len} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "split these (at most {MAX_FN_LINES} lines), or, if one is a flat one-arm-per-kind match, add it \
         to LONG_MATCHES in {} with the reason:\n{}",
        file!(),
        long.join("\n")
    );
}

#[test]
fn every_allowed_long_match_is_still_long() {
    let files = sources();
    for (file, name, _) in LONG_MATCHES {
        let (_, src) = files.iter().find(|(f, _)| f == file).unwrap_or_else(|| panic!("{file} is gone"));
        let len = functions(src).into_iter().find(|(n, _, _)| n == name).map(|(_, _, len)| len);
        assert!(len.is_some_and(|l| l > MAX_FN_LINES), "{file}: fn {name} is gone or short now: remove it");
    }
}

#[test]
fn the_measure_counts_a_function_from_fn_to_its_closing_brace() {
    let src = "fn a() {\n    let x = { 1 };\n}\n\npub fn b(\n    x: u8,\n) -> u8 {\n    x\n}\ntrait T {\n    fn c(&self);\n}\n";
    let found = functions(src);
    assert_eq!(found, vec![("a".into(), 1, 3), ("b".into(), 5, 5)]);
}
