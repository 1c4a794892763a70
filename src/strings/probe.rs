//! The probes' words: `probe heads`'s table, the head-ablation, logit-lens, contribution and
//! patching views.

use crate::lang::Text;
use crate::lang::{message, message_with};

/// `probe heads`: the whole model's held-out scores, and what the table below it is.
pub fn heads_heading(pairs: usize, exact_pct: f64, exact: usize, loss: &str) -> String {
    message_with(
        "heads-heading",
        &[("pairs", &pairs), ("exact_pct", &format!("{:.1}", exact_pct)), ("exact", &exact), ("loss", &loss)],
    )
}

/// The column headings of `probe heads`'s table.
pub fn heads_columns() -> [&'static str; 7] {
    [
        message("heads-column-rank"),
        message("heads-column-block"),
        message("heads-column-head"),
        message("heads-column-exact-match"),
        message("heads-column-drop"),
        message("heads-column-loss"),
        message("heads-column-rise"),
    ]
}

/// The line under the table: what a small drop means.
pub fn heads_footer(harmless: usize, total: usize) -> String {
    message_with("heads-footer", &[("harmless", &harmless), ("total", &total)])
}

/// `probe heads` on a terminal, while it runs: runs done of all (the whole model, then each head).
pub fn probe_progress(done: usize, total: usize) -> String {
    message_with("probe-progress", &[("done", &done), ("total", &total)])
}

/// `probe align`: what is scored, and how.
pub fn align_heading(pairs: usize) -> String {
    message_with("align-heading", &[("pairs", &pairs)])
}

/// The column headings of `probe align`'s table (and the alignment view's).
pub fn align_columns() -> [&'static str; 5] {
    [
        message("align-column-block"),
        message("align-column-head"),
        message("align-column-aer"),
        message("align-column-precision"),
        message("align-column-recall"),
    ]
}

/// A layer's heads averaged, in the head column.
pub fn mean_of_heads_cell() -> &'static str {
    message("mean-of-heads-cell")
}

/// A row of the alignment table: block, head (or the mean), AER, precision, recall (percent).
pub fn align_cells(h: &crate::probe::alignment::HeadAlignment) -> [String; 5] {
    let head = h.head.map_or(mean_of_heads_cell().to_string(), |n| n.to_string());
    let pct = |v: f64| format!("{:.1}%", 100.0 * v);
    [h.block(), head, pct(h.counts.aer()), pct(h.counts.precision()), pct(h.counts.recall())]
}

/// The alignment view's title.
pub fn alignment_title(pairs: usize) -> String {
    message_with("alignment-title", &[("pairs", &pairs)])
}

/// The alignment view's line on how a head's links are read.
pub const ALIGNMENT_HOW: crate::lang::Text = crate::lang::Text::id("alignment-how-word-the-character-weighted");

/// Beside the best head of the layer the beat is on.
pub const BEST_IN_LAYER: crate::lang::Text = crate::lang::Text::id("best-in-layer-best-head-in-layer");

/// The line under the table: the best single head, and why one link per word cannot reach 0
/// (on a model that reads pieces, the links carried over from characters).
pub fn align_footer(block: &str, head: usize, aer: f64, one_link_best: f64, pieces: bool) -> String {
    message_with(
        if pieces { "align-footer-pieces" } else { "align-footer" },
        &[
            ("block", &block),
            ("head", &head),
            ("aer", &format!("{:.1}", aer)),
            ("one_link_best", &format!("{:.1}", one_link_best)),
        ],
    )
}

pub fn wrote_csv(rows: usize, path: impl std::fmt::Display) -> String {
    message_with("wrote-csv", &[("rows", &rows), ("path", &path)])
}

// the ablation view
// ---------------------------------------------------------------------------------------------

/// The ablation's title as the view shows it, with the keys that choose the head.
pub fn ablation_title(head: usize, block: &str) -> String {
    message_with("ablation-title", &[("head_block", &ablation_grid_title(head, block))])
}

/// The ablation's title as an exported grid gives it (no keys in a file).
pub fn ablation_grid_title(head: usize, block: &str) -> String {
    message_with("ablation-grid-title", &[("head", &head), ("block", &block)])
}

/// The three models an ablation compares: 0 the whole model, 1 the head out, 2 the head alone.
fn ablation_model(i: usize, head: usize) -> String {
    match i {
        0 => message("ablation-whole-model").to_string(),
        1 => message_with("ablation-head-out", &[("head", &head)]),
        _ => message_with("ablation-head-alone", &[("head", &head)]),
    }
}

fn ablation_cells(head: usize) -> [String; 4] {
    let first = message("ablation-cells");
    [first.to_string(), ablation_model(0, head), ablation_model(1, head), ablation_model(2, head)]
}

pub fn ablation_columns(head: usize) -> String {
    use crate::text::pad;
    let cells = ablation_cells(head);
    format!("{}{}{}{}", pad(&cells[0], 16), pad(&cells[1], 16), pad(&cells[2], 16), cells[3])
}

