//! The training screen (`train` in a terminal).

// the training screen (`train` in a terminal)
// ---------------------------------------------------------------------------------------------

/// What stops the run, on every screen (Ctrl-C is SIGINT's key: like the signal, it writes nothing).
pub const TRAIN_STOP_HINT: &str = "q stop and save the weights trained so far · Ctrl-C stop, write nothing";

pub fn train_loss_title(every: usize) -> String {
    format!(" Training loss (mean of every {every} steps) ")
}

pub const TRAIN_STEP_ZERO: &str = "step 0";
pub const TRAIN_RUN_TITLE: &str = " Run ";
pub const TRAIN_STEP: &str = "step";
/// The loss row, and the name over the loss curve's y axis.
pub const TRAIN_LOSS: &str = "loss";
pub const TRAIN_LR: &str = "learning rate";
pub const TRAIN_SPEED: &str = "speed";
pub const TRAIN_ELAPSED: &str = "elapsed";
pub const TRAIN_TIME_LEFT: &str = "time left";
pub const TRAIN_GRAD_NORM: &str = "gradient norm";
pub const TRAIN_EXACT_MATCH: &str = "exact match";
pub const TRAIN_TOKEN_ACCURACY: &str = "token accuracy";

pub fn steps_per_sec(v: f64) -> String {
    format!("{v:.1} steps/s")
}

pub fn heldout_at(step: usize) -> String {
    format!("held-out, at step {step}")
}

pub fn heldout_every(steps: usize) -> String {
    format!("held-out (every {steps} steps)")
}

/// `count` already grouped in thousands.
pub fn train_parameters(count: &str) -> String {
    format!("{count} parameters")
}

pub fn train_batch_seed(batch: usize, seed: u64) -> String {
    format!("batch {batch} pairs, seed {seed}")
}

pub const TRAIN_ATTENTION_TITLE: &str = " Cross-attention ";
pub const TRAIN_ATTENTION_PENDING: &str = "computing the attention of 我有一只猫 → I have a cat …";

pub fn train_attention_title(src: &str, reference: &str) -> String {
    format!(" Cross-attention of {src} → {reference} ")
}

pub fn train_attention_title_wide(src: &str, reference: &str, layer: usize, heads: usize) -> String {
    format!(" Cross-attention of {src} → {reference} (dec.{layer}.cross_attn.weights, mean of {heads} heads) ")
}

pub const TRAIN_NOTHING_YET: &str = "(nothing yet)";
pub const TRAIN_MODEL_SAYS_WIDE: &str = "the model now says  ";
pub const TRAIN_REFERENCE_SAYS_WIDE: &str = "the reference says  ";

/// How to read the grid; `last` is the decoder input's last token (`<eos>`).
pub fn train_attention_how_to_read(last: &str) -> String {
    format!(
        "Rows: the decoder's input → the word it writes next; columns: the characters it reads; \
highlighted: each row's largest weight. The {last} row writes nothing (training never asks it to)."
    )
}

pub const TRAIN_ATTENTION_LEARNS: &str =
    "At first every row reads all the characters alike; as the model learns, the row writing cat reads 猫.";
pub const TRAIN_MODEL_SAYS: &str = "the model now says:";
pub const TRAIN_REFERENCE: &str = "the reference:";
pub const TRAIN_KEY_ROWS: &str = "rows: input → next word";
pub const TRAIN_KEY_COLUMNS: &str = "columns: characters read";
pub const TRAIN_KEY_HIGHLIGHT: &str = "highlight: row's largest";

