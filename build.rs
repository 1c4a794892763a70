//! Embeds every `lessons/*.toml` into the binary, so a new lesson is only a data file.

use std::fmt::Write;
use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=lessons");
    // read at run time: a build script compiled in one checkout and reused from a copied target
    // directory must embed this checkout's lessons
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("lessons");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code =
        String::from("/// (file name, contents) of every built-in lesson.\npub const BUILT_IN: &[(&str, &str)] = &[\n");
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        let _ = writeln!(code, "    (\"lessons/{name}\", include_str!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("built_in_lessons.rs"), code).unwrap();
}
