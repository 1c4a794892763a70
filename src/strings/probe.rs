//! The probes' words: `probe heads`'s table, the head-ablation, logit-lens, contribution and
//! patching views.

use crate::lang::{Lang, Text, current};

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
        Lang::En => {
            format!("{harmless} of {total} heads can be taken out with exact match falling by less than 1 point.")
        }
        Lang::Zh => format!("{total} 个头里有 {harmless} 个去掉之后，完全匹配下降不到 1 个百分点。"),
    }
}

/// `probe heads` on a terminal, while it runs: runs done of all (the whole model, then each head).
pub fn probe_progress(done: usize, total: usize) -> String {
    match current() {
        Lang::En => format!("probing: {done} of {total} runs done (the whole model, then one per head)…"),
        Lang::Zh => format!("探查中：已跑完 {done}/{total} 次（先整个模型，再每次去掉一个头）……"),
    }
}

/// `probe align`: what is scored, and how.
pub fn align_heading(pairs: usize) -> String {
    match current() {
        Lang::En => format!(
            "{pairs} held-out pairs, each English word linked to the Chinese character its cross-attention row \
             weights most\n(the row that predicts the word), scored against the gold alignment that `corpus --tsv` \
             writes. AER 0% is perfect;\nprecision counts links to a sure or possible partner, recall the sure links found:"
        ),
        Lang::Zh => format!(
            "留出集 {pairs} 个句对。每个英文单词连到交叉注意力那一行（预测这个词的那一行）权重最大的汉字，\n\
             再和 `corpus --tsv` 写出的标准对齐比较。AER 为 0% 表示完全对上；\n\
             精确率算连到“确定”或“可能”对应字的比例，召回率算找到的“确定”连线的比例："
        ),
    }
}

/// The column headings of `probe align`'s table (and the alignment view's).
pub fn align_columns() -> [&'static str; 5] {
    match current() {
        Lang::En => ["block", "head", "AER", "precision", "recall"],
        Lang::Zh => ["注意力块", "头", "AER", "精确率", "召回率"],
    }
}

/// A layer's heads averaged, in the head column.
pub fn mean_of_heads_cell() -> &'static str {
    match current() {
        Lang::En => "mean",
        Lang::Zh => "平均",
    }
}

/// A row of the alignment table: block, head (or the mean), AER, precision, recall (percent).
pub fn align_cells(h: &crate::probe::alignment::HeadAlignment) -> [String; 5] {
    let head = h.head.map_or(mean_of_heads_cell().to_string(), |n| n.to_string());
    let pct = |v: f64| format!("{:.1}%", 100.0 * v);
    [h.block(), head, pct(h.counts.aer()), pct(h.counts.precision()), pct(h.counts.recall())]
}

/// The alignment view's title.
pub fn alignment_title(pairs: usize) -> String {
    match current() {
        Lang::En => format!("Cross-attention against the gold alignments of {pairs} held-out pairs"),
        Lang::Zh => format!("交叉注意力对照留出集 {pairs} 个句对的标准对齐"),
    }
}

/// The alignment view's line on how a head's links are read.
pub const ALIGNMENT_HOW: crate::lang::Text = crate::lang::Text::new(
    "word → the character weighted most by the row that predicts it",
    "英文单词 → 它那一行（预测它的那一行）权重最大的汉字",
);

/// Beside the best head of the layer the beat is on.
pub const BEST_IN_LAYER: crate::lang::Text = crate::lang::Text::new("← best head in layer", "← 本层最准的单头");

/// The line under the table: the best single head.
pub fn align_footer(block: &str, head: usize, aer: f64, one_link_best: f64) -> String {
    match current() {
        Lang::En => format!(
            "The best single head: {block} head {head}, AER {aer:.1}%.\n\
             One link per word can at best reach {one_link_best:.1}%: a two-character\n\
             word such as 他们 or 喜欢 has two sure links."
        ),
        Lang::Zh => format!(
            "对得最准的单个头：{block} 的头 {head}，AER {aer:.1}%。\n\
             每个词只连一条线，最好也只能到 {one_link_best:.1}%：\n\
             像“他们”“喜欢”这样的两字词有两条“确定”连线。"
        ),
    }
}

pub fn wrote_csv(rows: usize, path: impl std::fmt::Display) -> String {
    match current() {
        Lang::En => format!("wrote {rows} rows to {path}"),
        Lang::Zh => format!("已把 {rows} 行写入 {path}"),
    }
}

// the ablation view
// ---------------------------------------------------------------------------------------------

/// The ablation's title as the view shows it, with the keys that choose the head.
pub fn ablation_title(head: usize, block: &str) -> String {
    match current() {
        Lang::En => format!("{} ([ and ] choose the head)", ablation_grid_title(head, block)),
        Lang::Zh => format!("{}（[ 和 ] 换头）", ablation_grid_title(head, block)),
    }
}

/// The ablation's title as an exported grid gives it (no keys in a file).
pub fn ablation_grid_title(head: usize, block: &str) -> String {
    match current() {
        Lang::En => format!("Head {head} of {block} taken out, and kept alone"),
        Lang::Zh => format!("去掉 {block} 的头 {head}，以及只留它一个"),
    }
}

/// The three models an ablation compares: 0 the whole model, 1 the head out, 2 the head alone.
fn ablation_model(i: usize, head: usize) -> String {
    match (current(), i) {
        (Lang::En, 0) => "whole model".to_string(),
        (Lang::En, 1) => format!("head {head} out"),
        (Lang::En, _) => format!("head {head} alone"),
        (Lang::Zh, 0) => "完整模型".to_string(),
        (Lang::Zh, 1) => format!("去掉头 {head}"),
        (Lang::Zh, _) => format!("只留头 {head}"),
    }
}

