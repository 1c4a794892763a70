//! The command line's words: argument errors, refused flag combinations, what a subcommand
//! printed or wrote, training's progress lines. Flag and subcommand names (`--seed`, `train`)
//! are the command line's syntax and stay as typed.

use std::fmt::Display;

use crate::lang::{Lang, Text, current};

// main and args
// ---------------------------------------------------------------------------------------------

/// Under a usage error in Chinese (clap's usage lines are English).
pub const SEE_HELP: Text =
    Text::new("For more information, try '--help'.", "`transformer-tutor --help` 列出全部用法（英文）。");

/// `error: …`, as the program ends on an error.
pub fn error_line(message: &str) -> String {
    match current() {
        Lang::En => format!("error: {message}"),
        Lang::Zh => format!("错误：{message}"),
    }
}

/// `warning: …` on stderr.
pub fn warning_line(warning: &str) -> String {
    match current() {
        Lang::En => format!("warning: {warning}"),
        Lang::Zh => format!("警告：{warning}"),
    }
}

/// `note: …` on stderr.
pub fn note_line(note: &str) -> String {
    match current() {
        Lang::En => format!("note: {note}"),
        Lang::Zh => format!("注意：{note}"),
    }
}

/// `hint`: `strings::suggestion`'s "; did you mean `x`?", or nothing.
pub fn no_preset(name: &str, hint: &str, names: &str) -> String {
    match current() {
        Lang::En => format!("no preset `{name}`{hint} (presets are {names})"),
        Lang::Zh => format!("没有预设 `{name}`{hint}（可用的预设：{names}）"),
    }
}

pub const TARGET_NEEDS_SOURCE: Text = Text::new(
    "a target needs its source: give --src (or --src-ids) as well",
    "目标句需要对应的源句：请同时给出 --src（或 --src-ids）",
);

/// `hint`: `strings::suggestion`'s "; did you mean `x`?", or nothing.
pub fn no_what_if(name: &str, hint: &str, names: &str) -> String {
    match current() {
        Lang::En => format!("no what-if `{name}`{hint} (what-ifs are {names})"),
        Lang::Zh => format!("没有 what-if `{name}`{hint}（可用的 what-if：{names}）"),
    }
}

pub const ZERO_STEPS: Text =
    Text::new("0 steps would train nothing; give 1 or more", "0 步什么也训练不了；请给 1 或更多");
pub const STEPS_NOT_A_NUMBER: Text =
    Text::new("give a whole number of steps, such as 1000", "步数请给一个整数，例如 1000");

pub fn temperature_not_a_number(text: &str) -> String {
    match current() {
        Lang::En => format!("`{text}` is not a number; give a temperature such as 0.7"),
        Lang::Zh => format!("`{text}` 不是数字；请给一个温度，例如 0.7"),
    }
}

pub fn temperature_out_of_range(t: f32) -> String {
    match current() {
        Lang::En => format!("temperature {t} is outside 0.1 to 10"),
        Lang::Zh => format!("温度 {t} 不在 0.1 到 10 之间"),
    }
}

pub fn wrote_gradients(count: usize, path: impl Display) -> String {
    match current() {
        Lang::En => format!("wrote the loss and {count} weight gradients to {path}"),
        Lang::Zh => format!("已把损失和 {count} 个权重梯度写入 {path}"),
    }
}

pub fn wrote_tensors(count: usize, path: impl Display) -> String {
    match current() {
        Lang::En => format!("wrote {count} tensors and the weights to {path}"),
        Lang::Zh => format!("已把 {count} 个张量和权重写入 {path}"),
    }
}

pub fn wrote_pairs(count: usize, path: impl Display) -> String {
    match current() {
        Lang::En => format!("wrote {count} pairs to {path}"),
        Lang::Zh => format!("已把 {count} 个句对写入 {path}"),
    }
}

/// A file that could not be written, and why.
pub fn cannot_write(path: impl Display, e: impl Display) -> String {
    match current() {
        Lang::En => format!("cannot write {path}: {e}"),
        Lang::Zh => format!("无法写入 {path}：{e}"),
    }
}

pub fn cannot_write_stdout(e: impl Display) -> String {
    match current() {
        Lang::En => format!("cannot write to standard output: {e}"),
        Lang::Zh => format!("无法写入标准输出：{e}"),
    }
}

pub const TRAIN_NEEDS_OUT: Text = Text::new(
    "--out FILE.npz is needed: where to write the trained weights",
    "需要 --out FILE.npz：训练好的权重写到哪里",
);
pub const NO_DATA_DIR_TO_CLEAR: Text = Text::new(
    "no data directory on this system, so there is no saved progress to clear",
    "这个系统没有数据目录，所以没有可清除的已保存进度",
);
pub const NO_DATA_DIR: Text =
    Text::new("no data directory on this system: progress is not saved", "这个系统没有数据目录：进度不会被保存");
pub const NO_LESSONS: Text = Text::new("there are no lessons", "没有任何课程");

