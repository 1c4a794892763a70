//! The training screen (`train` in a terminal).

use crate::lang::{Lang, Text, current};

// the training screen (`train` in a terminal)
// ---------------------------------------------------------------------------------------------

/// What stops the run, on every screen (app/bindings.rs's training rows join them to one line;
/// Ctrl-C is SIGINT's key: like the signal, it writes nothing).
pub const HINT_TRAIN_SAVE: Text = Text::new("stop and save the weights trained so far", "停止并保存目前训练的权重");
pub const HINT_TRAIN_INTERRUPT: Text = Text::new("stop, write nothing", "停止，什么也不写");

pub fn train_loss_title(every: usize) -> String {
    match current() {
        Lang::En => format!(" Training loss (mean of every {every} steps) "),
        Lang::Zh => format!(" 训练损失（每 {every} 步的平均） "),
    }
}

pub const TRAIN_STEP_ZERO: Text = Text::new("step 0", "第 0 步");
pub const TRAIN_RUN_TITLE: Text = Text::new(" Run ", " 运行 ");
pub const TRAIN_STEP: Text = Text::new("step", "步数");
/// The loss row, and the name over the loss curve's y axis.
pub const TRAIN_LOSS: Text = Text::new("loss", "损失");
pub const TRAIN_LR: Text = Text::new("learning rate", "学习率");
pub const TRAIN_SPEED: Text = Text::new("speed", "速度");
pub const TRAIN_ELAPSED: Text = Text::new("elapsed", "已用时间");
pub const TRAIN_TIME_LEFT: Text = Text::new("time left", "剩余时间");
pub const TRAIN_GRAD_NORM: Text = Text::new("gradient norm", "梯度范数");
pub const TRAIN_EXACT_MATCH: Text = Text::new("exact match", "完全匹配");
pub const TRAIN_TOKEN_ACCURACY: Text = Text::new("token accuracy", "词元准确率");

pub fn steps_per_sec(v: f64) -> String {
    match current() {
        Lang::En => format!("{v:.1} steps/s"),
        Lang::Zh => format!("{v:.1} 步/秒"),
    }
}

pub fn heldout_at(step: usize) -> String {
    match current() {
        Lang::En => format!("held-out, at step {step}"),
        Lang::Zh => format!("留出集，第 {step} 步时"),
    }
}

pub fn heldout_every(steps: usize) -> String {
    match current() {
        Lang::En => format!("held-out (every {steps} steps)"),
        Lang::Zh => format!("留出集（每 {steps} 步）"),
    }
}

/// `count` already grouped in thousands.
pub fn train_parameters(count: &str) -> String {
    match current() {
        Lang::En => format!("{count} parameters"),
        Lang::Zh => format!("{count} 个参数"),
    }
}

pub fn train_batch_seed(batch: usize, seed: u64) -> String {
    match current() {
        Lang::En => format!("batch {batch} pairs, seed {seed}"),
        Lang::Zh => format!("批次 {batch} 个句对，种子 {seed}"),
    }
}

pub const TRAIN_ATTENTION_TITLE: Text = Text::new(" Cross-attention ", " 交叉注意力 ");
pub const TRAIN_ATTENTION_PENDING: Text = Text::new(
    "computing the attention of 我有一只猫 → I have a cat …",
    "正在计算 我有一只猫 → I have a cat 的注意力 …",
);

pub fn train_attention_title(src: &str, reference: &str) -> String {
    match current() {
        Lang::En => format!(" Cross-attention of {src} → {reference} "),
        Lang::Zh => format!(" {src} → {reference} 的交叉注意力 "),
    }
}

pub fn train_attention_title_wide(src: &str, reference: &str, layer: usize, heads: usize) -> String {
    match current() {
        Lang::En => {
            format!(" Cross-attention of {src} → {reference} (dec.{layer}.cross_attn.weights, mean of {heads} heads) ")
        }
        Lang::Zh => format!(" {src} → {reference} 的交叉注意力（dec.{layer}.cross_attn.weights，{heads} 个头的平均） "),
    }
}

