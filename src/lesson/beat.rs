//! One `[[beat]]` checked against the program it will show: its operation, its view, the
//! batch row, head, row and decoding step it shows, the what-if beside it, its prose and its
//! question, each fact of which must be about what the view shows (`coherence`).

use super::bilingual::same_facts;
use super::coherence::{self, Shown};
use super::error::{Checker, LessonError, see};
use super::facts::{self, HeadChoice, Piece};
use super::file::{BeatFile, Translations};
use super::view_kind::ViewKind;
use crate::lang::{Lang, Localized};
use crate::model::Run;
use crate::model::Variant;
use crate::model::program::{Op, Program};
use crate::setup::Setup;
use std::cell::OnceCell;
use toml::Spanned;
#[derive(Debug, Clone, PartialEq)]
pub struct Beat {
    pub op: String,
    pub view: ViewKind,
    /// The prose as written, facts still in braces, in every language.
    pub text: Localized<String>,
    /// The prose as text and facts to fill in from the run (see `facts`): in every language the
    /// same facts.
    pub pieces: Localized<Vec<Piece>>,
    pub batch: Option<usize>,
    /// One head, or the mean of the heads (`head = "mean"`).
    pub head: Option<HeadChoice>,
    pub row: Option<usize>,
    /// A variant of the model run beside the taught one (a what-if, or one of the notes' mistakes).
    pub what_if: Option<Variant>,
    /// The decoding step a `decode` view shows.
    pub step: Option<usize>,
    /// On a learner's own sentences, this beat still shows the lesson's (`sentence = "lesson"`).
    pub keeps_lesson_sentences: bool,
    /// On a learner's own sentences, this beat shows their first sentence and, as batch row 1,
    /// the same tokens in reverse order (`sentence = "reordered"`).
    pub reorders_sentence: bool,
    /// The beat shows ∂loss/∂(its operation's output), not the output (`grad = true`).
    pub gradient: bool,
    /// When the beat asks the learner something: the answer and what to say.
    pub question: Option<Question>,
}

/// A question a beat asks; its answer is a template of facts computed from the run.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub answer: Vec<Piece>,
    /// Shown after the first wrong answer, in every language.
    pub hint: Localized<Vec<Piece>>,
    /// Shown after the second wrong answer, or a right one, in every language.
    pub explain: Localized<Vec<Piece>>,
}

impl Beat {
    /// The prose as written, in `lang`.
    pub fn text_in(&self, lang: Lang) -> &str {
        self.text.get(lang)
    }

    /// The prose's pieces in `lang`.
    pub fn prose(&self, lang: Lang) -> &[Piece] {
        self.pieces.get(lang)
    }
}

impl Question {
    /// The hint in `lang`.
    pub fn hint_in(&self, lang: Lang) -> &[Piece] {
        self.hint.get(lang)
    }

    /// The explanation in `lang`.
    pub fn explain_in(&self, lang: Lang) -> &[Piece] {
        self.explain.get(lang)
    }
}

/// What every beat of one lesson is checked against: its program, its sentences, and the whole
/// program run once, when a question's answer needs it (never on a loaded translator).
pub struct Context<'a> {
    pub c: &'a Checker<'a>,
    pub program: &'a Program,
    pub setup: &'a Setup,
    pub full: OnceCell<Run>,
}

impl Context<'_> {
    pub(super) fn full(&self) -> &Run {
        self.full.get_or_init(|| {
            let mut run = self.setup.run();
            run.run_all();
            run
        })
    }
}