/// A lesson file refused at start, with the default model (or the user's own lessons).
pub fn lesson_refused(e: impl Display) -> String {
    match current() {
        Lang::En => format!("{e}\n(the lesson was refused before anything was shown; fix the file and run again)"),
        Lang::Zh => format!("{e}\n（这一课在显示之前就被拒绝了；请修改文件后再运行）"),
    }
}

/// A lesson file refused because it was written for another model than the one given.
pub fn lesson_for_other_model(e: impl Display, layers: usize) -> String {
    match current() {
        Lang::En => format!(
            "{e}\n(the lessons are written for the tutor model, 2 layers; this model has {layers}. \
Run them without --preset/--weights, or give --lessons-dir with lessons for this model)"
        ),
        Lang::Zh => format!(
            "{e}\n（课程是为教学模型写的，它有 2 层；这个模型有 {layers} 层。\
请不带 --preset/--weights 运行，或用 --lessons-dir 给出为这个模型写的课程）"
        ),
    }
}

// flags that would be ignored together (cli::combos)
// ---------------------------------------------------------------------------------------------

pub fn flag_after_subcommand(name: &str, flag: &str) -> String {
    match current() {
        Lang::En => format!("; give it after the subcommand: `transformer-tutor {name} {flag} …`"),
        Lang::Zh => format!("；请把它放在子命令之后：`transformer-tutor {name} {flag} …`"),
    }
}

pub fn tutor_flag_with_subcommand(flag: &str, name: &str, hint: &str) -> String {
    match current() {
        Lang::En => format!("{flag} is a flag of the tutor itself (no subcommand); `{name}` would ignore it{hint}"),
        Lang::Zh => format!("{flag} 是教程本身的选项（不带子命令时用）；`{name}` 会忽略它{hint}"),
    }
}

pub fn no_effect_on_corpus(flag: &str) -> String {
    match current() {
        Lang::En => format!("{flag} has no effect on `corpus`: the training corpus is the same for every model"),
        Lang::Zh => format!("{flag} 对 `corpus` 不起作用：每个模型的训练语料都一样"),
    }
}

pub const WEIGHTS_WITH_EVAL: Text = Text::new(
    "--weights has no effect on `train --eval FILE`, which scores FILE; give the file to --eval",
    "--weights 对 `train --eval FILE` 不起作用，它评估的是 FILE；请把文件交给 --eval",
);

pub fn no_effect_on_eval(flag: &str) -> String {
    match current() {
        Lang::En => format!("{flag} has no effect on `train --eval FILE`, which scores the weights in FILE"),
        Lang::Zh => format!("{flag} 对 `train --eval FILE` 不起作用，它评估的是 FILE 里的权重"),
    }
}

pub const RANDOM_WEIGHTS_WITH_TRAIN: Text = Text::new(
    "--random-weights has no effect on `train`, which starts from random weights \
(seeded by --seed) unless --weights names a file to fine-tune",
    "--random-weights 对 `train` 不起作用：除非 --weights 指定了要微调的文件，\
`train` 本来就从随机权重（由 --seed 决定）开始",
);

pub fn train_other_preset(preset: &str) -> String {
    match current() {
        Lang::En => format!(
            "`train` trains the tutor model (note 002's sizes) only; --preset {preset} would be ignored. \
To train other sizes, fine-tune a weights file of those sizes with --weights"
        ),
        Lang::Zh => format!(
            "`train` 只训练教学模型（笔记 002 的尺寸）；--preset {preset} 会被忽略。\
要训练别的尺寸，请用 --weights 微调一个该尺寸的权重文件"
        ),
    }
}

pub fn no_effect_with_reset(flag: &str) -> String {
    match current() {
        Lang::En => format!("{flag} has no effect with --reset-progress, which clears the saved progress and exits"),
        Lang::Zh => format!("{flag} 与 --reset-progress 一起不起作用：后者清除已保存的进度后就退出"),
    }
}

pub fn no_effect_with_list(flag: &str) -> String {
    match current() {
        Lang::En => format!("{flag} has no effect with --list, which prints the lessons and exits"),
        Lang::Zh => format!("{flag} 与 --list 一起不起作用：后者列出课程后就退出"),
    }
}

pub fn no_effect_with_glossary(flag: &str) -> String {
    match current() {
        Lang::En => format!("{flag} has no effect with --glossary, which prints the glossary and exits"),
        Lang::Zh => format!("{flag} 与 --glossary 一起不起作用：后者列出术语表后就退出"),
    }
}

pub fn no_effect_with_at_step(flag: &str) -> String {
    match current() {
        Lang::En => format!(
            "{flag} has no effect with --at-step, which shows the shipped training run's checkpoint \
             (leave out --at-step to use {flag})"
        ),
        Lang::Zh => {
            format!("{flag} 与 --at-step 一起不起作用：后者换上随附训练过程的检查点（要用 {flag} 就去掉 --at-step）")
        }
    }
}

