//! What each view draws, already computed from the run, and which presenter computes it for
//! each view kind. Widgets in `ui` read these and never compute model values themselves.

use super::scene::Scene;
use crate::lesson::ViewKind;
use ndarray::Array2;

/// The value masked_fill writes; views print it as −1e9 and leave it out of colour scales.
pub const MASKED_SCORE: f32 = crate::model::kernels::MASK_FILL;

/// Everything the focused-tensor pane can show.
#[derive(Debug, Clone, PartialEq)]
pub enum ViewData {
    Heatmap(HeatmapData),
    Mask(MaskData),
    Softmax(SoftmaxData),
    LayerNorm(LayerNormData),
    Vector(VectorData),
    TopWords(TopWordsData),
    /// Views made of text lines: tokens, pipeline, params, rnn, decode, loss, ablation, … (16).
    Lines(LinesData),
}

/// The one place that picks a presenter for each view kind (a new view kind: one arm here and
/// its presenter in a `present_*.rs`; a widget in `ui/views/` and an arm in `ui/views/mod.rs`
/// only when it needs a kind of drawing `ViewData` does not have yet).
impl Scene<'_> {
    /// The data for the focused tensor's view.
    pub(super) fn compute_view_data(&self) -> ViewData {
        let (_, t) = self.focused();
        let op = self.run.program().op(self.op);
        let view = if self.kind.fits(op.kind, op.shape.len()) {
            self.kind
        } else {
            ViewKind::default_for(op.kind, op.shape.len())
        };
        if !view.needs_training()
            && let Some(g) = self.focused_gradient()
        {
            return self.gradient_view_data(g, view);
        }
        match view {
            ViewKind::Loss => ViewData::Lines(self.loss_lines()),
            ViewKind::GradFlow => ViewData::Lines(self.grad_flow_lines()),
            ViewKind::EmbedGrad => ViewData::Lines(self.embed_grad_lines()),
            ViewKind::AdamStep => ViewData::Lines(self.adam_step_lines()),
            ViewKind::Mask => ViewData::Mask(self.mask_data(t)),
            ViewKind::Softmax => ViewData::Softmax(self.softmax_data(t)),
            ViewKind::LayerNorm => ViewData::LayerNorm(self.layernorm_data()),
            ViewKind::Vector => ViewData::Vector(self.vector_data(t)),
            ViewKind::TopWords => ViewData::TopWords(self.top_words_data(t)),
            ViewKind::Heatmap => ViewData::Heatmap(self.heatmap_data(t)),
            ViewKind::Tokens => ViewData::Lines(self.tokens_lines()),
            ViewKind::Pipeline => ViewData::Lines(self.pipeline_lines()),
            ViewKind::Params => ViewData::Lines(self.params_lines()),
            ViewKind::Rnn => ViewData::Lines(self.rnn_lines()),
            ViewKind::NormCompare => ViewData::Lines(self.norm_compare_lines()),
            ViewKind::FusedQkv => ViewData::Lines(self.fused_qkv_lines()),
            ViewKind::Decode => ViewData::Lines(self.decode_lines()),
            ViewKind::KvCache => ViewData::Lines(self.kv_cache_lines()),
            ViewKind::Ablation => ViewData::Lines(self.ablation_lines()),
            ViewKind::LogitLens => ViewData::Lines(self.logit_lens_lines()),
            ViewKind::Contributions => ViewData::Lines(self.contributions_lines()),
            ViewKind::Patching => ViewData::Lines(self.patching_lines()),
            ViewKind::Alignment => ViewData::Lines(self.alignment_lines()),
            ViewKind::Activations => ViewData::Lines(self.activations_lines()),
            ViewKind::PeTable => ViewData::Heatmap(self.pe_table_data(t)),
            ViewKind::Dropout => ViewData::Lines(self.dropout_lines()),
        }
    }
}

/// How a piece of a text line is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Role {
    Plain,
    Dim,
    Title,
    /// The thing the beat is about (the selected row, the current stage).
    Strong,
    Accent,
    Good,
    Bad,
    /// A bar `fraction` (0..=1) of `cells` columns long, drawn by the widget in the accent colour;
    /// the piece takes all `cells` columns.
    Bar {
        fraction: f32,
        cells: usize,
    },
}

/// One styled piece of a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub text: String,
    pub role: Role,
}

