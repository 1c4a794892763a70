//! The training screen (`train` in a terminal).

use crate::lang::Text;
use crate::lang::{message, message_with};

// the training screen (`train` in a terminal)
// ---------------------------------------------------------------------------------------------

/// What stops the run, on every screen (app/bindings.rs's training rows join them to one line;
/// Ctrl-C is SIGINT's key: like the signal, it writes nothing).
pub const HINT_TRAIN_SAVE: Text = Text::id("hint-train-save");
pub const HINT_TRAIN_INTERRUPT: Text = Text::id("hint-train-interrupt");

pub fn train_loss_title(every: usize) -> String {
    message_with("train-loss-title", &[("every", &every)])
}

pub const TRAIN_STEP_ZERO: Text = Text::id("train-step-zero");
pub const TRAIN_RUN_TITLE: Text = Text::id("train-run-title");
pub const TRAIN_STEP: Text = Text::id("train-step");
/// The loss row, and the name over the loss curve's y axis.
pub const TRAIN_LOSS: Text = Text::id("train-loss");
pub const TRAIN_LR: Text = Text::id("train-lr");
pub const TRAIN_SPEED: Text = Text::id("train-speed");
pub const TRAIN_ELAPSED: Text = Text::id("train-elapsed");
pub const TRAIN_TIME_LEFT: Text = Text::id("train-time-left");
pub const TRAIN_GRAD_NORM: Text = Text::id("train-grad-norm");
pub const TRAIN_EXACT_MATCH: Text = Text::id("train-exact-match");
pub const TRAIN_TOKEN_ACCURACY: Text = Text::id("train-token-accuracy");

pub fn steps_per_sec(v: f64) -> String {
    message_with("steps-per-sec", &[("v", &format!("{:.1}", v))])
}

pub fn heldout_at(step: usize) -> String {
    message_with("heldout-at", &[("step", &step)])
}

pub fn heldout_every(steps: usize) -> String {
    message_with("heldout-every", &[("steps", &steps)])
}

/// `count` already grouped in thousands.
pub fn train_parameters(count: &str) -> String {
    message_with("train-parameters", &[("count", &count)])
}

pub fn train_batch_seed(batch: usize, seed: u64) -> String {
    message_with("train-batch-seed", &[("batch", &batch), ("seed", &seed)])
}

pub const TRAIN_ATTENTION_TITLE: Text = Text::id("train-attention-title");
pub const TRAIN_ATTENTION_PENDING: Text = Text::id("train-attention-pending");

pub fn train_attention_title(src: &str, reference: &str) -> String {
    message_with("train-attention-title-2", &[("src", &src), ("reference", &reference)])
}

pub fn train_attention_title_wide(src: &str, reference: &str, layer: usize, heads: usize) -> String {
    message_with(
        "train-attention-title-wide",
        &[("src", &src), ("reference", &reference), ("layer", &layer), ("heads", &heads)],
    )
}

pub const TRAIN_NOTHING_YET: Text = Text::id("train-nothing-yet");
pub const TRAIN_MODEL_SAYS_WIDE: Text = Text::id("train-model-says-wide");
pub const TRAIN_REFERENCE_SAYS_WIDE: Text = Text::id("train-reference-says-wide");

/// How to read the grid; `last` is the decoder input's last token (`<eos>`).
pub fn train_attention_how_to_read(last: &str) -> String {
    message_with("train-attention-how-to-read", &[("last", &last)])
}

pub const TRAIN_ATTENTION_LEARNS: Text = Text::id("train-attention-learns");
pub const TRAIN_MODEL_SAYS: Text = Text::id("train-model-says");
pub const TRAIN_REFERENCE: Text = Text::id("train-reference");
pub const TRAIN_KEY_ROWS: Text = Text::id("train-key-rows");
pub const TRAIN_KEY_COLUMNS: Text = Text::id("train-key-columns");
pub const TRAIN_KEY_HIGHLIGHT: Text = Text::id("train-key-highlight");