pub const SEED_WITH_WEIGHTS: Text = Text::new(
    "--seed has no effect with --weights: the file holds the weights (--seed seeds random \
weights)",
    "--seed 与 --weights 一起不起作用：权重来自文件（--seed 只用于随机权重）",
);
pub const RANDOM_WEIGHTS_WITH_PRESET: Text = Text::new(
    "--random-weights has no effect with --preset note001 or note000, whose weights are random already",
    "--random-weights 与 --preset note001 或 note000 一起不起作用：它们的权重本来就是随机的",
);
pub const SEED_WITH_TRAINED: Text = Text::new(
    "--seed has no effect on the trained model: it seeds random weights; add --random-weights \
(or --preset note001 / note000), or leave --seed out",
    "--seed 对训练好的模型不起作用：它只决定随机权重；请加上 --random-weights\
（或 --preset note001 / note000），或者去掉 --seed",
);
pub const PRESET_WITH_WEIGHTS: Text = Text::new(
    "--preset has no effect with --weights: the file's arrays give the model's sizes",
    "--preset 与 --weights 一起不起作用：模型的尺寸由文件里的数组决定",
);

// corpus, export, print, translate
// ---------------------------------------------------------------------------------------------

pub fn corpus_heading(seed: u64, total: usize, train: usize, heldout: usize) -> String {
    match current() {
        Lang::En => format!(
            "corpus (seed {seed}): {total} sentence pairs, {train} for training, {heldout} held out (never trained on)"
        ),
        Lang::Zh => {
            format!("语料（种子 {seed}）：{total} 个句对，{train} 个用于训练，{heldout} 个留出（从不参与训练）")
        }
    }
}

pub fn source_vocabulary_line(count: usize, chars: &str) -> String {
    match current() {
        Lang::En => format!("\nsource vocabulary, by character ({count} + 4 special tokens):\n  {chars}"),
        Lang::Zh => format!("\n源语言词表，按字符（{count} + 4 个特殊词元）：\n  {chars}"),
    }
}

pub fn target_vocabulary_line(count: usize, words: &str) -> String {
    match current() {
        Lang::En => format!("\ntarget vocabulary, by word ({count} + 4 special tokens):\n  {words}"),
        Lang::Zh => format!("\n目标语言词表，按词（{count} + 4 个特殊词元）：\n  {words}"),
    }
}

pub const SPECIAL_TOKENS_LINE: Text = Text::new(
    "\nspecial tokens on both sides: <pad> = 0, <unk> = 1, <bos> = 2, <eos> = 3",
    "\n两边共有的特殊词元：<pad> = 0，<unk> = 1，<bos> = 2，<eos> = 3",
);
pub const CORPUS_TRAINING: Text = Text::new("training", "训练");
pub const CORPUS_HELD_OUT: Text = Text::new("held-out", "留出");

pub fn samples_heading(split: &str) -> String {
    match current() {
        Lang::En => format!("\n{split} samples:"),
        Lang::Zh => format!("\n{split}样例："),
    }
}

pub const GRADS_NEED_TWO_TOKENS: Text = Text::new(
    "--grads needs a target of at least two tokens (e.g. <bos> I <eos>)",
    "--grads 需要至少两个词元的目标句（例如 <bos> I <eos>）",
);

/// `--print`'s two sentences.
pub fn print_sentences(src: &str, tgt: &str) -> String {
    match current() {
        Lang::En => format!("source: {src}\ntarget: {tgt}\n"),
        Lang::Zh => format!("源句：{src}\n目标句：{tgt}\n"),
    }
}

/// `--print`'s heading of a beat.
pub fn print_beat_heading(beat: usize, beats: usize, name: &str, shape: &str, place: &str) -> String {
    match current() {
        Lang::En => format!("── beat {beat}/{beats} · {name} {shape} · {place} ──"),
        Lang::Zh => format!("── 第 {beat}/{beats} 页 · {name} {shape} · {place} ──"),
    }
}

pub const TRANSLATE_EMPTY: Text = Text::new(
    "the sentence is empty; give a Chinese sentence, e.g. 我有一只猫",
    "句子是空的；请给一个中文句子，例如 我有一只猫",
);
pub const TRANSLATE_ONE_SENTENCE: Text = Text::new(
    "translate takes one sentence; `;` separates batch rows elsewhere",
    "translate 只接受一个句子；`;` 在别处用来分隔批次行",
);

pub fn translate_attention_heading(name: &str, heads: usize) -> String {
    match current() {
        Lang::En => {
            format!("cross-attention ({name}, mean of {heads} heads), from the position that chose each word:\n")
        }
        Lang::Zh => format!("交叉注意力（{name}，{heads} 个头的平均），从选出每个词的那个位置看：\n"),
    }
}

/// Before clap's own (English) message about a mistyped command line, for a Chinese reader.
pub const CLAP_ERROR_LEAD: Text = Text::new(
    "the command line has a mistake; the parser's message follows",
    "错误：命令行参数有误。下面是命令行解析器（clap）的英文说明，`transformer-tutor --help` 列出全部用法：",
);