pub fn check_beat(cx: &Context, b: &BeatFile) -> Result<Beat, LessonError> {
    let c = cx.c;
    let (op_name, op) = check_op(cx, b)?;
    let view = check_view(c, b, op_name, op)?;
    if view == ViewKind::Alignment && crate::probe::alignment::cross_attention_layer(op_name).is_none() {
        let at = &b.view;
        let why =
            "`alignment` scores cross-attention heads; the op must be one's weights, e.g. dec.1.cross_attn.weights";
        return Err(c.err(at, "view", format!("{why} {}", see("view"))));
    }
    let rows = match op.shape.len() {
        _ if view == ViewKind::Loss => cx.setup.shape().t_tgt, // the loss view's rows are target positions
        n if n >= 2 => op.shape[n - 2],
        _ => 1,
    };
    let what_if = check_what_if(c, &b.what_if)?;
    let batch = check_batch(c, &b.batch, cx.setup.shape().batch)?;
    let step = check_step(cx, &b.step, view)?;
    let head = super::beat_head::check_head(c, &b.head, cx.setup.weights.config.n_heads, op_name)?;
    if head == Some(HeadChoice::Mean) && view.one_head_at_a_time() {
        let why = format!("is \"mean\", but a `{}` view shows one head at a time; give a head number", view.name());
        return Err(c.err(b.head.as_ref().expect("a head was given"), "head", format!("{why} {}", see("head"))));
    }
    let sentences = check_sentence(c, &b.sentence)?;
    let gradient = super::beat_grad::check_grad(cx, b, op_name, view)?;
    // what the beat's screen shows, which every fact of its prose and question must be about
    let shown = Shown {
        view,
        gradient,
        op: op_name,
        batch: batch.unwrap_or(0),
        head: head.unwrap_or(HeadChoice::One(0)),
        step: step.unwrap_or(0),
    };
    let text = crate::text::escape_controls(&c.non_empty(&b.text, "text")?, true);
    let pieces = parse_shown(cx, &b.text, "text", &text, &shown)?;
    let prose = c.in_every_language(&b.text, (text, pieces.clone()), &b.text_translations(), |field, written| {
        let text_there = crate::text::escape_controls(&c.non_empty(written, field)?, true);
        let pieces_there = parse_shown(cx, written, field, &text_there, &shown)?;
        same_facts(c, written, field, (&b.text.get_ref()[..], &pieces), &pieces_there)?;
        Ok((text_there, pieces_there))
    })?;
    let question = check_question(cx, b, &shown)?;
    Ok(Beat {
        op: op_name.to_string(),
        view,
        text: prose.map(|(text, _)| text.clone()),
        pieces: prose.map(|(_, pieces)| pieces.clone()),
        batch,
        head,
        row: check_row(c, &b.row, rows)?,
        what_if,
        step,
        keeps_lesson_sentences: sentences == Some(OwnSentences::Lesson),
        reorders_sentence: sentences == Some(OwnSentences::Reordered),
        gradient,
        question,
    })
}

/// A beat's `batch`: a row number below `rows`, or `"shortest-src"`/`"shortest-tgt"` (a marker the
/// app resolves on the run's sentences, `facts::markers::resolve_batch`).
fn check_batch(
    c: &Checker,
    batch: &Option<Spanned<super::file::HeadField>>,
    rows: usize,
) -> Result<Option<usize>, LessonError> {
    use super::file::HeadField;
    let Some(spanned) = batch else { return Ok(None) };
    match spanned.get_ref() {
        HeadField::Name(name) => match facts::markers::batch_marker(name.trim()) {
            Some(marker) => Ok(Some(marker)),
            None => Err(c.err(
                spanned,
                "batch",
                format!("is `{name}`; a batch row is a number, \"shortest-src\" or \"shortest-tgt\" {}", see("batch")),
            )),
        },
        HeadField::Index(n) => c.index(&Some(Spanned::new(spanned.span(), *n)), "batch", rows, "batch rows"),
    }
}

/// A beat's `row`: a row number below `rows`, or `"last"` (`facts::markers::LAST_ROW`, the tensor's
/// last row on the run's sentences, resolved by the app).
fn check_row(
    c: &Checker,
    row: &Option<Spanned<super::file::HeadField>>,
    rows: usize,
) -> Result<Option<usize>, LessonError> {
    use super::file::HeadField;
    let Some(spanned) = row else { return Ok(None) };
    match spanned.get_ref() {
        HeadField::Name(name) if name.trim() == "last" => Ok(Some(facts::markers::LAST_ROW)),
        HeadField::Name(name) if name.trim() == "moved" => Ok(Some(facts::markers::MOVED_ROW)),
        HeadField::Name(name) => {
            Err(c.err(spanned, "row", format!("is `{name}`; a number, \"last\" or \"moved\" {}", see("row"))))
        }
        HeadField::Index(n) => c.index(&Some(Spanned::new(spanned.span(), *n)), "row", rows, "rows of this tensor"),
    }
}

