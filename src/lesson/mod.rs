//! Lessons are data: `lessons/*.toml`, loaded and validated before anything is shown.
//!
//! - `file`: the TOML shape a teacher writes
//! - `load`: parse + validate into a `Lesson`, with errors that name file, line and field
//! - `facts`: weight-dependent facts in prose, `{next-word row=1}`, filled in from the run
//! - `question`: checking a learner's answer against the run's
//! - `catalog`: every lesson in curriculum order, lookup by id with suggestions

pub mod catalog;
pub mod coherence;
pub mod facts;
pub mod file;
pub mod load;
pub mod question;

pub use catalog::Catalog;
pub use facts::HeadChoice;
pub use load::{Beat, Lesson, LessonError, Question, ViewKind, closest};
