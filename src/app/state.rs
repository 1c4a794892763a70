//! The app: a session (`Session`: lesson, runs, what-if, progress) and what the learner looks at
//! (`ViewState`), with the view data computed from them (`ViewCache`). `update` is the one thing
//! that changes them; drawing reads the app through its methods.

use super::cache::ViewCache;
use super::keymap::Mode;
use super::session::{Session, prepare};
use super::view_state::ViewState;
use crate::lesson::question::Attempt;
use crate::lesson::{Lesson, ViewKind};
use crate::model::Weights;
use crate::progress::Progress;
use crate::setup::{Setup, SetupError, TokenInput};
use crate::strings;
use std::sync::Arc;

pub use super::view_state::{COLUMN_STEP, Effect, InputFor, Pane, Screen, Selection};

#[derive(Debug)]
pub struct App {
    pub(super) session: Session,
    pub(super) view: ViewState,
    /// The focused view's data and the what-if's comparison, computed when what they depend on changes.
    pub(super) cache: ViewCache,
    /// Slow views computed on a worker thread, in the terminal tutor.
    pub(super) background: super::background::Background,
    /// The current beat's words, filled in from the run when they change.
    pub(super) beat_words: super::text_cache::BeatText,
    /// Which glossary terms each beat uses first, for the open lesson in the screen's language.
    pub(super) first_uses: super::first_uses::FirstUses,
}

impl App {
    /// A session on `lesson` alone, at its first beat (the engine has run up to that beat's operation).
    pub fn new(lesson: Lesson, weights: Arc<Weights>) -> Result<App, SetupError> {
        App::with_lessons(Arc::new(vec![lesson]), 0, 0, weights, Progress::new(), Screen::Lesson)
    }

    /// A session on every lesson, with lesson `index` open at `beat`, in the language the
    /// program was started in (`main` chooses it: `--lang`, the learner's saved choice, the
    /// locale); `z` changes it, and `App::lang` says it.
    pub fn with_lessons(
        lessons: Arc<Vec<Lesson>>,
        index: usize,
        beat: usize,
        weights: Arc<Weights>,
        progress: Progress,
        screen: Screen,
    ) -> Result<App, SetupError> {
        App::opened(lessons, (index, beat), weights, progress, screen, false)
    }

    /// `with_lessons` for the terminal tutor: its slow views are computed on a worker from the
    /// first one on, so that the screen opens at once (probes on a loaded translator took
    /// seconds before the terminal showed anything).
    pub fn for_the_terminal(
        lessons: Arc<Vec<Lesson>>,
        (index, beat): (usize, usize),
        weights: Arc<Weights>,
        progress: Progress,
        screen: Screen,
    ) -> Result<App, SetupError> {
        App::opened(lessons, (index, beat), weights, progress, screen, true)
    }

    fn opened(
        lessons: Arc<Vec<Lesson>>,
        (index, beat): (usize, usize),
        weights: Arc<Weights>,
        progress: Progress,
        screen: Screen,
        background: bool,
    ) -> Result<App, SetupError> {
        let index = index.min(lessons.len().saturating_sub(1));
        let session = Session::new(lessons, index, weights, progress)?;
        let mut app = App {
            session,
            view: ViewState::new(screen, crate::lang::current()),
            cache: ViewCache::default(),
            background: Default::default(),
            beat_words: Default::default(),
            first_uses: Default::default(),
        };
        app.background.on = background;
        app.go_to_beat(beat);
        Ok(app)
    }

    /// Open lesson `index` at `beat`.
    pub fn open_lesson(&mut self, index: usize, beat: usize) {
        self.open(index, beat);
        self.refresh();
    }

    pub(super) fn open(&mut self, index: usize, beat: usize) {
        let lesson = self.session.lessons[index.min(self.session.lessons.len() - 1)].clone();
        match prepare(&lesson, self.session.setup.weights.clone()) {
            Ok((setup, run, full)) => {
                self.session.lesson_index = index;
                self.session.lesson = lesson;
                self.session.setup = setup;
                self.session.run = run;
                self.session.full = full;
                self.view.screen = Screen::Lesson;
                self.view.input = None;
                self.session.own_sentences = false;
                self.session.stashed_own = None;
                self.session.instead = super::session::Instead::Own;
                self.session.sentences_generation += 1;
                self.refresh_dial_translations();
                self.enter_beat(beat);
            }
            Err(e) => self.view.status = strings::cannot_open(&lesson.id, &e.to_string()),
        }
    }

    /// Which keys mean what now.
    pub fn key_mode(&self) -> Mode {
        match (self.view.screen, &self.view.input) {
            (Screen::List { .. }, _) => Mode::List,
            (Screen::Lesson, Some(_)) => Mode::Input,
            (Screen::Lesson, None) if self.view.cell_col.is_some() => Mode::Cell,
            (Screen::Lesson, None) => Mode::Lesson,
        }
    }

