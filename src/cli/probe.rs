//! `transformer-tutor probe heads`: the ranking as a text table and as CSV.

use crate::explore::heads::{HeadRanking, HeadScore};
use crate::model::arch::HeadAblation;
use crate::probe::alignment::AlignmentScores;
use crate::strings;
use crate::text::{grad_text, table_lines};
use std::fmt::Write;

/// On a terminal's stderr, one line rewritten in place: how many of the probe's runs are done (a
/// large preset takes minutes); cleared when the last is.
pub fn tell_progress(done: usize, total: usize) {
    let line = if done < total { strings::probe_progress(done, total) } else { String::new() };
    super::output::progress_in_place(&line);
}

/// A head's drop in exact match (percentage points) and rise in loss against the whole model.
fn change(whole: &HeadScore, s: &HeadScore) -> (f64, f64) {
    (whole.exact_pct() - s.exact_pct(), s.loss - whole.loss)
}

fn block_and_head(h: &Option<HeadAblation>) -> (String, String) {
    match h {
        Some(h) => (h.block_prefix(), h.head.to_string()),
        None => ("-".into(), "-".into()),
    }
}

/// The heading, the ranked table (columns laid out by display width), and the footer.
pub fn heads_text(r: &HeadRanking) -> String {
    let w = &r.whole;
    let mut rows: Vec<[String; 7]> = vec![strings::heads_columns().map(String::from)];
    for (rank, s) in r.heads.iter().enumerate() {
        let (drop, rise) = change(w, s);
        let (block, head) = block_and_head(&s.head);
        rows.push([
            (rank + 1).to_string(),
            block,
            head,
            format!("{:.1}% ({})", s.exact_pct(), s.exact),
            format!("{drop:+.1}"),
            grad_text(s.loss),
            format!("{}{}", if rise >= 0.0 { "+" } else { "" }, grad_text(rise)),
        ]);
    }
    let mut out = strings::heads_heading(w.pairs, w.exact_pct(), w.exact, &grad_text(w.loss)) + "\n";
    // the block name (column 1) reads left to right; numbers line up on the right
    for line in table_lines(&rows, 1) {
        let _ = writeln!(out, "  {line}");
    }
    let harmless = r.heads.iter().filter(|s| change(w, s).0 < 1.0).count();
    out + &strings::heads_footer(harmless, r.heads.len()) + "\n"
}

/// One row per head and one for the whole model (`block` and `head` empty), ranked as the table.
pub fn heads_csv(r: &HeadRanking) -> String {
    let mut out = String::from("rank,block,head,exact,pairs,exact_pct,exact_drop,loss,loss_rise\n");
    let w = &r.whole;
    let _ = writeln!(out, "0,,,{},{},{:.4},0,{:.6},0", w.exact, w.pairs, w.exact_pct(), w.loss);
    for (rank, s) in r.heads.iter().enumerate() {
        let (drop, rise) = change(w, s);
        let (block, head) = block_and_head(&s.head);
        let _ = writeln!(
            out,
            "{},{block},{head},{},{},{:.4},{drop:.4},{:.6},{rise:.6}",
            rank + 1,
            s.exact,
            s.pairs,
            s.exact_pct(),
            s.loss
        );
    }
    out
}

/// `probe align`: the heading, every cross-attention head and each layer's mean, the best head.
pub fn align_text(scores: &AlignmentScores) -> String {
    let mut rows: Vec<[String; 5]> = vec![strings::align_columns().map(String::from)];
    rows.extend(scores.heads.iter().map(strings::align_cells));
    let mut out = strings::align_heading(scores.pairs) + "\n";
    for line in table_lines(&rows, 0) {
        let _ = writeln!(out, "  {line}");
    }
    if let Some(best) = scores.best_head(None) {
        let block = best.block();
        let _ = writeln!(
            out,
            "{}",
            strings::align_footer(
                &block,
                best.head.unwrap_or(0),
                100.0 * best.counts.aer(),
                100.0 * scores.one_link_best.aer(),
                scores.pieces,
            )
        );
    }
    out
}

/// One row per head and per layer's mean (`head` = mean), with the counts AER is made of.
pub fn align_csv(scores: &AlignmentScores) -> String {
    let mut out = String::from("block,head,aer,precision,recall,predicted,sure,predicted_sure,predicted_possible\n");
    for h in &scores.heads {
        let c = &h.counts;
        let head = h.head.map_or("mean".to_string(), |n| n.to_string());
        let _ = writeln!(
            out,
            "{},{head},{:.6},{:.6},{:.6},{},{},{},{}",
            h.block(),
            c.aer(),
            c.precision(),
            c.recall(),
            c.predicted,
            c.sure,
            c.predicted_sure,
            c.predicted_possible
        );
    }
    out
}
