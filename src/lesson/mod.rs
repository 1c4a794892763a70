//! Lessons are data: `lessons/*.toml`, loaded and validated before anything is shown. The
//! schema, every table, field, view and fact: lessons/FORMAT.md.
//!
//! - `file`: the TOML shape a teacher writes
//! - `load`: parse + validate into a `Lesson`; `beat`: one `[[beat]]`; `error`: errors that name
//!   file, line and field
//! - `view_kind`: the views a beat can show its operation in
//! - `facts`: weight-dependent facts in prose, `{next-word row=1}`, filled in from the run
//! - `coherence`: each fact is about what its beat's view shows
//! - `question`: checking a learner's answer against the run's; `number_words`: `sixty-four`, 六十四
//! - `last_layer`: `dec.last` and `enc.last`, the model's last layers, resolved at load
//! - `catalog`: every lesson in curriculum order, lookup by id with suggestions
//! - `glossary`: the terms of glossary.toml in every language; `glossary_load`: reading it, each
//!   term's `op` checked to be an op kind the code room has lines for

pub mod beat;
mod beat_grad;
mod beat_head;
mod bilingual;
pub mod catalog;
pub mod coherence;
pub mod direction;
pub mod error;
pub mod facts;
pub mod file;
pub mod glossary;
mod glossary_load;
mod last_layer;
pub mod load;
pub mod number_words;
pub mod question;
pub mod view_kind;

pub use beat::{Beat, Question};
pub use catalog::Catalog;
pub use error::LessonError;
pub use facts::{HeadChoice, best_aligned_head};
pub use load::Lesson;
pub use view_kind::ViewKind;
