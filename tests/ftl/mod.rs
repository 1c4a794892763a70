//! Reading a Fluent message file as the tests need it (tests/messages.rs, tests/zh_screens.rs):
//! each message's id and its text as written, continuation lines joined by newlines.

/// Every message of `locales/<code>.ftl`: (id, text as written), in the file's order.
pub fn messages(code: &str) -> Vec<(String, String)> {
    let path = format!("{}/locales/{code}.ftl", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(path).unwrap();
    let mut out: Vec<(String, String)> = Vec::new();
    for line in source.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if line.starts_with(' ') {
            if let Some(last) = out.last_mut() {
                last.1.push('\n');
                last.1.push_str(line.trim());
            }
        } else if let Some((id, text)) = line.split_once(" =") {
            out.push((id.to_string(), text.trim().to_string()));
        }
    }
    out
}
