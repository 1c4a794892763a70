//! Parse and validate one lesson file into a `Lesson`. Every error names the file, the line,
//! the field, and what would be right; a lesson that loads can be shown to the end. The schema
//! is lessons/FORMAT.md.

use super::beat::{Context, check_beat};
use super::error::{Checker, LessonError, from_toml, see};
use super::file::{FormatOnly, LessonFile};
use crate::lang::Localized;
use crate::model::Weights;
use crate::setup::{Setup, SetupError, TokenInput};
use std::sync::Arc;

pub use super::beat::{Beat, Question};

/// The lesson format this program reads (`format = 1` at the top of a lesson file).
pub const FORMAT: i64 = 1;

#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    pub id: String,
    pub title: Localized<String>,
    pub order: i64,
    /// The notes' ideas (1..14) the lesson teaches; none for a lesson beyond them (learning, probes).
    pub ideas: Vec<u8>,
    pub summary: Localized<String>,
    pub src: String,
    pub tgt: String,
    pub beats: Vec<Beat>,
    /// The lesson runs the training program (`program = "training"`): the loss and its gradients.
    pub training: bool,
    /// Where it came from, e.g. `lessons/masks.toml`.
    pub file: String,
}

/// Parse and validate a lesson against the engine that will run it.
pub fn load_lesson(file: &str, text: &str, weights: &Arc<Weights>) -> Result<Lesson, LessonError> {
    // `dec.last.…` names this model's last decoder layer (lines unchanged: errors keep theirs)
    let text = &super::last_layer::resolve(text, &weights.config);
    let c = Checker { file, text, loaded_model: weights.generation.is_some() };
    // the version first: a lesson of another format may have other fields
    let version: FormatOnly = toml::from_str(text).map_err(|e| from_toml(file, text, &e))?;
    check_format(&c, &version)?;
    let raw: LessonFile = toml::from_str(text).map_err(|e| from_toml(file, text, &e))?;
    let id = c.non_empty(&raw.id, "id")?;
    if !id.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-' || ch == '_') {
        return Err(c.err(
            &raw.id,
            "id",
            format!("`{id}` must be lowercase letters, digits, - or _ (it is typed after --lesson)"),
        ));
    }
    // control characters (an escape sequence in a title, say) are shown written out, never sent to the terminal
    let title = crate::text::escape_controls(&c.non_empty(&raw.title, "title")?, false);
    let summary = crate::text::escape_controls(&c.non_empty(&raw.summary, "summary")?, false);
    let title = c.localized(&raw.title, title, &raw.title_translations())?;
    let summary = c.localized(&raw.summary, summary, &raw.summary_translations())?;
    let (src, tgt, setup) = check_sentences(&c, &raw, weights)?;
    let training = c.one_value(&raw.program, "program", "training", "the loss and its gradients")?;
    let setup = setup.for_training(training);
    let program = setup.run().program().clone();
    if raw.beat.is_empty() {
        return Err(c.err(
            &raw.id,
            "beat",
            format!("the lesson has no beats; add at least one [[beat]] with op, view and text {}", see("beat")),
        ));
    }
    let cx = Context { c: &c, program: &program, setup: &setup, full: std::cell::OnceCell::new() };
    let beats = raw.beat.iter().map(|b| check_beat(&cx, b)).collect::<Result<Vec<_>, _>>()?;
    Ok(Lesson {
        id,
        title,
        order: *raw.order.get_ref(),
        ideas: check_ideas(&c, &raw)?,
        summary,
        src,
        tgt,
        beats,
        training,
        file: file.to_string(),
    })
}

/// `format = 1`: missing or another number is refused, on its line.
fn check_format(c: &Checker, version: &FormatOnly) -> Result<(), LessonError> {
    let Some(format) = &version.format else {
        return Err(LessonError {
            file: c.file.to_string(),
            line: 1,
            field: "format".into(),
            message: format!(
                "the file does not say which lesson format it is written in; start it with `format = {FORMAT}` {}",
                see("format")
            ),
        });
    };
    match format.get_ref() {
        toml::Value::Integer(n) if *n == FORMAT => Ok(()),
        toml::Value::Integer(n) => Err(c.err(
            format,
            "format",
            format!(
                "is {n}, but this transformer-tutor reads lesson format {FORMAT}; write the lesson in format {FORMAT} {}",
                see("format")
            ),
        )),
        other => Err(c.err(
            format,
            "format",
            format!("is `{other}`; the format is a whole number, `format = {FORMAT}` {}", see("format")),
        )),
    }
}

/// The lesson's sentences, every word in the vocabulary, and the run they make.
fn check_sentences(
    c: &Checker,
    raw: &LessonFile,
    weights: &Arc<Weights>,
) -> Result<(String, String, Setup), LessonError> {
    let src = c.non_empty(&raw.src, "src")?;
    let tgt = c.non_empty(&raw.tgt, "tgt")?;
    // a loaded translator reads the lesson's sentences in its own pieces (its start token and </s>
    // for the tutor's <bos> and <eos>); words it does not know become <unk>, not a refusal
    let loaded = weights.generation.is_some();
    let target = TokenInput::Sentences(tgt.clone());
    let setup =
        Setup::with_weights(weights.clone(), &TokenInput::Sentences(src.clone()), Some(&target)).map_err(|e| {
            // the side is named in the screen's language
            let target = match &e {
                SetupError::TooLong { side, .. }
                | SetupError::BadIds { side, .. }
                | SetupError::BadSentence { side, .. } => *side == crate::strings::SIDE_TARGET.get(),
                SetupError::Weights(_) | SetupError::Marian(_) | SetupError::Budget(_) => false,
            };
            if target { c.err(&raw.tgt, "tgt", e.to_string()) } else { c.err(&raw.src, "src", e.to_string()) }
        })?;
    let unknown = |word: &str| {
        format!(
            "`{}` is not in the vocabulary; use known words so the lesson shows what it says",
            crate::text::escape_controls(word, false)
        )
    };
    if loaded {
        return Ok((src, tgt, setup));
    }
    if let Some(u) = setup.unknown_src.first() {
        return Err(c.err(&raw.src, "src", unknown(&u.word)));
    }
    if let Some(u) = setup.unknown_tgt.first() {
        return Err(c.err(&raw.tgt, "tgt", unknown(&u.word)));
    }
    Ok((src, tgt, setup))
}

impl Lesson {
    /// The title in `lang`.
    pub fn title_in(&self, lang: crate::lang::Lang) -> &str {
        self.title.get(lang)
    }

    /// The summary in `lang`.
    pub fn summary_in(&self, lang: crate::lang::Lang) -> &str {
        self.summary.get(lang)
    }
}

/// The notes' ideas a lesson names: each one of the fourteen, none twice.
fn check_ideas(c: &Checker, raw: &LessonFile) -> Result<Vec<u8>, LessonError> {
    let Some(ideas) = &raw.ideas else { return Ok(Vec::new()) };
    let mut seen = Vec::new();
    for &idea in ideas.get_ref() {
        let count = crate::strings::IDEA_NAMES.len();
        if !(1..=count as i64).contains(&idea) {
            let why = format!(
                "{idea} is not one of the notes' ideas 1..{count} (../shared/notes/README.md, \"The order of ideas\") {}",
                see("ideas")
            );
            return Err(c.err(ideas, "ideas", why));
        }
        if seen.contains(&(idea as u8)) {
            let why = format!("idea {idea} is named twice; name each idea once {}", see("ideas"));
            return Err(c.err(ideas, "ideas", why));
        }
        seen.push(idea as u8);
    }
    Ok(seen)
}
