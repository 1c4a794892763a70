//! The probes' words: `probe heads`'s table, the head-ablation, logit-lens, contribution and
//! patching views.

use crate::lang::{Lang, current};

/// `probe heads`: the whole model's held-out scores, and what the table below it is.
pub fn heads_heading(pairs: usize, exact_pct: f64, exact: usize, loss: &str) -> String {
    match current() {
        Lang::En => format!(
            "{pairs} held-out pairs. The whole model: exact match {exact_pct:.1}% ({exact}), loss {loss}.\n\
             Each head taken out in turn (its slice of the context set to 0 before W_o), ranked by the drop:"
        ),
        Lang::Zh => format!(
            "留出集 {pairs} 个句对。完整模型：完全匹配 {exact_pct:.1}%（{exact} 句），损失 {loss}。\n\
             依次去掉每一个头（在 W_o 之前把它那一片 context 置 0），按下降多少排序："
        ),
    }
}

/// The column headings of `probe heads`'s table.
pub fn heads_columns() -> [&'static str; 7] {
    match current() {
        Lang::En => ["rank", "block", "head", "exact match", "drop", "loss", "rise"],
        Lang::Zh => ["名次", "注意力块", "头", "完全匹配", "下降", "损失", "上升"],
    }
}

/// The line under the table: what a small drop means.
pub fn heads_footer(harmless: usize, total: usize) -> String {
    match current() {
        Lang::En => format!(
            "{harmless} of {total} heads can be taken out with exact match falling by less than 1 point."
        ),
        Lang::Zh => format!("{total} 个头里有 {harmless} 个去掉之后，完全匹配下降不到 1 个百分点。"),
    }
}

pub fn wrote_csv(rows: usize, path: impl std::fmt::Display) -> String {
    match current() {
        Lang::En => format!("wrote {rows} rows to {path}"),
        Lang::Zh => format!("已把 {rows} 行写入 {path}"),
    }
}
