//! Parse and validate one lesson file into a `Lesson`. Every error names the file, the line,
//! the field, and what would be right; a lesson that loads can be shown to the end.

use super::coherence::{self, Shown};
use super::facts::{self, Piece};
use super::file::{BeatFile, LessonFile};
use crate::model::Variant;
use crate::model::Weights;
use crate::model::build;
use crate::model::program::{LinearRef, OpKind, Program, Proj, Side};
use crate::setup::{Setup, SetupError, TokenInput};
use std::fmt;
use std::sync::Arc;
use toml::Spanned;

/// How a beat shows its operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewKind {
    Heatmap,
    Mask,
    Softmax,
    LayerNorm,
    Vector,
    /// The most probable words per position, for the output's probabilities.
    TopWords,
    /// Text → tokens → ids for both sides, padding, vocab_size vs max_len.
    Tokens,
    /// The forward pass as stages with their shapes, computed ones marked.
    Pipeline,
    /// Parameter counts per block.
    Params,
    /// Note 003's RNN on the same sentence, next to attention.
    Rnn,
    /// LayerNorm and BatchNorm on the same tensor.
    NormCompare,
    /// Note 003's fused W_qkv, and the widths d_k and d_v.
    FusedQkv,
    /// Greedy decoding, one step at a time.
    Decode,
}

impl ViewKind {
    pub const ALL: [(&'static str, ViewKind); 13] = [
        ("heatmap", ViewKind::Heatmap),
        ("mask", ViewKind::Mask),
        ("softmax", ViewKind::Softmax),
        ("layernorm", ViewKind::LayerNorm),
        ("vector", ViewKind::Vector),
        ("top-words", ViewKind::TopWords),
        ("tokens", ViewKind::Tokens),
        ("pipeline", ViewKind::Pipeline),
        ("params", ViewKind::Params),
        ("rnn", ViewKind::Rnn),
        ("norm-compare", ViewKind::NormCompare),
        ("fused-qkv", ViewKind::FusedQkv),
        ("decode", ViewKind::Decode),
    ];

    pub fn name(self) -> &'static str {
        ViewKind::ALL.iter().find(|(_, v)| *v == self).map(|(n, _)| *n).unwrap_or("?")
    }

    /// Whether this view can show an operation of this kind and rank.
    pub fn fits(self, kind: OpKind, ndim: usize) -> bool {
        match self {
            ViewKind::Mask => kind.is_mask(),
            ViewKind::Softmax => kind == OpKind::Softmax && ndim == 4,
            ViewKind::LayerNorm => matches!(kind, OpKind::Add | OpKind::Normalize { .. } | OpKind::ScaleShift(_)),
            ViewKind::Heatmap | ViewKind::Vector => ndim >= 2,
            ViewKind::TopWords | ViewKind::Decode => kind == OpKind::Softmax && ndim == 3,
            ViewKind::Tokens => matches!(kind, OpKind::Embed(_)),
            ViewKind::Rnn => kind == OpKind::Embed(Side::Src),
            ViewKind::Pipeline | ViewKind::Params => true,
            ViewKind::NormCompare => kind == OpKind::Add && ndim == 3,
            ViewKind::FusedQkv => {
                matches!(kind, OpKind::Linear(LinearRef::Attn { proj: Proj::Q | Proj::K | Proj::V, .. }))
            }
        }
    }

    /// Text views whose rows are not the tensor's rows: ↑/↓ scroll them instead of choosing a row
    /// (a `decode` view's step is the beat's `step`).
    pub fn scrolls_lines(self) -> bool {
        matches!(
            self,
            ViewKind::Tokens
                | ViewKind::Pipeline
                | ViewKind::Params
                | ViewKind::Rnn
                | ViewKind::FusedQkv
                | ViewKind::Decode
        )
    }

