//! The lesson file as a teacher writes it (TOML; the schema is lessons/FORMAT.md). Every field
//! keeps its place in the file, so validation can say which line is wrong. Prose is written in
//! English (`text`) and again in each other language (`text_zh`): a new language adds its fields
//! here and its row to each `…_translations` list, and nothing else in the loader changes.

use crate::lang::Lang;
use serde::Deserialize;
use toml::Spanned;

/// A field's other languages as the file gives them: the language, the field's name in the file
/// (`text_zh`) and its value, if written.
pub type Translations<'a> = Vec<(Lang, &'static str, &'a Option<Spanned<String>>)>;

impl LessonFile {
    pub fn title_translations(&self) -> Translations<'_> {
        vec![(Lang::Zh, "title_zh", &self.title_zh)]
    }

    pub fn summary_translations(&self) -> Translations<'_> {
        vec![(Lang::Zh, "summary_zh", &self.summary_zh)]
    }
}

impl BeatFile {
    pub fn text_translations(&self) -> Translations<'_> {
        vec![(Lang::Zh, "text_zh", &self.text_zh)]
    }

    pub fn hint_translations(&self) -> Translations<'_> {
        vec![(Lang::Zh, "hint_zh", &self.hint_zh)]
    }

    pub fn explain_translations(&self) -> Translations<'_> {
        vec![(Lang::Zh, "explain_zh", &self.explain_zh)]
    }
}

/// The version alone, read before the rest: a lesson of another format may have other fields.
#[derive(Debug, Deserialize)]
pub struct FormatOnly {
    pub format: Option<Spanned<toml::Value>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// The lesson format, 1 (checked first, from `FormatOnly`).
    pub format: Spanned<toml::Value>,
    pub id: Spanned<String>,
    pub title: Spanned<String>,
    /// The title in Chinese.
    pub title_zh: Option<Spanned<String>>,
    /// Place in the curriculum (the notes' order of ideas, 1..14).
    pub order: Spanned<i64>,
    /// Which of the notes' fourteen ideas (`../shared/notes/README.md`) the lesson teaches.
    pub ideas: Option<Spanned<Vec<i64>>>,
    /// One line for `--list`.
    pub summary: Spanned<String>,
    /// The summary in Chinese.
    pub summary_zh: Option<Spanned<String>>,
    /// Source sentences, `;` between batch rows.
    pub src: Spanned<String>,
    /// Target sentences, `;` between batch rows.
    pub tgt: Spanned<String>,
    /// `"training"`: the lesson runs the training program (the loss instead of `probs`), and its
    /// beats may show gradients (`grad = true`). Without it, the forward pass as translated.
    pub program: Option<Spanned<String>>,
    #[serde(default)]
    pub beat: Vec<BeatFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeatFile {
    /// The engine operation this beat runs up to and shows.
    pub op: Spanned<String>,
    /// How to show it: a `ViewKind` name.
    pub view: Spanned<String>,
    /// The prose: a few sentences about the numbers on screen.
    pub text: Spanned<String>,
    /// The prose in Chinese: the same facts, written for a Chinese reader.
    pub text_zh: Option<Spanned<String>>,
    /// A batch row, or `"shortest-src"`/`"shortest-tgt"`: the row with the fewest real tokens.
    pub batch: Option<Spanned<HeadField>>,
    /// A head number, or `"mean"` for the mean of the heads.
    pub head: Option<Spanned<HeadField>>,
    /// A row number, or `"last"`: the tensor's last row on the run's sentences.
    pub row: Option<Spanned<HeadField>>,
    pub what_if: Option<Spanned<String>>,
    /// `"lesson"`: on a learner's own sentences this beat still shows the lesson's sentences
    /// (its prose is about them), and says so.
    pub sentence: Option<Spanned<String>>,
    /// The decoding step a `decode` view shows (0: the word after `<bos>`).
    pub step: Option<Spanned<i64>>,
    /// Show ∂loss/∂(the operation's output) instead of the output (a training lesson only).
    pub grad: Option<Spanned<bool>>,
    /// A question: the expected answer, a template of facts such as `{shape dec.0.cross_attn.weights}`.
    pub answer: Option<Spanned<String>>,
    /// Shown after the first wrong answer.
    pub hint: Option<Spanned<String>>,
    pub hint_zh: Option<Spanned<String>>,
    /// Shown after the second wrong answer, or a right one.
    pub explain: Option<Spanned<String>>,
    pub explain_zh: Option<Spanned<String>>,
}

/// A beat's `head` (a number, or `"mean"`) or `batch` (a number, or `"shortest-src"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum HeadField {
    Index(i64),
    Name(String),
}

/// `glossary.toml` as written (built in; read by lesson/glossary_load.rs, checked by
/// tests/glossary.rs).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlossaryFile {
    #[allow(dead_code)] // read so that a later format is noticed by the test that loads it
    pub format: i64,
    pub term: Vec<TermFile>,
}

/// One `[[term]]`: its name and other spellings in each language (`en`, `also_en`, `zh`, …).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermFile {
    pub en: String,
    pub zh: String,
    #[serde(default)]
    pub also_en: Vec<String>,
    #[serde(default)]
    pub also_zh: Vec<String>,
    pub note: String,
    #[serde(default = "named_by_default")]
    pub named: bool,
    pub lesson: String,
    /// Optional: the op kind whose code computes the term (`softmax`: a key of `code::KINDS`),
    /// kept with its place so that an unknown one is refused on its line.
    pub op: Option<Spanned<String>>,
}

fn named_by_default() -> bool {
    true
}

impl TermFile {
    /// Each language's name and other spellings of the term.
    pub fn languages(&self) -> Vec<(Lang, &String, &Vec<String>)> {
        vec![(Lang::En, &self.en, &self.also_en), (Lang::Zh, &self.zh, &self.also_zh)]
    }
}