/// A view as lines of styled pieces, top to bottom; the widget clips what does not fit.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinesData {
    pub lines: Vec<Vec<Piece>>,
    /// The lines that state what a question about this view asks (the line under a table that
    /// names its conclusion): withheld while the beat's question is unanswered.
    pub answer_lines: Vec<(usize, AnswerLine)>,
}

pub use super::view_withhold::AnswerLine;

impl LinesData {
    /// Start a new line.
    pub fn line(&mut self) -> &mut Self {
        self.lines.push(Vec::new());
        self
    }

    /// Add a piece to the current line.
    pub fn put(&mut self, text: impl Into<String>, role: Role) -> &mut Self {
        if self.lines.is_empty() {
            self.lines.push(Vec::new());
        }
        self.lines.last_mut().expect("a line").push(Piece { text: text.into(), role });
        self
    }

    /// Add a bar to the current line (the widget draws it).
    pub fn bar(&mut self, fraction: f32, cells: usize) -> &mut Self {
        self.put(String::new(), Role::Bar { fraction, cells })
    }

    /// A whole line of one role.
    pub fn push(&mut self, text: impl Into<String>, role: Role) -> &mut Self {
        self.line().put(text, role)
    }

    /// An empty line.
    pub fn gap(&mut self) -> &mut Self {
        self.line()
    }

    /// The current line states the view's conclusion: a question about the view is answered by
    /// it, so it is withheld until the question is.
    pub fn answer_line(&mut self) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            self.answer_lines.push((last, AnswerLine::Whole));
        }
        self
    }

    /// The current line shows `value`, which a question may ask for: withheld while a question
    /// whose answer it is stays unanswered.
    pub fn answer_value(&mut self, value: impl Into<String>) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            self.answer_lines.push((last, AnswerLine::Value(value.into())));
        }
        self
    }

    /// The current line shows `value`, one of `group`: withheld while a question whose answer is
    /// any of the group stays unanswered.
    pub fn answer_value_among(&mut self, value: impl Into<String>, group: &[String]) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            self.answer_lines.push((last, AnswerLine::Among { value: value.into(), group: group.to_vec() }));
        }
        self
    }

    /// The current line shows `value`, where a change ends: withheld while a question asks for
    /// it, or for which way the change went.
    pub fn answer_moved(&mut self, value: impl Into<String>) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            self.answer_lines.push((last, AnswerLine::Moved(value.into())));
        }
        self
    }

    /// The current line's emphasis states the view's conclusion: drawn plain while withheld.
    pub fn answer_emphasis(&mut self) -> &mut Self {
        if let Some(last) = self.lines.len().checked_sub(1) {
            self.answer_lines.push((last, AnswerLine::Emphasis));
        }
        self
    }

    /// The text of line `i`, its pieces joined.
    pub fn line_text(&self, i: usize) -> String {
        self.lines.get(i).map(|l| l.iter().map(|p| p.text.as_str()).collect()).unwrap_or_default()
    }
}

/// A 2-D slice of a tensor as a coloured grid with its numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatmapData {
    pub values: Array2<f32>,     // (rows, cols)
    pub row_labels: Vec<String>, // tokens for T axes, indices for feature axes
    pub col_labels: Vec<String>,
    pub row_axis: String, // "query", "token", "position"
    pub col_axis: String, // "key", "feature"
    pub selected_row: Option<usize>,
    /// The cell cursor's column (in cell mode), drawn reversed in the selected row.
    pub selected_col: Option<usize>,
    pub caption: String, // "batch 0 · head 1 of 4"
    /// Lines under the grid about the selected row (∂L/∂logits: its label's cell and its sum).
    pub footer: Vec<String>,
    /// The range the shades span when it is wider than the shown slice's (a gradient: the whole
    /// tensor, so a batch row whose gradient is a millionth of the other's draws pale).
    pub shade_over: Option<(f32, f32)>,
    /// Every row and column is in view: when they do not fit the pane, every k-th row (and
    /// column) is drawn, and a note says which, instead of a window that scrolls.
    pub fit_whole: bool,
    /// The selected row is drawn without its cells (`… (answer first)`): a question asks which
    /// key it weights most and is unanswered.
    pub withheld_row: bool,
}

/// Which kind of mask a mask grid shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaskKind {
    Padding,
    Causal,
    Combined,
}