pub fn training_continues(step: usize, total: usize, loss: Option<f64>) -> String {
    match loss {
        Some(loss) => format!("Training continues: step {step} / {total}, loss {loss:.3}."),
        None => format!("Training continues: step {step} / {total}."),
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
    format!(
        "The terminal is {width}x{height}.\nPlease enlarge the terminal to at least {min_width}x{min_height} to watch the training.\n{progress}\n{footer}"
    )
}

pub fn train_finishing(out: &str) -> String {
    format!("evaluating the held-out pairs and writing {out} …")
}

pub fn train_finished(out: &str) -> String {
    format!("finished; wrote {out}. Press any key to close")
}

// ---------------------------------------------------------------------------------------------

// `train` without a terminal, and how a run ends (cli::train)
// ---------------------------------------------------------------------------------------------

pub const STOPPED_BY_CTRL_C: &str = "Ctrl-C (SIGINT)";

pub fn stopped_by_signal_number(n: i32) -> String {
    format!("signal {n}")
}

/// A run stopped by a signal: nothing was written, and the output file `existed` or not.
pub fn train_stopped(by: &str, step: usize, total: usize, out: impl std::fmt::Display, existed: bool) -> String {
    let kept = if existed { "is as it was" } else { "was not created" };
    format!("stopped by {by} after step {step} of {total}; nothing was written: {out} {kept}\n")
}

pub fn and_more(n: usize) -> String {
    format!(" and {n} more")
}

pub fn fine_tune_lacks_tokens(label: &str, missing: usize, shown: &str, more: &str) -> String {
    format!(
        "cannot fine-tune {label}: its vocabularies lack {missing} of the corpus's tokens ({shown}{more}); \
`train --weights` needs a model whose vocabularies hold the corpus (`transformer-tutor corpus` lists them)"
    )
}

pub fn fine_tune_too_long(label: &str, max_len: usize, longest: usize) -> String {
    format!(
        "cannot fine-tune {label}: its max_len is {max_len}, but the corpus's longest sentence takes {longest} positions"
    )
}

/// `12 of the corpus's characters (a, b, …)`; `source` says which side's units these are.
pub fn lacking_tokens(count: usize, source: bool, shown: &str, more: &str) -> String {
    let unit = if source { "of the corpus's characters" } else { "of its words" };
    let side = if source { "source" } else { "target" };
    format!("its {side} vocabulary lacks {count} {unit} ({shown}{more})")
}

pub fn cannot_score(lacks: &[String]) -> String {
    format!(
        "this model cannot be scored on the corpus: {}; `train --eval` needs a model with the corpus's \
             vocabularies (as `train` writes them)",
        lacks.join(", and ")
    )
}

/// One split's scores: pairs, exact match % (count), token accuracy %.
pub fn eval_line(split_heldout: bool, pairs: usize, exact_pct: f64, exact: usize, token_pct: f64) -> String {
    let split = if split_heldout { "held-out" } else { "training" };
    format!("{split}: {pairs} pairs, exact match {exact_pct:.1}% ({exact}), token accuracy {token_pct:.1}%\n")
}

/// What is being trained: `fine-tuning FILE` or the tutor model.
pub fn training_what(from: Option<&str>) -> String {
    match from {
        Some(from) => format!("fine-tuning {from}"),
        None => "training the tutor model".to_string(),
    }
}

pub fn train_start(what: &str, params: usize, steps: usize, batch: usize, seed: u64) -> String {
    format!("{what}: {params} parameters, {steps} steps of {batch} pairs, seed {seed}")
}

pub fn train_progress(step: usize, steps: usize, mean: f32, lr: f32, rate: f64, elapsed: f64, left: f64) -> String {
    format!(
        "step {step:>5}/{steps}  loss {mean:.4}  lr {lr:.2e}  {rate:.0} steps/s  {elapsed:.1}s elapsed, {left:.0}s left"
    )
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
    let what = match from {
        Some(from) => format!("fine-tuned {from} for"),
        None => "trained".to_string(),
    };
    let stopped = if stopped_early { " (stopped early)" } else { "" };
    format!(
        "{what} {step} of {steps} steps in {secs:.1}s{stopped}; held-out exact match {exact_pct:.1}%, token accuracy {token_pct:.1}%; wrote {out}\n"
    )
}
