//! What the learner looks at and how: the view kind, the selection, the focused pane, the
//! scroll positions, the input line, the status message, the help overlay and the screen. The
//! fields are the app's own; everything outside `app` reads them through `App`'s methods.

use crate::lang::Lang;
use crate::lesson::ViewKind;

/// What an input line is typed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InputFor {
    /// The answer to the beat's question.
    #[default]
    Answer,
    /// A new source sentence (`e`): the run restarts on it at the current beat.
    Sentence,
}

/// What fills the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// A lesson's beats.
    Lesson,
    /// The list of lessons, with the cursor on one.
    List { cursor: usize },
}

/// The panes that can hold focus, in Tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Prose,
    Tensor,
    Trace,
    Map,
}

impl Pane {
    const ORDER: [Pane; 4] = [Pane::Prose, Pane::Tensor, Pane::Trace, Pane::Map];

    /// The pane `by` steps on in Tab order, skipping the map when it is not on screen.
    pub(super) fn shifted(self, by: isize, map_shown: bool) -> Pane {
        let order: Vec<Pane> = Pane::ORDER.into_iter().filter(|p| map_shown || *p != Pane::Map).collect();
        let i = order.iter().position(|p| *p == self).unwrap_or(0) as isize;
        order[(i + by).rem_euclid(order.len() as isize) as usize]
    }
}

/// Which slice of the focused tensor is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Selection {
    pub batch: usize,
    pub head: usize,
    /// The attention slice shown is the mean over the heads (the stop after the last head on `]`);
    /// `head` is where `]` continues from.
    pub mean_of_heads: bool,
    pub row: usize,
    /// First column shown in a heatmap, for tensors wider than the screen (< and > move it).
    pub first_col: usize,
    /// The adam-step view's weight, (row, column) of its matrix (a vector is row 0), chosen
    /// with the cell cursor; None shows the weight with the largest gradient.
    pub weight_at: Option<(usize, usize)>,
}

/// How far < and > move the heatmap's columns.
pub const COLUMN_STEP: usize = 16;

/// Something the terminal loop must do outside the pure update (it touches files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    SaveTensor,
    SaveFrame,
    SaveGrid,
}

/// The view state of a session: nothing here changes what the model computes.
#[derive(Debug, Clone)]
pub(super) struct ViewState {
    /// How the focused tensor is drawn.
    pub(super) kind: ViewKind,
    pub(super) selection: Selection,
    /// In cell mode, the column of the cell cursor (its row is `selection.row`).
    pub(super) cell_col: Option<usize>,
    pub(super) focus: Pane,
    /// Whether the screen has room for the architecture map (the wide layout); `Action::Fit`
    /// sets it before every frame, and Tab skips the map when it is not shown.
    pub(super) map_shown: bool,
    pub(super) help: bool,
    /// The glossary overlay is open.
    pub(super) glossary: bool,
    /// The code pane (`p`) is shown in the shape trace's place.
    pub(super) code: bool,
    /// The first line the help overlay shows (↑/↓ and PgUp/PgDn scroll it on a short screen).
    pub(super) help_scroll: usize,
    /// The first term the glossary overlay shows (`Action::Fit` keeps the selected one in view).
    pub(super) glossary_scroll: usize,
    /// The glossary overlay's selected term (↑/↓ and PgUp/PgDn move it), whose code it shows.
    pub(super) glossary_term: usize,
    pub(super) prose_scroll: u16,
    /// First line shown of a text view (tokens, pipeline, params, rnn, fused-qkv) taller than its pane.
    pub(super) lines_scroll: usize,
    /// The text view opens on what the beat names (its ▶ line, the stages, sections and values
    /// the prose quotes: `Piece::View`'s `reveal`), and `Action::Fit` keeps `lines_scroll` at
    /// the first line so drawn; ↑/↓ hand the scroll to the learner until the next beat or op.
    pub(super) lines_follow: bool,
    /// First line shown of a cell's derivation taller than its part of the pane (PgUp/PgDn in
    /// cell mode); back to 0 when the cursor moves.
    pub(super) derivation_scroll: usize,
    pub(super) status: String,
    pub(super) effect: Option<Effect>,
    pub(super) quit: bool,
    pub(super) screen: Screen,
    /// The text being typed, while an input line is open (an answer, or a sentence).
    pub(super) input: Option<String>,
    /// What the open input line is for.
    pub(super) input_for: InputFor,
    /// The language of every word on the screen (`z` changes it); `update` and `present` read
    /// the words in it.
    pub(super) lang: Lang,
    /// Where the panes the prose points at are drawn (`{where view}`): `Action::Fit` measures
    /// it from the frame before every draw.
    pub(super) layout: crate::lesson::facts::PaneLayout,
}

impl ViewState {
    /// Nothing selected yet, the tensor pane focused, on `screen`, in `lang`.
    pub(super) fn new(screen: Screen, lang: Lang) -> ViewState {
        ViewState {
            kind: ViewKind::Heatmap,
            selection: Selection::default(),
            cell_col: None,
            focus: Pane::Tensor,
            map_shown: true,
            help: false,
            glossary: false,
            code: false,
            glossary_scroll: 0,
            glossary_term: 0,
            help_scroll: 0,
            prose_scroll: 0,
            lines_scroll: 0,
            lines_follow: true,
            derivation_scroll: 0,
            status: String::new(),
            effect: None,
            quit: false,
            screen,
            input: None,
            input_for: InputFor::Answer,
            lang,
            layout: crate::lesson::facts::PaneLayout::WIDE,
        }
    }
}
