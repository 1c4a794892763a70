//! The command line's words: argument errors, refused flag combinations, what a subcommand
//! printed or wrote, training's progress lines. Flag and subcommand names (`--seed`, `train`)
//! are the command line's syntax and stay as typed.

use crate::lang::message_with;
use std::fmt::Display;

use crate::lang::Text;

// main and args
// ---------------------------------------------------------------------------------------------

/// Under a usage error in Chinese (clap's usage lines are English).
/// `--lang`'s help (English, as clap's help is): every language's code, each but English's with
/// its own name (`en or zh (中文)`), and where the default comes from.
pub fn lang_help() -> String {
    let codes: Vec<String> = crate::lang::LOCALES
        .iter()
        .map(|l| if l.lang == crate::lang::Lang::En { l.code.to_string() } else { format!("{} ({})", l.code, l.name) })
        .collect();
    let (last, rest) = codes.split_last().map(|(l, r)| (l.clone(), r.join(", "))).unwrap_or_default();
    let choices = if rest.is_empty() { last } else { format!("{rest} or {last}") };
    format!(
        "The language of the screens and lessons: {choices}. Default: the one you last chose, else your locale \
         (LANG, LC_ALL or LC_MESSAGES beginning with one of these codes means that language)"
    )
}

pub const SEE_HELP: Text = Text::id("see-help");

/// `error: …`, as the program ends on an error.
pub fn error_line(message: &str) -> String {
    message_with("error-line", &[("message", &message)])
}

/// `warning: …` on stderr.
pub fn warning_line(warning: &str) -> String {
    message_with("warning-line", &[("warning", &warning)])
}

/// `note: …` on stderr.
pub fn note_line(note: &str) -> String {
    message_with("note-line", &[("note", &note)])
}

/// `hint`: `strings::suggestion`'s "; did you mean `x`?", or nothing.
pub fn no_preset(name: &str, hint: &str, names: &str) -> String {
    message_with("no-preset", &[("name", &name), ("hint", &hint), ("names", &names)])
}

pub const TARGET_NEEDS_SOURCE: Text = Text::id("target-needs-source");

/// `hint`: `strings::suggestion`'s "; did you mean `x`?", or nothing.
pub fn no_what_if(name: &str, hint: &str, names: &str) -> String {
    message_with("no-what-if", &[("name", &name), ("hint", &hint), ("names", &names)])
}

pub const ZERO_STEPS: Text = Text::id("zero-steps");
pub const STEPS_NOT_A_NUMBER: Text = Text::id("steps-not-a-number");

pub fn temperature_not_a_number(text: &str) -> String {
    message_with("temperature-not-a-number", &[("text", &text)])
}

pub fn temperature_out_of_range(t: f32) -> String {
    message_with("temperature-out-of-range", &[("t", &t)])
}

pub fn wrote_gradients(count: usize, path: impl Display) -> String {
    message_with("wrote-gradients", &[("count", &count), ("path", &path)])
}

pub fn wrote_tensors(count: usize, path: impl Display) -> String {
    message_with("wrote-tensors", &[("count", &count), ("path", &path)])
}

pub fn wrote_pairs(count: usize, path: impl Display) -> String {
    message_with("wrote-pairs", &[("count", &count), ("path", &path)])
}

/// A file that could not be written, and why.
pub fn cannot_write(path: impl Display, e: impl Display) -> String {
    message_with("cannot-write", &[("path", &path), ("e", &e)])
}

pub fn cannot_write_stdout(e: impl Display) -> String {
    message_with("cannot-write-stdout", &[("e", &e)])
}

pub const TRAIN_NEEDS_OUT: Text = Text::id("train-needs-out");
pub const NO_DATA_DIR_TO_CLEAR: Text = Text::id("no-data-dir-to-clear");
pub const NO_DATA_DIR: Text = Text::id("no-data-dir");
pub const NO_LESSONS: Text = Text::id("no-lessons");

/// A lesson file refused at start, with the default model (or the user's own lessons).
pub fn lesson_refused(e: impl Display) -> String {
    message_with("lesson-refused", &[("e", &e)])
}

/// A lesson file refused because it was written for another model than the one given.
pub fn lesson_for_other_model(e: impl Display, layers: usize) -> String {
    message_with("lesson-for-other-model", &[("e", &e), ("layers", &layers)])
}

// flags that would be ignored together (cli::combos)
// ---------------------------------------------------------------------------------------------