/// The beat's operation.
fn check_op<'p>(cx: &'p Context, b: &'p BeatFile) -> Result<(&'p str, &'p Op), LessonError> {
    let op_name = b.op.get_ref().trim();
    let Some(index) = cx.program.index_of(op_name) else {
        let hint = crate::strings::suggestion_for_authors(op_name, cx.program.names());
        return Err(cx.c.err(
            &b.op,
            "op",
            format!("no operation `{op_name}` in the engine{hint} (`transformer-tutor trace` lists them all)"),
        ));
    };
    Ok((op_name, cx.program.op(index)))
}

/// The beat's view, by name, and one that can show its operation.
fn check_view(c: &Checker, b: &BeatFile, op_name: &str, op: &Op) -> Result<ViewKind, LessonError> {
    let view_name = b.view.get_ref().trim();
    let Some(view) = ViewKind::from_name(view_name) else {
        let names = ViewKind::names();
        let hint = crate::strings::suggestion_for_authors(view_name, names.iter().copied());
        return Err(c.err(
            &b.view,
            "view",
            format!("no view `{view_name}`{hint} (views are {}; see lessons/FORMAT.md#views)", names.join(", ")),
        ));
    };
    if !view.fits(op.kind, op.shape.len()) {
        let suggestion = ViewKind::default_for(op.kind, op.shape.len()).name();
        return Err(c.err(
            &b.view,
            "view",
            format!(
                "`{view_name}` cannot show `{op_name}` ({}): it needs {}; try view = \"{suggestion}\" {}",
                op.kind.label(),
                view.needs(),
                see("view")
            ),
        ));
    }
    Ok(view)
}

/// `what_if`: any `--what-if` name.
fn check_what_if(c: &Checker, what_if: &Option<Spanned<String>>) -> Result<Option<Variant>, LessonError> {
    let Some(s) = what_if else { return Ok(None) };
    let name = s.get_ref().trim();
    let Some(w) = Variant::from_name(name) else {
        let names: Vec<&str> = Variant::ALL.iter().map(|(n, _)| *n).collect();
        let hint = crate::strings::suggestion_for_authors(name, names.iter().copied());
        return Err(c.err(
            s,
            "what_if",
            format!("no what-if `{name}`{hint} (what-ifs are {}; see lessons/FORMAT.md#beats)", names.join(", ")),
        ));
    };
    Ok(Some(w))
}

/// `step`: only a decode view has one; decoding takes at most max_len steps (how many it takes
/// depends on the weights, and a step past the end shows the last one).
fn check_step(cx: &Context, step: &Option<Spanned<i64>>, view: ViewKind) -> Result<Option<usize>, LessonError> {
    match step {
        None => Ok(None),
        Some(s) if !view.steps_decoding() => Err(cx.c.err(
            s,
            "step",
            format!(
                "only a `decode` view has decoding steps, and a `kv-cache` view; remove `step` or use view = \"decode\" {}",
                see("step")
            ),
        )),
        Some(_) => cx.c.index(step, "step", cx.setup.weights.config.max_len, "decoding steps (max_len)"),
    }
}

/// Parse a field's facts and check that each is about what the beat shows.
fn parse_shown(
    cx: &Context,
    span: &Spanned<String>,
    field: &str,
    text: &str,
    shown: &Shown,
) -> Result<Vec<Piece>, LessonError> {
    let mut pieces = facts::parse(text, cx.program, cx.setup).map_err(|m| cx.c.err(span, field, m))?;
    for piece in &mut pieces {
        if let Piece::Fact(fact) = piece
            && let Err(m) = coherence::check(fact, shown, cx.program)
        {
            // on a loaded translator, a fact whose view does not show it (its program reads
            // otherwise: src.x reads src.scaled, not src.embed) is a dash, as one it cannot answer
            if !cx.c.loaded_model {
                return Err(cx.c.err(span, field, format!("{m} {}", facts::SEE_FACTS)));
            }
            *piece = Piece::Text("—".into());
        }
    }
    Ok(pieces)
}

