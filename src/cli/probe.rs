//! `transformer-tutor probe heads`: the ranking as a text table and as CSV.

use crate::model::arch::HeadAblation;
use crate::probe::heads::{HeadRanking, HeadScore};
use crate::strings;
use crate::text::{grad_text, pad, pad_left, width};
use std::fmt::Write;

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
    let widths: Vec<usize> = (0..7).map(|c| rows.iter().map(|r| width(&r[c])).max().unwrap_or(0)).collect();
    let mut out = strings::heads_heading(w.pairs, w.exact_pct(), w.exact, &grad_text(w.loss)) + "\n";
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            // the block name reads left to right; numbers line up on the right
            .map(|(c, (cell, &n))| if c == 1 { pad(cell, n) } else { pad_left(cell, n) })
            .collect();
        let _ = writeln!(out, "  {}", cells.join("  ").trim_end());
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