fn ablation_cells(head: usize) -> [String; 4] {
    let first = match current() {
        Lang::En => "position reads",
        Lang::Zh => "位置 读入",
    };
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
    let heading = match current() {
        Lang::En => "translation",
        Lang::Zh => "译文",
    };
    let line = match current() {
        Lang::En => format!("{heading}, {label}:"),
        Lang::Zh => format!("{heading}，{label}："),
    };
    crate::text::pad(&line, 30)
}

/// The heading of the ablation view's held-out lines, its columns over `ablation_heldout_line`'s.
pub fn ablation_heldout_heading(pairs: usize) -> String {
    let (title, exact, loss) = match current() {
        Lang::En => (format!("on the {pairs} held-out pairs:"), "exact match", "loss"),
        Lang::Zh => (format!("在 {pairs} 个留出句对上："), "完全匹配", "损失"),
    };
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
    match current() {
        Lang::En => format!("Logit lens at position {t} (reads {token}): the output Linear after each sublayer"),
        Lang::Zh => format!("位置 {t}（读入 {token}）的 logit lens：在每个子层之后直接接输出线性层"),
    }
}

/// A stream's op as the sublayer it follows: `dec.1.norm2.out` → `dec.1 cross-attention`.
pub fn lens_after(op: &str) -> String {
    let layer = op.split('.').take(2).collect::<Vec<_>>().join(".");
    let which = op.split('.').nth(2).unwrap_or("");
    let sub = match (current(), which) {
        (Lang::En, "norm1") => "self-attention",
        (Lang::En, "norm2") => "cross-attention",
        (Lang::En, _) => "feed-forward",
        (Lang::Zh, "norm1") => "自注意力",
        (Lang::Zh, "norm2") => "交叉注意力",
        (Lang::Zh, _) => "前馈网络",
    };
    match current() {
        Lang::En => format!("after {layer} {sub}"),
        Lang::Zh => format!("{layer} {sub}之后"),
    }
}

pub fn lens_forms(word: &str, op: &str) -> String {
    match current() {
        Lang::En => format!("{word} tops the list from {op} on ({}) and stays there", lens_after(op)),
        Lang::Zh => format!("从 {op}（{}）起，{word} 排到第一并一直保持", lens_after(op)),
    }
}

// contributions
// ---------------------------------------------------------------------------------------------

pub fn contributions_title(block: &str, head: usize, row: usize, query: &str) -> String {
    match current() {
        Lang::En => format!("{block}, head {head}, query row {row} ({query}): weight against what each key adds"),
        Lang::Zh => format!("{block}，头 {head}，查询行 {row}（{query}）：权重与每个键真正加进输出的量"),
    }
}

pub fn contributions_columns() -> String {
    match current() {
        Lang::En => "key       weight α              ‖α·v·W_oʰ‖              ‖v·W_oʰ‖".into(),
        Lang::Zh => "键        权重 α                ‖α·v·W_oʰ‖              ‖v·W_oʰ‖".into(),
    }
}

pub fn contributions_summary(top_weight: &str, top_norm: &str) -> String {
    match (current(), top_weight == top_norm) {
        (Lang::En, true) => format!("{top_weight} gets the largest weight and adds the most"),
        (Lang::En, false) => format!("{top_weight} gets the largest weight, but {top_norm} adds the most"),
        (Lang::Zh, true) => format!("“{top_weight}”权重最大，加进输出的也最多"),
        (Lang::Zh, false) => format!("“{top_weight}”权重最大，但加进输出最多的是“{top_norm}”"),
    }
}

// patching
// ---------------------------------------------------------------------------------------------

pub const PATCHING_NEEDS_TWO: crate::lang::Text = crate::lang::Text::new(
    "Patching needs two source sentences (e: 我有一只猫 ; 你有一只猫)",
    "修补需要两个源句（e：我有一只猫 ; 你有一只猫）",
);

pub fn patching_title(from: &str, to: &str) -> String {
    match current() {
        Lang::En => format!("One position of {from} copied into {to} after an encoder layer, then translated"),
        Lang::Zh => format!("在某个编码器层之后，把 {from} 的一个位置复制进 {to}，再翻译"),
    }
}

pub fn patching_base(a: &str, ta: &str, b: &str, tb: &str) -> String {
    match current() {
        Lang::En => format!("unpatched: {a} → {ta}   {b} → {tb}"),
        Lang::Zh => format!("不修补：{a} → {ta}   {b} → {tb}"),
    }
}

pub fn patching_after(op: &str) -> String {
    match current() {
        Lang::En => format!("after {op}"),
        Lang::Zh => format!("{op} 之后"),
    }
}

pub fn patching_position(p: usize, to: &str, from: &str) -> String {
    crate::text::pad(&format!("  {p} {to} ← {from}"), 14)
}

/// `C` where there are no attention weights to probe.
pub const PROBE_VIEW_NOT_ON_GRADIENT: Text = Text::new(
    "C probes the forward pass's attention weights; on a gradient there are none to probe",
    "C 探查的是正向传播的注意力权重；梯度上没有可探查的权重",
);
pub const PROBE_VIEW_NEEDS_WEIGHTS: Text = Text::new(
    "C works on attention weights (an op named …weights); step to one with . and ,",
    "C 只用在注意力权重上（名字以 weights 结尾的操作）；用 . 和 , 走到那里",
);