pub const TRAIN_NOTHING_YET: Text = Text::new("(nothing yet)", "（还没有）");
pub const TRAIN_MODEL_SAYS_WIDE: Text = Text::new("the model now says  ", "当前译文  ");
pub const TRAIN_REFERENCE_SAYS_WIDE: Text = Text::new("the reference says  ", "参考译文  ");

/// How to read the grid; `last` is the decoder input's last token (`<eos>`).
pub fn train_attention_how_to_read(last: &str) -> String {
    match current() {
        Lang::En => format!(
            "Rows: the decoder's input → the word it writes next; columns: the characters it reads; \
highlighted: each row's largest weight. The {last} row writes nothing (training never asks it to)."
        ),
        Lang::Zh => format!(
            "行：解码器的输入 → 它接着写出的词；列：它读取的字符；\
高亮：每行最大的权重。{last} 这一行什么也不写（训练从不要求它写）。"
        ),
    }
}

pub const TRAIN_ATTENTION_LEARNS: Text = Text::new(
    "At first every row reads all the characters alike; as the model learns, the row writing cat reads 猫.",
    "起初每一行对所有字符一视同仁；随着模型学习，写出 cat 的那一行会去读 猫。",
);
pub const TRAIN_MODEL_SAYS: Text = Text::new("the model now says:", "当前译文：");
pub const TRAIN_REFERENCE: Text = Text::new("the reference:", "参考译文：");
pub const TRAIN_KEY_ROWS: Text = Text::new("rows: input → next word", "行：输入 → 下一个词");
pub const TRAIN_KEY_COLUMNS: Text = Text::new("columns: characters read", "列：读取的字符");
pub const TRAIN_KEY_HIGHLIGHT: Text = Text::new("highlight: row's largest", "高亮：每行最大值");

pub fn training_continues(step: usize, total: usize, loss: Option<f64>) -> String {
    match (current(), loss) {
        (Lang::En, Some(loss)) => format!("Training continues: step {step} / {total}, loss {loss:.3}."),
        (Lang::En, None) => format!("Training continues: step {step} / {total}."),
        (Lang::Zh, Some(loss)) => format!("训练继续：第 {step} / {total} 步，损失 {loss:.3}。"),
        (Lang::Zh, None) => format!("训练继续：第 {step} / {total} 步。"),
    }
}

/// The training screen on a terminal too small for it: size, progress, and the footer's text.
pub fn train_too_small(
    width: u16,
    height: u16,
    min_width: u16,
    min_height: u16,
    progress: &str,
    footer: &str,
) -> String {
    match current() {
        Lang::En => format!(
            "The terminal is {width}x{height}.\nPlease enlarge the terminal to at least {min_width}x{min_height} to watch the training.\n{progress}\n{footer}"
        ),
        Lang::Zh => format!(
            "终端现在是 {width}x{height}。\n请把终端放大到至少 {min_width}x{min_height} 来观看训练。\n{progress}\n{footer}"
        ),
    }
}

pub fn train_finishing(out: &str) -> String {
    match current() {
        Lang::En => format!("evaluating the held-out pairs and writing {out} …"),
        Lang::Zh => format!("正在评估留出的句对并写入 {out} …"),
    }
}

pub fn train_finished(out: &str) -> String {
    match current() {
        Lang::En => format!("finished; wrote {out}. Press any key to close"),
        Lang::Zh => format!("完成；已写入 {out}。按任意键关闭"),
    }
}

// ---------------------------------------------------------------------------------------------

// `train` without a terminal, and how a run ends (cli::train)
// ---------------------------------------------------------------------------------------------

pub const STOPPED_BY_CTRL_C: &str = "Ctrl-C (SIGINT)";

pub fn stopped_by_signal_number(n: i32) -> String {
    match current() {
        Lang::En => format!("signal {n}"),
        Lang::Zh => format!("信号 {n}"),
    }
}