    /// What a view needs, for the error when a beat's op does not fit it.
    pub fn needs(self) -> &'static str {
        match self {
            ViewKind::Tokens => "an embedding (src.embed or tgt.embed)",
            ViewKind::Rnn => "the source embedding, src.embed",
            ViewKind::NormCompare => "an Add & Norm's sum, e.g. enc.0.norm1.sum",
            ViewKind::FusedQkv => "a q, k or v projection, e.g. enc.0.self_attn.q_proj",
            ViewKind::Decode | ViewKind::TopWords => "the output probabilities, probs",
            _ => "another kind of operation",
        }
    }

    /// The view that suits an operation when a lesson does not say (free stepping).
    pub fn default_for(kind: OpKind, ndim: usize) -> ViewKind {
        match kind {
            kind if kind.is_mask() => ViewKind::Mask,
            OpKind::Softmax if ndim == 4 => ViewKind::Softmax,
            OpKind::Softmax => ViewKind::TopWords,
            OpKind::Add | OpKind::Normalize { .. } | OpKind::ScaleShift(_) => ViewKind::LayerNorm,
            OpKind::Embed(_) | OpKind::PositionalEncoding | OpKind::AddPositional => ViewKind::Vector,
            _ => ViewKind::Heatmap,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Beat {
    pub op: String,
    pub view: ViewKind,
    /// The prose as written, facts still in braces.
    pub text: String,
    /// The prose as text and facts to fill in from the run (see `facts`).
    pub pieces: Vec<Piece>,
    pub batch: Option<usize>,
    /// One head, or the mean of the heads (`head = "mean"`).
    pub head: Option<facts::HeadChoice>,
    pub row: Option<usize>,
    /// A variant of the model run beside the taught one (a what-if, or one of the notes' mistakes).
    pub what_if: Option<Variant>,
    /// The decoding step a `decode` view shows.
    pub step: Option<usize>,
    /// On a learner's own sentences, this beat still shows the lesson's (`sentence = "lesson"`).
    pub keeps_lesson_sentences: bool,
    /// When the beat asks the learner something: the answer and what to say.
    pub question: Option<Question>,
}

/// A question a beat asks. Its answer is a template of facts, computed from the run.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub answer: Vec<Piece>,
    /// Shown after the first wrong answer.
    pub hint: Vec<Piece>,
    /// Shown after the second wrong answer, or a right one.
    pub explain: Vec<Piece>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    pub id: String,
    pub title: String,
    pub order: i64,
    pub summary: String,
    pub src: String,
    pub tgt: String,
    pub beats: Vec<Beat>,
    /// Where it came from, e.g. `lessons/masks.toml`.
    pub file: String,
}

/// A lesson file that cannot be used: where, which field, what is wrong and what would be right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonError {
    pub file: String,
    pub line: usize,
    pub field: String,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // the file name as the directory gave it: written out if it holds control characters
        let file = crate::text::escape_controls(&self.file, false);
        if self.line == 0 {
            write!(f, "{file}: {}", self.message)
        } else {
            write!(f, "{file}:{}: field `{}`: {}", self.line, self.field, self.message)
        }
    }
}

impl std::error::Error for LessonError {}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The closest candidates to `wrong`, for "did you mean".
pub fn closest<'a>(wrong: &str, candidates: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut scored: Vec<(f64, &str)> =
        candidates.map(|c| (strsim::normalized_damerau_levenshtein(wrong, c), c)).filter(|(s, _)| *s >= 0.5).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

fn did_you_mean(options: &[&str]) -> String {
    match options {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        many => {
            format!("; did you mean one of {}?", many.iter().map(|o| format!("`{o}`")).collect::<Vec<_>>().join(", "))
        }
    }
}

struct Checker<'a> {
    file: &'a str,
    text: &'a str,
}

impl Checker<'_> {
    fn err<T>(&self, span: &Spanned<T>, field: &str, message: impl Into<String>) -> LessonError {
        LessonError {
            file: self.file.to_string(),
            line: line_of(self.text, span.span().start),
            field: field.into(),
            message: message.into(),
        }
    }

    fn non_empty(&self, s: &Spanned<String>, field: &str) -> Result<String, LessonError> {
        let v = s.get_ref().trim();
        if v.is_empty() { Err(self.err(s, field, "is empty; write a few words here")) } else { Ok(v.to_string()) }
    }

    fn index(
        &self,
        v: &Option<Spanned<i64>>,
        field: &str,
        limit: usize,
        what: &str,
    ) -> Result<Option<usize>, LessonError> {
        match v {
            None => Ok(None),
            Some(s) => {
                let n = *s.get_ref();
                if n < 0 || n as usize >= limit {
                    Err(self.err(s, field, format!("is {n}, but {what} run from 0 to {}", limit.saturating_sub(1))))
                } else {
                    Ok(Some(n as usize))
                }
            }
        }
    }
}

