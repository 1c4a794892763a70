//! The rooms as ARCHITECTURE.md and `src/lib.rs` draw them, checked from the source: the model
//! imports nothing above it (only the leaves `text`, `user_file`, `atomic_file`, `file_kind`,
//! `lang`, `process_start`, `work`, `weak_cache`), the probes import only the model, the corpus and
//! leaves, the lesson loader never imports explore, app or ui, the leaves import no room (only each
//! other, as listed), and no two top-level modules import each other, directly or round a longer
//! loop. An import is any `crate::X` path in code (`use crate::X::…`, `use crate::{X, Y::…}`,
//! `crate::X::f()`), comments left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The top-level modules of the library: `src/X.rs` and `src/X/`, `lib.rs` and `main.rs` aside.
fn top_modules() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir("src").unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if name != "lib" && name != "main" && (path.is_dir() || path.extension().is_some_and(|e| e == "rs")) {
            names.insert(name);
        }
    }
    names
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The files of top-level module `name`.
fn files_of(name: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let file = PathBuf::from(format!("src/{name}.rs"));
    if file.exists() {
        files.push(file);
    }
    let dir = PathBuf::from(format!("src/{name}"));
    if dir.is_dir() {
        rust_files(&dir, &mut files);
    }
    files
}

/// Source without its `//` comments (doc comments name paths that are not imports).
fn code_only(source: &str) -> String {
    source.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

fn ident_at(s: &str) -> String {
    s.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// Every first segment after `crate::` in `code`: `crate::model::Run` gives `model`,
/// `crate::{text, model::Run}` gives `text` and `model`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        found.insert(ident_at(&group[start..i]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.insert(ident_at(&group[start..i]));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            found.insert(ident_at(rest));
        }
    }
    found.remove("");
    found
}

/// Which top-level modules each top-level module imports (itself left out).
fn import_graph() -> Graph {
    let modules = top_modules();
    let mut graph = Graph::new();
    for name in &modules {
        let mut uses = BTreeSet::new();
        for file in files_of(name) {
            let source = std::fs::read_to_string(&file).unwrap();
            for used in crate_paths(&code_only(&source)) {
                if modules.contains(&used) && &used != name {
                    uses.insert(used);
                }
            }
        }
        graph.insert(name.clone(), uses);
    }
    graph
}

/// A loop of imports, if there is one: `[a, b, a]`.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(node: &str, graph: &Graph, path: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

fn uses_outside(graph: &Graph, module: &str, allowed: &[&str]) -> Vec<String> {
    graph[module].iter().filter(|m| !allowed.contains(&m.as_str())).cloned().collect()
}

#[test]
fn the_checks_see_imports_and_cycles() {
    // the parser and the cycle finder on small inputs, so the real checks cannot pass vacuously
    let code = code_only(
        "use crate::model::Run;\nuse crate::{text, strings::{A, B}, lesson::x};\n// crate::ui::draw\nlet x = crate::corpus::vocabs();",
    );
    let found: Vec<String> = crate_paths(&code).into_iter().collect();
    assert_eq!(found, ["corpus", "lesson", "model", "strings", "text"]);
    let mut graph = Graph::new();
    graph.insert("a".into(), ["b".to_string()].into());
    graph.insert("b".into(), ["c".to_string()].into());
    graph.insert("c".into(), BTreeSet::new());
    assert_eq!(find_cycle(&graph), None);
    graph.get_mut("c").unwrap().insert("a".into());
    assert_eq!(find_cycle(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
}

#[test]
fn every_top_level_module_is_in_the_graph() {
    let graph = import_graph();
    for room in ["model", "lesson", "strings", "explore", "app", "ui", "cli", "corpus", "probe", "setup", "text"] {
        assert!(graph.contains_key(room), "{room} is missing from the import graph: {:?}", graph.keys());
    }
    // the model is really read: it imports its leaves
    assert!(graph["model"].contains("text"), "{:?}", graph["model"]);
}

#[test]
fn the_model_imports_nothing_above_it() {
    let graph = import_graph();
    // process_start: `model::fast`'s pre-main hook records into it (the hook needs `unsafe`)
    let leaves = ["text", "user_file", "atomic_file", "file_kind", "lang", "process_start", "work", "weak_cache"];
    let above = uses_outside(&graph, "model", &leaves);
    assert!(above.is_empty(), "src/model imports {above:?}; the model may use only the leaves {leaves:?}");
}

#[test]
fn the_probes_import_only_the_model_the_corpus_and_the_leaves() {
    // strings writes out the probes' scores and lesson quotes them, so probe sits below both; the
    // probe that needs training's evaluation (`probe heads`) is explore's
    let graph = import_graph();
    let allowed = ["model", "corpus", "weak_cache", "work", "text", "lang", "user_file", "atomic_file", "file_kind"];
    let above = uses_outside(&graph, "probe", &allowed);
    assert!(above.is_empty(), "src/probe imports {above:?}; it may use only model, corpus and the leaves");
}

#[test]
fn the_leaves_import_no_room() {
    let graph = import_graph();
    // lang (which language the learner reads) is the lowest leaf: the others may say their
    // messages in both languages with it
    for (leaf, allowed) in [
        ("lang", &[][..]),
        ("text", &[][..]),
        ("file_kind", &[][..]),
        ("weak_cache", &[][..]),
        ("work", &[][..]),
        ("process_start", &[][..]),
        ("atomic_file", &["lang", "file_kind"][..]),
        ("user_file", &["text", "lang", "file_kind"][..]),
    ] {
        let above = uses_outside(&graph, leaf, allowed);
        assert!(above.is_empty(), "{leaf} imports {above:?}");
    }
}

#[test]
fn lesson_names_views_and_ops_without_importing_explore_app_or_ui() {
    let graph = import_graph();
    let wrong: Vec<&String> =
        graph["lesson"].iter().filter(|m| ["explore", "app", "ui", "cli", "tui"].contains(&m.as_str())).collect();
    assert!(wrong.is_empty(), "lesson imports {wrong:?}");
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let graph = import_graph();
    for (module, uses) in &graph {
        println!("{module} -> {uses:?}");
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}