/// A run stopped by a signal: nothing was written, and the output file `existed` or not.
pub fn train_stopped(by: &str, step: usize, total: usize, out: impl std::fmt::Display, existed: bool) -> String {
    match current() {
        Lang::En => {
            let kept = if existed { "is as it was" } else { "was not created" };
            format!("stopped by {by} after step {step} of {total}; nothing was written: {out} {kept}\n")
        }
        Lang::Zh => {
            let kept = if existed { "保持原样" } else { "没有被创建" };
            format!("在第 {step} 步（共 {total} 步）后被 {by} 停止；什么也没写：{out} {kept}\n")
        }
    }
}

pub fn and_more(n: usize) -> String {
    match current() {
        Lang::En => format!(" and {n} more"),
        Lang::Zh => format!(" 等另外 {n} 个"),
    }
}

pub fn fine_tune_lacks_tokens(label: &str, missing: usize, shown: &str, more: &str) -> String {
    match current() {
        Lang::En => format!(
            "cannot fine-tune {label}: its vocabularies lack {missing} of the corpus's tokens ({shown}{more}); \
`train --weights` needs a model whose vocabularies hold the corpus (`transformer-tutor corpus` lists them)"
        ),
        Lang::Zh => format!(
            "无法微调 {label}：它的词表缺少语料中的 {missing} 个词元（{shown}{more}）；\
`train --weights` 需要词表涵盖整个语料的模型（`transformer-tutor corpus` 会列出这些词元）"
        ),
    }
}

pub fn fine_tune_too_long(label: &str, max_len: usize, longest: usize) -> String {
    match current() {
        Lang::En => format!(
            "cannot fine-tune {label}: its max_len is {max_len}, but the corpus's longest sentence takes {longest} positions"
        ),
        Lang::Zh => format!("无法微调 {label}：它的 max_len 是 {max_len}，但语料中最长的句子要占 {longest} 个位置"),
    }
}

/// `12 of the corpus's characters (a, b, …)`; `source` says which side's units these are.
pub fn lacking_tokens(count: usize, source: bool, shown: &str, more: &str) -> String {
    match current() {
        Lang::En => {
            let unit = if source { "of the corpus's characters" } else { "of its words" };
            let side = if source { "source" } else { "target" };
            format!("its {side} vocabulary lacks {count} {unit} ({shown}{more})")
        }
        Lang::Zh => {
            let (side, unit) = if source { ("源语言", "个字符") } else { ("目标语言", "个词") };
            format!("它的{side}词表缺少语料中的 {count} {unit}（{shown}{more}）")
        }
    }
}

/// The commands that score a model on the corpus, as `cannot_score` names them.
pub const SCORED_BY_TRAIN_EVAL: &str = "train --eval";
pub const SCORED_BY_PROBE_HEADS: &str = "probe heads";
pub const SCORED_BY_PROBE_ALIGN: &str = "probe align";

/// `command` is the one that asked (`train --eval`, `probe heads`).
pub fn cannot_score(lacks: &[String], command: &str) -> String {
    match current() {
        Lang::En => format!(
            "this model cannot be scored on the corpus: {}; `{command}` needs a model with the corpus's \
             vocabularies (as `train` writes them)",
            lacks.join(", and ")
        ),
        Lang::Zh => format!(
            "这个模型无法在语料上评分：{}；`{command}` 需要带有语料词表的模型（就像 `train` 写出的那样）",
            lacks.join("；并且")
        ),
    }
}

/// One split's scores: pairs, exact match % (count), token accuracy %.
pub fn eval_line(split_heldout: bool, pairs: usize, exact_pct: f64, exact: usize, token_pct: f64) -> String {
    match current() {
        Lang::En => {
            let split = if split_heldout { "held-out" } else { "training" };
            format!("{split}: {pairs} pairs, exact match {exact_pct:.1}% ({exact}), token accuracy {token_pct:.1}%\n")
        }
        Lang::Zh => {
            let split = if split_heldout { "留出集" } else { "训练集" };
            format!("{split}：{pairs} 个句对，完全匹配 {exact_pct:.1}%（{exact}），词元准确率 {token_pct:.1}%\n")
        }
    }
}