pub fn training_continues(step: usize, total: usize, loss: Option<f64>) -> String {
    match loss {
        Some(loss) => message_with(
            "training-continues-with-loss",
            &[("step", &step), ("total", &total), ("loss", &format!("{loss:.3}"))],
        ),
        None => message_with("training-continues", &[("step", &step), ("total", &total)]),
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
    message_with(
        "train-too-small",
        &[
            ("width", &width),
            ("height", &height),
            ("min_width", &min_width),
            ("min_height", &min_height),
            ("progress", &progress),
            ("footer", &footer),
        ],
    )
}

pub fn train_finishing(out: &str) -> String {
    message_with("train-finishing", &[("out", &out)])
}

pub fn train_finished(out: &str) -> String {
    message_with("train-finished", &[("out", &out)])
}

// ---------------------------------------------------------------------------------------------

// `train` without a terminal, and how a run ends (cli::train)
// ---------------------------------------------------------------------------------------------

pub const STOPPED_BY_CTRL_C: &str = "Ctrl-C (SIGINT)";

pub fn stopped_by_signal_number(n: i32) -> String {
    message_with("stopped-by-signal-number", &[("n", &n)])
}

/// A run stopped by a signal: nothing was written, and the output file `existed` or not.
pub fn train_stopped(by: &str, step: usize, total: usize, out: impl std::fmt::Display, existed: bool) -> String {
    let id = if existed { "train-stopped-file-kept" } else { "train-stopped-file-not-created" };
    message_with(id, &[("by", &by), ("step", &step), ("total", &total), ("out", &out)]) + "\n"
}

pub fn and_more(n: usize) -> String {
    message_with("and-more", &[("n", &n)])
}

pub fn fine_tune_lacks_tokens(label: &str, missing: usize, shown: &str, more: &str) -> String {
    message_with(
        "fine-tune-lacks-tokens",
        &[("label", &label), ("missing", &missing), ("shown", &shown), ("more", &more)],
    )
}

pub fn fine_tune_too_long(label: &str, max_len: usize, longest: usize) -> String {
    message_with("fine-tune-too-long", &[("label", &label), ("max_len", &max_len), ("longest", &longest)])
}

/// `12 of the corpus's characters (a, b, …)`; `source` says which side's units these are.
pub fn lacking_tokens(count: usize, source: bool, shown: &str, more: &str) -> String {
    let id = if source { "vocabulary-lacks-source-characters" } else { "vocabulary-lacks-target-words" };
    message_with(id, &[("count", &count), ("shown", &shown), ("more", &more)])
}

/// The commands that score a model on the corpus, as `cannot_score` names them.
pub const SCORED_BY_TRAIN_EVAL: &str = "train --eval";
pub const SCORED_BY_PROBE_HEADS: &str = "probe heads";
pub const SCORED_BY_PROBE_ALIGN: &str = "probe align";

/// `command` is the one that asked (`train --eval`, `probe heads`).
pub fn cannot_score(lacks: &[String], command: &str) -> String {
    let lacks = lacks.join(message("cannot-score-separator"));
    message_with("cannot-score-lacks", &[("lacks", &lacks), ("command", &command)])
}

/// One split's scores: pairs, exact match % (count), token accuracy %.
pub fn eval_line(split_heldout: bool, pairs: usize, exact_pct: f64, exact: usize, token_pct: f64) -> String {
    let split = message(if split_heldout { "eval-split-held-out" } else { "eval-split-training" });
    let line = message_with(
        "eval-line",
        &[
            ("split", &split),
            ("pairs", &pairs),
            ("exact_pct", &format!("{exact_pct:.1}")),
            ("exact", &exact),
            ("token_pct", &format!("{token_pct:.1}")),
        ],
    );
    line + "\n"
}

/// What is being trained: `fine-tuning FILE` or the tutor model.
pub fn training_what(from: Option<&str>) -> String {
    match from {
        Some(from) => message_with("training-what-fine-tuning", &[("from", &from)]),
        None => message("training-what-tutor-model").to_string(),
    }
}

pub fn train_start(what: &str, params: usize, steps: usize, batch: usize, seed: u64) -> String {
    message_with(
        "train-start",
        &[("what", &what), ("params", &params), ("steps", &steps), ("batch", &batch), ("seed", &seed)],
    )
}

pub fn train_progress(step: usize, steps: usize, mean: f32, lr: f32, rate: f64, elapsed: f64, left: f64) -> String {
    message_with(
        "train-progress",
        &[
            ("step", &format!("{:>5}", step)),
            ("steps", &steps),
            ("mean", &format!("{:.4}", mean)),
            ("lr", &format!("{:.2e}", lr)),
            ("rate", &format!("{:.0}", rate)),
            ("elapsed", &format!("{:.1}", elapsed)),
            ("left", &format!("{:.0}", left)),
        ],
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
        Some(from) => message_with("train-done-fine-tuned", &[("from", &from)]),
        None => message("train-done-trained").to_string(),
    };
    let stopped = if stopped_early { message("train-done-stopped-early") } else { "" };
    let line = message_with(
        "train-done",
        &[
            ("what", &what),
            ("step", &step),
            ("steps", &steps),
            ("secs", &format!("{secs:.1}")),
            ("stopped", &stopped),
            ("exact_pct", &format!("{exact_pct:.1}")),
            ("token_pct", &format!("{token_pct:.1}")),
            ("out", &out),
        ],
    );
    line + "\n"
}

/// Training produced NaN or infinity (in the loss, or in a weight at the end): nothing written.
pub fn train_diverged(what: &str, step: usize, out: &str) -> String {
    message_with("train-diverged", &[("what", &what), ("step", &step), ("out", &out)])
}

/// The loss named in `train_diverged`.
pub fn loss_value(loss: f32) -> String {
    message_with("loss-value", &[("loss", &loss)])
}

/// `train --eval` and `probe`: the weights overflow on the first held-out pair (`why` says where).
pub fn cannot_score_overflow(why: &str) -> String {
    message_with("cannot-score-overflow", &[("why", &why)])
}