    /// The current beat's question, if it asks one.
    pub fn question(&self) -> Option<&crate::lesson::Question> {
        let question = self.session.lesson.beats[self.session.beat].question.as_ref()?;
        // on a loaded translator, an answer that names what the model does not have renders to
        // nothing (lessons are checked against it only as each beat is shown, which then drops
        // the question): not asked meanwhile
        (!self.answer_renders_empty()).then_some(question)
    }

    /// How far the learner has got with the current beat's question.
    pub fn attempt(&self) -> Attempt {
        self.session.progress.attempt(&self.session.lesson.id, self.session.beat)
    }

    /// A question's hint or explanation (in the screen's language: pass `Question::hint_in`'s or
    /// `explain_in`'s pieces), its facts filled in.
    pub fn question_text(&self, pieces: &[crate::lesson::facts::Piece]) -> String {
        crate::lesson::facts::render_laid_out(pieces, &self.session.full, &self.session.setup, self.view.layout)
    }

    /// The sentences being run, `;` between batch rows: the source side, or the target.
    pub fn sentences(&self, source: bool) -> String {
        sentences_of(&self.session.setup, source)
    }

    /// The sentences being run as the model reads them, for a heading: like `sentences`, but a
    /// piece the vocabulary lacks shows as `<unk>` (a Marian's decoding leaves it out).
    pub fn sentences_as_read(&self, source: bool) -> String {
        let setup = &self.session.setup;
        let (ids, vocab) =
            if source { (&setup.src_ids, setup.src_vocab()) } else { (&setup.tgt_ids, setup.tgt_vocab()) };
        let unk =
            vocab.id(crate::model::vocab::UNK).filter(|_| vocab.tokenizer == crate::model::vocab::Tokenizer::Pieces);
        let Some(unk) = unk else { return self.sentences(source) };
        let pad = setup.weights.config.pad_idx;
        let row = |r: Vec<usize>| {
            let parts: Vec<&[usize]> = r.split(|&id| id == unk).collect();
            let mut text = vocab.decode(parts[0]);
            for part in &parts[1..] {
                text.push_str(crate::model::vocab::UNK);
                // a piece that starts a word keeps its space after the `<unk>`
                if part.first().is_some_and(|&id| vocab.word(id).starts_with('▁')) {
                    text.push(' ');
                }
                text.push_str(&vocab.decode(part));
            }
            text
        };
        ids.rows().into_iter().map(|r| row(strip_pad(r.to_vec(), pad))).collect::<Vec<_>>().join(" ; ")
    }

    /// Run the current lesson on other sentences (`;` between batch rows): with no target, the
    /// model's own greedy translation. The run restarts at the current beat; the lesson's prose
    /// stays, its facts read from the new run (and say so where the new sentences lack a row).
    pub fn set_sentences(&mut self, src: &str, tgt: Option<&str>) -> Result<(), String> {
        let ran = self.run_sentences(src, tgt);
        self.refresh();
        ran
    }

    pub(super) fn run_sentences(&mut self, src: &str, tgt: Option<&str>) -> Result<(), String> {
        let setup = self
            .setup_of(
                &TokenInput::Sentences(src.to_string()),
                tgt.map(|t| TokenInput::Sentences(t.to_string())).as_ref(),
            )
            .map_err(|e| strings::sentence_refused(&e.to_string()))?;
        // a beat of this lesson runs the first sentence twice (and reversed): refused now, with
        // the sentences, when that run would be over a budget, not found out on the way there
        if self.session.lesson.beats.iter().any(|b| b.reorders_sentence)
            && let Err(e @ SetupError::Budget(_)) = self.reordered_of(&setup)
        {
            return Err(strings::sentence_refused(&e.to_string()));
        }
        let (run, full) = super::session::runs_of(&setup);
        self.session.setup = setup;
        self.session.run = run;
        self.session.full = full;
        self.session.stashed_own = None;
        self.session.instead = super::session::Instead::Own;
        self.view.input = None;
        self.session.own_sentences = true;
        self.session.sentences_generation += 1;
        self.refresh_dial_translations();
        self.enter_beat(self.session.beat);
        // what this beat runs: the learner's sentences, or what it must run instead
        self.view.status = self.sentences_status().into();
        Ok(())
    }

    /// A setup of these sentences run by the session's weights; with no target, the model the
    /// session started with translates (not a checkpoint on the dial).
    fn setup_of(&self, src: &TokenInput, tgt: Option<&TokenInput>) -> Result<Setup, crate::setup::SetupError> {
        let translator = self.session.dial.own.clone().unwrap_or_else(|| self.session.setup.weights.clone());
        let setup = Setup::with_weights(translator, src, tgt)?;
        Ok(setup.with_other_weights(self.session.setup.weights.clone()).for_training(self.session.lesson.training))
    }