/// The ablation table's three columns, for its CSV and SVG.
pub fn ablation_grid_columns(head: usize) -> Vec<String> {
    ablation_cells(head)[1..].to_vec()
}

/// A target position and the token it reads, as the first cell of a row.
pub fn position_reads(t: usize, token: &str) -> String {
    crate::text::pad(&format!("{t} {token}"), 16)
}

/// The label before translation `i`: 0 the whole model, 1 head out, 2 head alone.
pub fn ablation_translation(i: usize, head: usize) -> String {
    let label = ablation_model(i, head);
    let heading = message("ablation-translation");
    let line = message_with("ablation-translation-2", &[("heading", &heading), ("label", &label)]);
    crate::text::pad(&line, 30)
}

/// The heading of the ablation view's held-out lines, its columns over `ablation_heldout_line`'s.
pub fn ablation_heldout_heading(pairs: usize) -> String {
    let title = message_with("ablation-held-out-title", &[("pairs", &pairs)]);
    let (exact, loss) = (message("ablation-held-out-exact-match"), message("ablation-held-out-loss"));
    format!("{}{}  {}", crate::text::pad(&title, 40), crate::text::pad_left(exact, 11), crate::text::pad_left(loss, 9))
}

/// One held-out line: the model (0 whole, 1 head out, 2 head alone), the share of translations
/// that match exactly, in percent, and the mean loss per target word (three significant digits,
/// as `probe heads` prints it).
pub fn ablation_heldout_line(i: usize, head: usize, exact_pct: f64, loss: f64) -> String {
    let label = ablation_model(i, head);
    let pct = format!("{exact_pct:.1}%");
    format!(
        "  {}{}  {}",
        crate::text::pad(&label, 38),
        crate::text::pad_left(&pct, 11),
        crate::text::pad_left(&crate::text::grad_text(loss), 9)
    )
}

// the logit lens
// ---------------------------------------------------------------------------------------------

pub fn lens_title(t: usize, token: &str) -> String {
    message_with("lens-title", &[("t", &t), ("token", &token)])
}

/// A stream's op as the sublayer it follows: `dec.1.norm2.out` → `dec.1 cross-attention`.
pub fn lens_after(op: &str) -> String {
    let layer = op.split('.').take(2).collect::<Vec<_>>().join(".");
    let which = op.split('.').nth(2).unwrap_or("");
    let sub = match which {
        "norm1" => message("lens-sublayer-self-attention"),
        "norm2" => message("lens-sublayer-cross-attention"),
        _ => message("lens-sublayer-feed-forward"),
    };
    message_with("lens-after", &[("layer", &layer), ("sub", &sub)])
}

pub fn lens_forms(word: &str, op: &str) -> String {
    message_with("lens-forms", &[("word", &word), ("op", &op), ("after_op", &lens_after(op))])
}

// contributions
// ---------------------------------------------------------------------------------------------

pub fn contributions_title(block: &str, head: usize, row: usize, query: &str) -> String {
    message_with("contributions-title", &[("block", &block), ("head", &head), ("row", &row), ("query", &query)])
}

pub fn contributions_columns() -> String {
    message("contributions-columns").into()
}

pub fn contributions_summary(top_weight: &str, top_norm: &str) -> String {
    let args: [crate::lang::Arg; 2] = [("top_weight", &top_weight), ("top_norm", &top_norm)];
    match top_weight == top_norm {
        true => message_with("contributions-summary-same", &args),
        false => message_with("contributions-summary-differ", &args),
    }
}

// patching
// ---------------------------------------------------------------------------------------------

pub const PATCHING_NEEDS_TWO: crate::lang::Text = crate::lang::Text::id("patching-needs-two-patching-needs-two-source");

pub fn patching_title(from: &str, to: &str) -> String {
    message_with("patching-title", &[("from", &from), ("to", &to)])
}

pub fn patching_base(a: &str, ta: &str, b: &str, tb: &str) -> String {
    message_with("patching-base", &[("a", &a), ("ta", &ta), ("b", &b), ("tb", &tb)])
}

pub fn patching_after(op: &str) -> String {
    message_with("patching-after", &[("op", &op)])
}

/// The line under the last layer patched when later layers exist (`first` to `last`, `n` of
/// them): where they are patched.
pub fn patching_later(first: &str, last: &str, n: usize) -> String {
    message_with("patching-later", &[("first", &first), ("last", &last), ("n", &n)])
}

pub fn patching_position(p: usize, to: &str, from: &str) -> String {
    format!("  {p} {to} ← {from}")
}

/// `C` where there are no attention weights to probe.
pub const PROBE_VIEW_NOT_ON_GRADIENT: Text = Text::id("probe-view-not-on-gradient");
pub const PROBE_VIEW_NEEDS_WEIGHTS: Text = Text::id("probe-view-needs-weights");