/// Parse and validate a lesson against the engine that will run it.
pub fn load_lesson(file: &str, text: &str, weights: &Arc<Weights>) -> Result<Lesson, LessonError> {
    let raw: LessonFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
        let message = e.message().to_string();
        let named = message.starts_with("unknown field") || message.starts_with("missing field");
        let field = if named {
            message.split('`').nth(1).unwrap_or("(file)").to_string()
        } else {
            // the key on the line of the error, if that line is `key = value`
            let start = e.span().map(|s| s.start).unwrap_or(0).min(text.len());
            let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
            let line = text[line_start..].lines().next().unwrap_or("");
            match line.split_once('=') {
                Some((key, _)) if !key.trim().is_empty() && !key.contains('"') => key.trim().to_string(),
                _ => "(syntax)".to_string(),
            }
        };
        LessonError { file: file.to_string(), line, field, message: format!("not a valid lesson file: {message}") }
    })?;
    let c = Checker { file, text };
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
    let src = c.non_empty(&raw.src, "src")?;
    let tgt = c.non_empty(&raw.tgt, "tgt")?;
    let setup = Setup::with_weights(
        weights.clone(),
        &TokenInput::Sentences(src.clone()),
        Some(&TokenInput::Sentences(tgt.clone())),
    )
    .map_err(|e| {
        let target =
            matches!(&e, SetupError::TooLong { side: "target", .. } | SetupError::BadIds { side: "target", .. });
        if target { c.err(&raw.tgt, "tgt", e.to_string()) } else { c.err(&raw.src, "src", e.to_string()) }
    })?;
    if let Some(u) = setup.unknown_src.first() {
        return Err(c.err(
            &raw.src,
            "src",
            format!(
                "`{}` is not in the vocabulary; use known words so the lesson shows what it says",
                crate::text::escape_controls(&u.word, false)
            ),
        ));
    }
    if let Some(u) = setup.unknown_tgt.first() {
        return Err(c.err(
            &raw.tgt,
            "tgt",
            format!(
                "`{}` is not in the vocabulary; use known words so the lesson shows what it says",
                crate::text::escape_controls(&u.word, false)
            ),
        ));
    }
    let program = build::transformer(&weights.config, setup.shape());
    if raw.beat.is_empty() {
        return Err(c.err(
            &raw.id,
            "beat",
            "the lesson has no beats; add at least one [[beat]] with op, view and text",
        ));
    }
    // the whole program run once, if a question needs its answer rendered
    let full = std::cell::OnceCell::new();
    let beats = raw.beat.iter().map(|b| check_beat(&c, b, &program, &setup, &full)).collect::<Result<Vec<_>, _>>()?;
    Ok(Lesson { id, title, order: *raw.order.get_ref(), summary, src, tgt, beats, file: file.to_string() })
}

fn check_beat(
    c: &Checker,
    b: &BeatFile,
    program: &Program,
    setup: &Setup,
    full: &std::cell::OnceCell<crate::model::Run>,
) -> Result<Beat, LessonError> {
    let op_name = b.op.get_ref().trim();
    let Some(index) = program.index_of(op_name) else {
        let hint = did_you_mean(&closest(op_name, program.names()));
        return Err(c.err(
            &b.op,
            "op",
            format!("no operation `{op_name}` in the engine{hint} (`transformer-tutor trace` lists them all)"),
        ));
    };
    let op = program.op(index);
    let view_name = b.view.get_ref().trim();
    let Some(view) = ViewKind::ALL.iter().find(|(n, _)| *n == view_name).map(|(_, v)| *v) else {
        let names: Vec<&str> = ViewKind::ALL.iter().map(|(n, _)| *n).collect();
        return Err(c.err(&b.view, "view", format!("no view `{view_name}`; views are {}", names.join(", "))));
    };
    if !view.fits(op.kind, op.shape.len()) {
        let suggestion = ViewKind::default_for(op.kind, op.shape.len()).name();
        return Err(c.err(
            &b.view,
            "view",
            format!(
                "`{view_name}` cannot show `{op_name}` ({}): it needs {}; try view = \"{suggestion}\"",
                op.kind.label(),
                view.needs()
            ),
        ));
    }
    let shape = setup.shape();
    let heads = setup.weights.config.n_heads;
    let rows = if op.shape.len() >= 2 { op.shape[op.shape.len() - 2] } else { 1 };
    let what_if = match &b.what_if {
        None => None,
        Some(s) => {
            let name = s.get_ref().trim();
            let Some(w) = Variant::from_name(name) else {
                let names: Vec<&str> = Variant::ALL.iter().map(|(n, _)| *n).collect();
                let near = closest(name, names.iter().copied());
                let hint = near.first().map(|n| format!("did you mean `{n}`? ")).unwrap_or_default();
                return Err(c.err(
                    s,
                    "what_if",
                    format!("no what-if `{name}`; {hint}what-ifs are {}", names.join(", ")),
                ));
            };
            Some(w)
        }
    };
    let batch = c.index(&b.batch, "batch", shape.batch, "batch rows")?;
    let step = match &b.step {
        None => None,
        Some(s) if view != ViewKind::Decode => {
            return Err(c.err(
                s,
                "step",
                "only a `decode` view has decoding steps; remove `step` or use view = \"decode\"",
            ));
        }
        // decoding takes at most max_len steps; how many it takes depends on the weights, and a
        // step past the end shows the last one
        Some(s) => c.index(&Some(s.clone()), "step", setup.weights.config.max_len, "decoding steps (max_len)")?,
    };
    let head = check_head(c, &b.head, heads)?;
    let keeps_lesson_sentences = match &b.sentence {
        None => false,
        Some(s) if s.get_ref().trim() == "lesson" => true,
        Some(s) => {
            return Err(c.err(
                s,
                "sentence",
                format!(
                    "is `{}`; the only value is \"lesson\" (keep the lesson's sentences on this beat)",
                    s.get_ref()
                ),
            ));
        }
    };
    // what the beat's screen shows, which every fact of its prose and question must be about
    let shown = Shown {
        view,
        op: op_name,
        batch: batch.unwrap_or(0),
        head: head.unwrap_or(facts::HeadChoice::One(0)),
        step: step.unwrap_or(0),
    };
    let text = crate::text::escape_controls(&c.non_empty(&b.text, "text")?, true);
    let pieces = parse_shown(c, &b.text, "text", &text, program, setup, &shown)?;
    let question = check_question(c, b, program, setup, full, &shown)?;
    Ok(Beat {
        op: op_name.to_string(),
        view,
        text,
        pieces,
        batch,
        head,
        row: c.index(&b.row, "row", rows, "rows of this tensor")?,
        what_if,
        step,
        keeps_lesson_sentences,
        question,
    })
}