pub fn flag_after_subcommand(name: &str, flag: &str) -> String {
    message_with("flag-after-subcommand", &[("name", &name), ("flag", &flag)])
}

pub fn tutor_flag_with_subcommand(flag: &str, name: &str, hint: &str) -> String {
    message_with("tutor-flag-with-subcommand", &[("flag", &flag), ("name", &name), ("hint", &hint)])
}

pub fn no_effect_on_corpus(flag: &str) -> String {
    message_with("no-effect-on-corpus", &[("flag", &flag)])
}

pub const WEIGHTS_WITH_EVAL: Text = Text::id("weights-with-eval");

pub fn no_effect_on_eval(flag: &str) -> String {
    message_with("no-effect-on-eval", &[("flag", &flag)])
}

pub const RANDOM_WEIGHTS_WITH_TRAIN: Text = Text::id("random-weights-with-train");

pub fn train_other_preset(preset: &str) -> String {
    message_with("train-other-preset", &[("preset", &preset)])
}

pub fn no_effect_with_reset(flag: &str) -> String {
    message_with("no-effect-with-reset", &[("flag", &flag)])
}

pub fn no_effect_with_list(flag: &str) -> String {
    message_with("no-effect-with-list", &[("flag", &flag)])
}

pub fn no_effect_with_glossary(flag: &str) -> String {
    message_with("no-effect-with-glossary", &[("flag", &flag)])
}

pub fn no_effect_with_at_step(flag: &str) -> String {
    message_with("no-effect-with-at-step", &[("flag", &flag)])
}

pub const SEED_WITH_WEIGHTS: Text = Text::id("seed-with-weights");
pub const RANDOM_WEIGHTS_WITH_PRESET: Text = Text::id("random-weights-with-preset");
pub const SEED_WITH_TRAINED: Text = Text::id("seed-with-trained");
pub const PRESET_WITH_WEIGHTS: Text = Text::id("preset-with-weights");

// corpus, export, print, translate
// ---------------------------------------------------------------------------------------------

pub fn corpus_heading(seed: u64, total: usize, train: usize, heldout: usize) -> String {
    message_with("corpus-heading", &[("seed", &seed), ("total", &total), ("train", &train), ("heldout", &heldout)])
}

pub fn source_vocabulary_line(count: usize, chars: &str) -> String {
    message_with("source-vocabulary-line", &[("count", &count), ("chars", &chars)])
}

pub fn target_vocabulary_line(count: usize, words: &str) -> String {
    message_with("target-vocabulary-line", &[("count", &count), ("words", &words)])
}

pub const SPECIAL_TOKENS_LINE: Text = Text::id("special-tokens-line");
pub const CORPUS_TRAINING: Text = Text::id("corpus-training");
pub const CORPUS_HELD_OUT: Text = Text::id("corpus-held-out");

pub fn samples_heading(split: &str) -> String {
    message_with("samples-heading", &[("split", &split)])
}

pub const GRADS_NEED_TWO_TOKENS: Text = Text::id("grads-need-two-tokens");

/// The held-out pairs do not fit the model's positions.
pub fn cannot_score_too_long(command: &str, max_len: usize, longest: usize) -> String {
    message_with("cannot-score-too-long", &[("command", &command), ("max_len", &max_len), ("longest", &longest)])
}

/// `export` would write more arrays than `--weights` reads back.
pub fn export_too_many_arrays(count: usize, most: usize) -> String {
    message_with("export-too-many-arrays", &[("count", &count), ("most", &most)])
}

/// `--print`'s two sentences.
pub fn print_sentences(src: &str, tgt: &str) -> String {
    message_with("print-sentences", &[("src", &src), ("tgt", &tgt)])
}

/// `--print`'s heading of a beat.
pub fn print_beat_heading(beat: usize, beats: usize, name: &str, shape: &str, place: &str) -> String {
    message_with(
        "print-beat-heading",
        &[("beat", &beat), ("beats", &beats), ("name", &name), ("shape", &shape), ("place", &place)],
    )
}

pub const TRANSLATE_EMPTY: Text = Text::id("translate-empty");
pub const TRANSLATE_ONE_SENTENCE: Text = Text::id("translate-one-sentence");

pub fn translate_attention_heading(name: &str, heads: usize) -> String {
    message_with("translate-attention-heading", &[("name", &name), ("heads", &heads)])
}

/// Before clap's own (English) message about a mistyped command line, for a Chinese reader.
pub const CLAP_ERROR_LEAD: Text = Text::id("clap-error-lead");
