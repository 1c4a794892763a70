//! lessons/FORMAT.md is the one place the lesson schema is written down: every field the loader
//! accepts, every view, every fact kind with each argument it takes, and every section a
//! validator message points to are in it, and its example lesson loads. The names are read
//! from the loader's own tables (the serde structs, the strum name tables), not copied here.

use serde::Deserialize;
use std::cell::Cell;
use std::path::Path;
use std::sync::Arc;
use transformer_tutor::lesson::ViewKind;
use transformer_tutor::lesson::facts::{ConfigName, FactKind};
use transformer_tutor::lesson::file::{BeatFile, LessonFile};
use transformer_tutor::lesson::load::load_lesson;

fn doc() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons/FORMAT.md")).unwrap()
}

/// The text of the section under `## {heading}`, up to the next `## `.
fn section(doc: &str, heading: &str) -> String {
    let start = doc.find(&format!("\n## {heading}\n")).unwrap_or_else(|| panic!("no section `## {heading}`"));
    let rest = &doc[start + 1..];
    let end = rest[3..].find("\n## ").map(|i| i + 3).unwrap_or(rest.len());
    rest[..end].to_string()
}

/// The field names serde reads a struct with, as `deserialize_struct` is told them.
fn fields_of<T: for<'de> Deserialize<'de>>() -> &'static [&'static str] {
    struct Capture<'a>(&'a Cell<&'static [&'static str]>);
    impl<'de> serde::Deserializer<'de> for Capture<'_> {
        type Error = serde::de::value::Error;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(serde::de::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _visitor: V,
        ) -> Result<V::Value, Self::Error> {
            self.0.set(fields);
            Err(serde::de::Error::custom("captured"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let fields = Cell::new(&[][..]);
    let _ = T::deserialize(Capture(&fields));
    assert!(!fields.get().is_empty(), "{} has no fields", std::any::type_name::<T>());
    fields.get()
}

#[test]
fn every_field_the_loader_accepts_is_documented() {
    let doc = doc();
    let lesson = section(&doc, "Lesson") + &section(&doc, "Format");
    for field in fields_of::<LessonFile>() {
        assert!(lesson.contains(&format!("| `{field}` |")), "lesson field `{field}` is not in FORMAT.md#lesson");
    }
    let beats = section(&doc, "Beats");
    let questions = section(&doc, "Questions");
    for field in fields_of::<BeatFile>() {
        let row = format!("| `{field}` |");
        assert!(
            beats.contains(&format!("`{field}`")) && (beats.contains(&row) || questions.contains(&row)),
            "beat field `{field}` is not in FORMAT.md#beats (or #questions)"
        );
    }
}

#[test]
fn every_view_is_documented() {
    let views = section(&doc(), "Views");
    assert_eq!(ViewKind::all().len(), ViewKind::names().len());
    for name in ViewKind::names() {
        assert!(views.contains(&format!("| `{name}` |")), "view `{name}` is not in FORMAT.md#views");
    }
}

#[test]
fn every_fact_kind_is_documented_with_each_argument_it_takes() {
    let facts = section(&doc(), "Facts");
    assert_eq!(FactKind::all().len(), FactKind::names().len());
    for &kind in FactKind::all() {
        let name = kind.name();
        let row = facts
            .lines()
            .find(|l| l.starts_with(&format!("| `{{{name} ")) || l.starts_with(&format!("| `{{{name}}}`")))
            .unwrap_or_else(|| panic!("fact `{name}` is not in FORMAT.md#facts"));
        let syntax = row.split('`').nth(1).unwrap();
        let takes = kind.takes();
        if let Some(bare) = takes.bare {
            assert!(syntax.contains(bare), "`{name}`'s {bare} is not in its row: {row}");
        }
        for key in takes.keys {
            assert!(syntax.contains(&format!("{key}=")), "`{name}`'s `{key}=` is not in its row: {row}");
        }
        // and nothing it does not take
        let keys_written = syntax.split([' ', '[']).filter_map(|w| w.split_once('=').map(|(k, _)| k));
        for key in keys_written {
            assert!(takes.keys.contains(&key), "`{name}` takes no `{key}=`, but its row says so: {row}");
        }
    }
    let config = facts.lines().find(|l| l.starts_with("| `{config ")).unwrap();
    for name in ConfigName::names() {
        assert!(config.contains(&format!("`{name}`")), "config size `{name}` is not in FORMAT.md#facts");
    }
}

#[test]
fn every_section_a_message_points_to_exists() {
    let doc = doc();
    let headings: Vec<String> =
        doc.lines().filter_map(|l| l.strip_prefix("## ")).map(|h| h.to_lowercase().replace(' ', "-")).collect();
    let mut pointed = 0;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lesson");
    let mut files = vec![];
    for entry in walk(&src) {
        files.push(std::fs::read_to_string(entry).unwrap());
    }
    for text in files {
        for (i, _) in text.match_indices("lessons/FORMAT.md#") {
            let anchor: String = text[i + "lessons/FORMAT.md#".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if anchor.is_empty() {
                continue; // `#{section}`, written by `error::see`
            }
            assert!(headings.contains(&anchor), "a message points to FORMAT.md#{anchor}, which has no section");
            pointed += 1;
        }
    }
    assert!(pointed > 0, "no message points to FORMAT.md");
    // the sections `error::see` names
    for field in ["format", "id", "op", "view", "answer", "beat"] {
        let see = transformer_tutor::lesson::error::see(field);
        let anchor = see.split('#').nth(1).unwrap().trim_end_matches(')');
        assert!(headings.contains(&anchor.to_string()), "{see} has no section");
    }
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![];
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

#[test]
fn the_example_lesson_loads() {
    let doc = doc();
    let start = doc.find("```toml\n").expect("an example lesson") + "```toml\n".len();
    let example = &doc[start..start + doc[start..].find("```").unwrap()];
    let weights = Arc::new(transformer_tutor::setup::WeightSource::Trained.load().unwrap());
    let lesson = load_lesson("lessons/FORMAT.md", example, &weights).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((lesson.id.as_str(), lesson.beats.len()), ("tiny", 2));
    assert!(lesson.beats[1].question.is_some());
}