/// What is being trained: `fine-tuning FILE` or the tutor model.
pub fn training_what(from: Option<&str>) -> String {
    match (current(), from) {
        (Lang::En, Some(from)) => format!("fine-tuning {from}"),
        (Lang::En, None) => "training the tutor model".to_string(),
        (Lang::Zh, Some(from)) => format!("微调 {from}"),
        (Lang::Zh, None) => "训练教学模型".to_string(),
    }
}

pub fn train_start(what: &str, params: usize, steps: usize, batch: usize, seed: u64) -> String {
    match current() {
        Lang::En => format!("{what}: {params} parameters, {steps} steps of {batch} pairs, seed {seed}"),
        Lang::Zh => format!("{what}：{params} 个参数，{steps} 步，每步 {batch} 个句对，种子 {seed}"),
    }
}

pub fn train_progress(step: usize, steps: usize, mean: f32, lr: f32, rate: f64, elapsed: f64, left: f64) -> String {
    match current() {
        Lang::En => format!(
            "step {step:>5}/{steps}  loss {mean:.4}  lr {lr:.2e}  {rate:.0} steps/s  {elapsed:.1}s elapsed, {left:.0}s left"
        ),
        Lang::Zh => format!(
            "第 {step:>5}/{steps} 步  损失 {mean:.4}  lr {lr:.2e}  {rate:.0} 步/秒  已用 {elapsed:.1}s，剩余 {left:.0}s"
        ),
    }
}

/// How training ended: trained (or fine-tuned FILE) for so many steps, the scores, the file written.
#[allow(clippy::too_many_arguments)]
pub fn train_done(
    from: Option<&str>,
    step: usize,
    steps: usize,
    secs: f64,
    stopped_early: bool,
    exact_pct: f64,
    token_pct: f64,
    out: impl std::fmt::Display,
) -> String {
    if current() == Lang::Zh {
        let what = match from {
            Some(from) => format!("已微调 {from}"),
            None => "已训练".to_string(),
        };
        let stopped = if stopped_early { "（提前停止）" } else { "" };
        return format!(
            "{what} {step}/{steps} 步，用时 {secs:.1}s{stopped}；留出集完全匹配 {exact_pct:.1}%，词元准确率 {token_pct:.1}%；已写入 {out}\n"
        );
    }
    let what = match from {
        Some(from) => format!("fine-tuned {from} for"),
        None => "trained".to_string(),
    };
    let stopped = if stopped_early { " (stopped early)" } else { "" };
    format!(
        "{what} {step} of {steps} steps in {secs:.1}s{stopped}; held-out exact match {exact_pct:.1}%, token accuracy {token_pct:.1}%; wrote {out}\n"
    )
}

/// Training produced NaN or infinity (in the loss, or in a weight at the end): nothing written.
pub fn train_diverged(what: &str, step: usize, out: &str) -> String {
    match current() {
        Lang::En => format!(
            "training diverged: {what} is not a finite number after step {step}; nothing was written, \
             {out} is as it was (a weight too large to compute with? try the shipped weights or a fresh start)"
        ),
        Lang::Zh => format!(
            "训练发散了：第 {step} 步之后 {what} 不再是有限的数；什么也没有写，{out} 保持原样\
             （是不是某个权重大到无法计算？试试随附的权重，或者从头训练）"
        ),
    }
}

/// The loss named in `train_diverged`.
pub fn loss_value(loss: f32) -> String {
    match current() {
        Lang::En => format!("the loss ({loss})"),
        Lang::Zh => format!("损失（{loss}）"),
    }
}

/// `train --eval` and `probe`: the weights overflow on the first held-out pair (`why` says where).
pub fn cannot_score_overflow(why: &str) -> String {
    match current() {
        Lang::En => format!("this model cannot be scored on the corpus: {why}"),
        Lang::Zh => format!("这个模型无法在语料上评分：{why}"),
    }
}