impl MaskKind {
    pub fn describe(self) -> &'static str {
        match self {
            MaskKind::Padding => crate::strings::PADDING_MASK.get(),
            MaskKind::Causal => crate::strings::CAUSAL_MASK.get(),
            MaskKind::Combined => crate::strings::COMBINED_MASK.get(),
        }
    }
}

/// A 1/0 mask as a grid with token labels on both axes.
#[derive(Debug, Clone, PartialEq)]
pub struct MaskData {
    pub values: Array2<f32>, // (rows, cols), 1.0 or 0.0
    pub row_labels: Vec<String>,
    pub col_labels: Vec<String>,
    pub row_axis: String, // "query" or "batch row"
    pub col_axis: String, // "key"
    pub kind: MaskKind,
    pub shape_note: String, // "(2, 1, 1, 4): one row per batch entry, broadcast over every query"
    pub selected_row: Option<usize>,
    /// Text after each row's cells (a padding mask's own tokens), empty when none.
    pub row_notes: Vec<String>,
    /// Every cell drawn `?`: the beat asks which keys the mask hides from the selected row, and
    /// the learner has not answered yet (the labels and tokens, what the mask is made from, stay).
    pub withheld: bool,
}

/// One query row of attention weights.
#[derive(Debug, Clone, PartialEq)]
pub struct SoftmaxRow {
    pub label: String,     // the query token
    pub weights: Vec<f32>, // one per key
    pub masked: Vec<bool>, // true where the mask hid the key
    pub sum: f32,          // computed from the weights, printed as 1.000
}

/// Softmax rows: each query's weights as bars with the row sum; optionally a what-if run beside.
#[derive(Debug, Clone, PartialEq)]
pub struct SoftmaxData {
    pub rows: Vec<SoftmaxRow>,
    pub col_labels: Vec<String>, // key tokens
    pub selected_row: Option<usize>,
    pub caption: String,                            // "batch 0 · head 0 of 4"
    pub label: String,                              // "masked_fill(-1e9), as the code does"
    pub what_if: Option<(String, Vec<SoftmaxRow>)>, // ("mask × scores, as note 001 §5.1 says", rows)
    /// The keys a window of keys opens on when they do not all fit with their numbers, first
    /// the most wanted: the selected row's largest weight, then each other row's largest.
    pub key_focus: Vec<usize>,
}

/// Mean and standard deviation of one token's features.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeanStd {
    pub mean: f32,
    pub std: f32,
}

/// One token through an Add & Norm.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenNormStats {
    pub label: String,
    pub x: MeanStd,        // the sublayer's input (the residual branch)
    pub sublayer: MeanStd, // sublayer(x)
    pub sum: MeanStd,      // x + sublayer(x)
    pub normed: MeanStd,   // after LayerNorm, before gamma/beta (≈ 0 and ≈ 1)
    pub out: MeanStd,      // gamma·x̂ + beta
}

/// Residual and LayerNorm: per-token statistics, and one token's features before and after.
#[derive(Debug, Clone, PartialEq)]
pub struct LayerNormData {
    pub tokens: Vec<TokenNormStats>,
    pub selected: usize,    // which token's features are drawn
    pub before: Vec<f32>,   // the selected token's sum, (d_model,)
    pub after: Vec<f32>,    // the selected token's x̂, (d_model,)
    pub names: [String; 3], // ["enc.0.norm1.sum", "src.x", "enc.0.self_attn.out"]: sum, x, sublayer
    pub caption: String,
}

/// The most probable next words at each target position (the output's probs).
#[derive(Debug, Clone, PartialEq)]
pub struct TopWordsData {
    pub rows: Vec<(String, Vec<(String, f32)>)>, // (position's token, [(word, probability)] most probable first)
    pub rest: Vec<f32>,                          // each row's probability of the words not shown, summed
    pub vocab: usize,                            // how many words the probabilities are spread over
    pub selected_row: Option<usize>,
    pub caption: String,
}

/// Rows of vectors (embedding rows, PE rows) as a table.
#[derive(Debug, Clone, PartialEq)]
pub struct VectorData {
    pub rows: Vec<(String, Vec<f32>)>, // (label, values)
    pub col_axis: String,              // "feature"
    pub selected_row: Option<usize>,
    pub caption: String,
    /// Measurements under the rows: each row's length for an embedding, the root mean square of
    /// the sentence's real positions for embedding, PE and their sum.
    pub footer: Vec<String>,
}