/// A beat's question: `answer`, `hint` and `explain` all given, or none of them.
fn check_question(cx: &Context, b: &BeatFile, shown: &Shown) -> Result<Option<Question>, LessonError> {
    let c = cx.c;
    let (answer, hint, explain) = match (&b.answer, &b.hint, &b.explain) {
        (None, None, None) => return Ok(None),
        (Some(a), Some(h), Some(e)) => (a, h, e),
        (a, h, e) => {
            let missing: Vec<&str> = [("answer", a.is_none()), ("hint", h.is_none()), ("explain", e.is_none())]
                .iter()
                .filter(|(_, m)| *m)
                .map(|(n, _)| *n)
                .collect();
            let at = [a, h, e].into_iter().flatten().next().expect("one is given");
            return Err(c.err(
                at,
                missing[0],
                format!(
                    "a question needs answer, hint and explain; `{}` is missing {}",
                    missing.join("`, `"),
                    see("answer")
                ),
            ));
        }
    };
    let parse = |s: &Spanned<String>, field: &str| -> Result<Vec<Piece>, LessonError> {
        let text = crate::text::escape_controls(&c.non_empty(s, field)?, true);
        parse_shown(cx, s, field, &text, shown)
    };
    // every language's hint and explanation: written, each a translation of the English saying
    // the same facts
    let (hints, explains) = (b.hint_translations(), b.explain_translations());
    for (_, field, written) in &hints {
        c.translation(written, hint, field)?;
    }
    for (_, field, written) in &explains {
        c.translation(written, explain, field)?;
    }
    let answer_pieces = parse(answer, "answer")?;
    let (hint_en, explain_en) = (parse(hint, "hint")?, parse(explain, "explain")?);
    let localized = |english: &Spanned<String>, en: Vec<Piece>, translations: &Translations| {
        c.in_every_language(english, en.clone(), translations, |field, written| {
            let there = parse(written, field)?;
            same_facts(c, written, field, (&english.get_ref()[..], &en), &there)?;
            Ok(there)
        })
    };
    let question = Question {
        answer: answer_pieces,
        hint: localized(hint, hint_en, &hints)?,
        explain: localized(explain, explain_en, &explains)?,
    };
    if c.loaded_model {
        // an answer of text alone (a fact this model cannot answer became a dash) is known now;
        // one with facts is checked when shown (the app drops a question whose answer renders to
        // nothing): rendering every lesson's answers here would run every lesson's probes
        let nothing_to_type = |p: &Piece| matches!(p, Piece::Text(t) if super::question::normalize(t).is_empty());
        if question.answer.iter().all(nothing_to_type) {
            return Ok(None);
        }
        return Ok(Some(question));
    }
    // an answer that renders to nothing could never be typed
    let full = cx.full();
    let expected = facts::render(&question.answer, full, cx.setup);
    if super::question::normalize(&expected).is_empty() {
        return Err(c.err(
            answer,
            "answer",
            format!("renders as `{expected}`, which has no words or numbers to type {}", see("answer")),
        ));
    }
    Ok(Some(question))
}

/// What a beat shows instead of a learner's own sentences (`sentence = …`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OwnSentences {
    /// `"lesson"`: the lesson's sentences.
    Lesson,
    /// `"reordered"`: the learner's first sentence and its tokens reversed.
    Reordered,
}

fn check_sentence(c: &Checker, given: &Option<toml::Spanned<String>>) -> Result<Option<OwnSentences>, LessonError> {
    let Some(s) = given else { return Ok(None) };
    match s.get_ref().trim() {
        "lesson" => Ok(Some(OwnSentences::Lesson)),
        "reordered" => Ok(Some(OwnSentences::Reordered)),
        other => Err(c.err(
            s,
            "sentence",
            format!(
                "is `{}`; it is \"lesson\" (keep the lesson's sentences on this beat) or \"reordered\" (the learner's first sentence beside its tokens reversed) {}",
                crate::text::escape_controls(other, false),
                see("sentence")
            ),
        )),
    }
}