    /// The first sentence on screen and, as batch row 1, its pieces in reverse order (the same
    /// tokens; a start token, a leading bare `▁` and a Marian's `</s>` stay in place:
    /// `markers::reversible`), translated by the model; None when reversing changes nothing (one
    /// piece, or a palindrome). Err: that run is
    /// refused (over a budget: two rows of the sentence take twice one row's memory).
    pub(super) fn reordered_setup(&self) -> Result<Option<Setup>, SetupError> {
        self.reordered_of(&self.session.setup)
    }

    fn reordered_of(&self, setup: &Setup) -> Result<Option<Setup>, SetupError> {
        let vocab = setup.src_vocab();
        let mut ids: Vec<usize> = setup.src_ids.row(0).to_vec();
        while ids.last() == Some(&vocab.pad_id()) {
            ids.pop();
        }
        let reversed = crate::lesson::facts::markers::reversed_pieces(setup, &ids);
        if reversed == ids {
            return Ok(None);
        }
        let row = |ids: &[usize]| ids.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        self.setup_of(&TokenInput::Ids(format!("{};{}", row(&ids), row(&reversed))), None).map(Some)
    }

    /// Lesson `i`'s place in the list, for `--list` and the list screen.
    pub fn lesson_status(&self, i: usize) -> crate::progress::Status {
        self.session.progress.lesson_status(&self.session.lessons[i])
    }

    pub fn beat_count(&self) -> usize {
        self.session.lesson.beats.len()
    }

    /// The beat's own view on the beat's operation; otherwise the view that suits the operation.
    pub(super) fn view_for_op(&self) -> ViewKind {
        if self.on_beat_op() {
            return self.session.lesson.beats[self.session.beat].view;
        }
        let op = self.session.run.program().op(self.session.op);
        // a beat's probe (ablation, contributions) or one-step check follows the learner to every
        // operation . and , step to that it can show
        let beat_view = self.session.lesson.beats[self.session.beat].view;
        if beat_view.follows_across_ops() && beat_view.fits(op.kind, op.shape.len()) {
            return beat_view;
        }
        if self.session.gradient && op.shape.len() >= 2 {
            return ViewKind::Heatmap; // a gradient is numbers, not probabilities or a mask
        }
        ViewKind::default_for(op.kind, op.shape.len())
    }

    /// Beat `i`'s prose in the screen's language, its facts filled in, and the other language's
    /// term beside each term the lesson uses here for the first time (层归一化（LayerNorm）).
    pub fn text_of_beat(&self, i: usize) -> String {
        let lang = self.view.lang;
        let beats = &self.session.lesson.beats;
        let (full, setup) = (&self.session.full, &self.session.setup);
        let text = crate::lesson::facts::render_laid_out(beats[i].prose(lang), full, setup, self.view.layout);
        let glossary = crate::lesson::glossary::Glossary::built_in();
        let terms = self.terms_new_at(i);
        glossary.annotate_terms(&text, &terms, lang)
    }

    /// The prose of beat `i` as written in the screen's language, facts filled in, no glossary.
    pub fn plain_text_of_beat(&self, i: usize) -> String {
        let lang = self.view.lang;
        let prose = self.session.lesson.beats[i].prose(lang);
        crate::lesson::facts::render_laid_out(prose, &self.session.full, &self.session.setup, self.view.layout)
    }

    /// The focused operation's name and tensor: its output, or (on a gradient) ∂loss/∂output.
    pub fn focused(&self) -> (&str, &ndarray::ArrayD<f32>) {
        self.scene().focused()
    }

    /// ∂loss/∂(the focused operation's output), when the screen shows the gradient.
    pub fn focused_gradient(&self) -> Option<&ndarray::ArrayD<f32>> {
        self.scene().focused_gradient()
    }

    /// Whether the screen shows a gradient (the backward pass) rather than an output.
    pub fn shows_gradient(&self) -> bool {
        self.scene().shows_gradient()
    }

    /// Whether the focused operation is the current beat's own (not reached by free stepping).
    pub fn on_beat_op(&self) -> bool {
        self.session.run.program().op(self.session.op).name == self.session.lesson.beats[self.session.beat].op
    }
}

/// A setup's sentences of one side, `;` between batch rows.
pub(super) fn sentences_of(setup: &Setup, source: bool) -> String {
    let (ids, vocab) = if source { (&setup.src_ids, setup.src_vocab()) } else { (&setup.tgt_ids, setup.tgt_vocab()) };
    let pad = setup.weights.config.pad_idx;
    let rows: Vec<String> = ids.rows().into_iter().map(|r| vocab.decode(&strip_pad(r.to_vec(), pad))).collect();
    rows.join(" ; ")
}

/// A row of ids without its tail of `pad` (the model's `<pad>`).
fn strip_pad(mut ids: Vec<usize>, pad: usize) -> Vec<usize> {
    while ids.last() == Some(&pad) {
        ids.pop();
    }
    ids
}
