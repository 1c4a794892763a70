//! The command line's words: argument errors, refused flag combinations, what a subcommand
//! printed or wrote, training's progress lines. Flag and subcommand names (`--seed`, `train`)
//! are the command line's syntax and stay as typed.

use std::fmt::Display;

// main and args
// ---------------------------------------------------------------------------------------------

/// `error: …`, as the program ends on an error.
pub fn error_line(message: &str) -> String {
    format!("error: {message}")
}

/// `warning: …` on stderr.
pub fn warning_line(warning: &str) -> String {
    format!("warning: {warning}")
}

/// `note: …` on stderr.
pub fn note_line(note: &str) -> String {
    format!("note: {note}")
}

/// `hint`: `strings::suggestion`'s "; did you mean `x`?", or nothing.
pub fn no_preset(name: &str, hint: &str, names: &str) -> String {
    format!("no preset `{name}`{hint} (presets are {names})")
}

pub const TARGET_NEEDS_SOURCE: &str = "a target needs its source: give --src (or --src-ids) as well";

/// `hint`: `strings::suggestion`'s "; did you mean `x`?", or nothing.
pub fn no_what_if(name: &str, hint: &str, names: &str) -> String {
    format!("no what-if `{name}`{hint} (what-ifs are {names})")
}

pub const ZERO_STEPS: &str = "0 steps would train nothing; give 1 or more";
pub const STEPS_NOT_A_NUMBER: &str = "give a whole number of steps, such as 1000";

pub fn temperature_not_a_number(text: &str) -> String {
    format!("`{text}` is not a number; give a temperature such as 0.7")
}

pub fn temperature_out_of_range(t: f32) -> String {
    format!("temperature {t} is outside 0.1 to 10")
}

pub fn wrote_gradients(count: usize, path: impl Display) -> String {
    format!("wrote the loss and {count} weight gradients to {path}")
}

pub fn wrote_tensors(count: usize, path: impl Display) -> String {
    format!("wrote {count} tensors and the weights to {path}")
}

pub fn wrote_pairs(count: usize, path: impl Display) -> String {
    format!("wrote {count} pairs to {path}")
}

/// A file that could not be written, and why.
pub fn cannot_write(path: impl Display, e: impl Display) -> String {
    format!("cannot write {path}: {e}")
}

pub fn cannot_write_stdout(e: impl Display) -> String {
    format!("cannot write to standard output: {e}")
}

pub const TRAIN_NEEDS_OUT: &str = "--out FILE.npz is needed: where to write the trained weights";
pub const NO_DATA_DIR_TO_CLEAR: &str = "no data directory on this system, so there is no saved progress to clear";
pub const NO_DATA_DIR: &str = "no data directory on this system: progress is not saved";
pub const NO_LESSONS: &str = "there are no lessons";

/// A lesson file refused at start, with the default model (or the user's own lessons).
pub fn lesson_refused(e: impl Display) -> String {
    format!("{e}\n(the lesson was refused before anything was shown; fix the file and run again)")
}

/// A lesson file refused because it was written for another model than the one given.
pub fn lesson_for_other_model(e: impl Display, layers: usize) -> String {
    format!(
        "{e}\n(the lessons are written for the tutor model, 2 layers; this model has {layers}. \
Run them without --preset/--weights, or give --lessons-dir with lessons for this model)"
    )
}

// flags that would be ignored together (cli::combos)
// ---------------------------------------------------------------------------------------------

pub fn flag_after_subcommand(name: &str, flag: &str) -> String {
    format!("; give it after the subcommand: `transformer-tutor {name} {flag} …`")
}

pub fn tutor_flag_with_subcommand(flag: &str, name: &str, hint: &str) -> String {
    format!("{flag} is a flag of the tutor itself (no subcommand); `{name}` would ignore it{hint}")
}

pub fn no_effect_on_corpus(flag: &str) -> String {
    format!("{flag} has no effect on `corpus`: the training corpus is the same for every model")
}

pub const WEIGHTS_WITH_EVAL: &str =
    "--weights has no effect on `train --eval FILE`, which scores FILE; give the file to --eval";

pub fn no_effect_on_eval(flag: &str) -> String {
    format!("{flag} has no effect on `train --eval FILE`, which scores the weights in FILE")
}

pub const RANDOM_WEIGHTS_WITH_TRAIN: &str = "--random-weights has no effect on `train`, which starts from random weights \
(seeded by --seed) unless --weights names a file to fine-tune";

pub fn train_other_preset(preset: &str) -> String {
    format!(
        "`train` trains the tutor model (note 002's sizes) only; --preset {preset} would be ignored. \
To train other sizes, fine-tune a weights file of those sizes with --weights"
    )
}

pub fn no_effect_with_reset(flag: &str) -> String {
    format!("{flag} has no effect with --reset-progress, which clears the saved progress and exits")
}

pub fn no_effect_with_list(flag: &str) -> String {
    format!("{flag} has no effect with --list, which prints the lessons and exits")
}

pub const SEED_WITH_WEIGHTS: &str = "--seed has no effect with --weights: the file holds the weights (--seed seeds random \
weights)";
pub const RANDOM_WEIGHTS_WITH_PRESET: &str =
    "--random-weights has no effect with --preset note001 or note000, whose weights are random already";
pub const SEED_WITH_TRAINED: &str = "--seed has no effect on the trained model: it seeds random weights; add --random-weights \
(or --preset note001 / note000), or leave --seed out";
pub const PRESET_WITH_WEIGHTS: &str = "--preset has no effect with --weights: the file's arrays give the model's sizes";

// corpus, export, print, translate
// ---------------------------------------------------------------------------------------------

pub fn corpus_heading(seed: u64, total: usize, train: usize, heldout: usize) -> String {
    format!("corpus (seed {seed}): {total} sentence pairs, {train} for training, {heldout} held out (never trained on)")
}

pub fn source_vocabulary_line(count: usize, chars: &str) -> String {
    format!("\nsource vocabulary, by character ({count} + 4 special tokens):\n  {chars}")
}

pub fn target_vocabulary_line(count: usize, words: &str) -> String {
    format!("\ntarget vocabulary, by word ({count} + 4 special tokens):\n  {words}")
}

pub const SPECIAL_TOKENS_LINE: &str = "\nspecial tokens on both sides: <pad> = 0, <unk> = 1, <bos> = 2, <eos> = 3";
pub const CORPUS_TRAINING: &str = "training";
pub const CORPUS_HELD_OUT: &str = "held-out";

pub fn samples_heading(split: &str) -> String {
    format!("\n{split} samples:")
}

pub const GRADS_NEED_TWO_TOKENS: &str = "--grads needs a target of at least two tokens (e.g. <bos> I <eos>)";

/// `--print`'s two sentences.
pub fn print_sentences(src: &str, tgt: &str) -> String {
    format!("source: {src}\ntarget: {tgt}\n")
}

/// `--print`'s heading of a beat.
pub fn print_beat_heading(beat: usize, beats: usize, name: &str, shape: &str, place: &str) -> String {
    format!("── beat {beat}/{beats} · {name} {shape} · {place} ──")
}

pub const TRANSLATE_EMPTY: &str = "the sentence is empty; give a Chinese sentence, e.g. 我有一只猫";
pub const TRANSLATE_ONE_SENTENCE: &str = "translate takes one sentence; `;` separates batch rows elsewhere";

pub fn translate_attention_heading(name: &str, heads: usize) -> String {
    format!("cross-attention ({name}, mean of {heads} heads), from the position that chose each word:\n")
}