/// Parse a field's facts and check that each is about what the beat shows.
fn parse_shown(
    c: &Checker,
    span: &Spanned<String>,
    field: &str,
    text: &str,
    program: &Program,
    setup: &Setup,
    shown: &Shown,
) -> Result<Vec<Piece>, LessonError> {
    let pieces = facts::parse(text, program, setup).map_err(|m| c.err(span, field, m))?;
    for piece in &pieces {
        if let Piece::Fact(fact) = piece {
            coherence::check(fact, shown, program).map_err(|m| c.err(span, field, m))?;
        }
    }
    Ok(pieces)
}

/// A beat's `head`: a head number below `heads`, or `"mean"`.
fn check_head(
    c: &Checker,
    head: &Option<Spanned<super::file::HeadField>>,
    heads: usize,
) -> Result<Option<facts::HeadChoice>, LessonError> {
    use super::file::HeadField;
    let Some(spanned) = head else { return Ok(None) };
    match spanned.get_ref() {
        HeadField::Name(name) if name.trim() == "mean" => Ok(Some(facts::HeadChoice::Mean)),
        HeadField::Name(name) => Err(c.err(
            spanned,
            "head",
            format!("is `{name}`; a head is a number from 0 to {} or \"mean\"", heads.saturating_sub(1)),
        )),
        HeadField::Index(n) => {
            let n = *n;
            if n < 0 || n as usize >= heads {
                Err(c.err(spanned, "head", format!("is {n}, but heads run from 0 to {}", heads.saturating_sub(1))))
            } else {
                Ok(Some(facts::HeadChoice::One(n as usize)))
            }
        }
    }
}

/// A beat's question: `answer`, `hint` and `explain` all given, or none of them.
fn check_question(
    c: &Checker,
    b: &BeatFile,
    program: &Program,
    setup: &Setup,
    full: &std::cell::OnceCell<crate::model::Run>,
    shown: &Shown,
) -> Result<Option<Question>, LessonError> {
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
                format!("a question needs answer, hint and explain; `{}` is missing", missing.join("`, `")),
            ));
        }
    };
    let parse = |s: &Spanned<String>, field: &str| -> Result<Vec<Piece>, LessonError> {
        let text = crate::text::escape_controls(&c.non_empty(s, field)?, true);
        parse_shown(c, s, field, &text, program, setup, shown)
    };
    let question =
        Question { answer: parse(answer, "answer")?, hint: parse(hint, "hint")?, explain: parse(explain, "explain")? };
    // an answer that renders to nothing could never be typed
    let full = full.get_or_init(|| {
        let mut run = setup.run();
        run.run_all();
        run
    });
    let expected = facts::render(&question.answer, full, setup);
    if super::question::normalize(&expected).is_empty() {
        return Err(c.err(answer, "answer", format!("renders as `{expected}`, which has no words or numbers to type")));
    }
    Ok(Some(question))
}
