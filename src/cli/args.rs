//! Command-line arguments, as clap reads them.

use crate::model::Preset;
use crate::setup::{DEFAULT_SRC, DEFAULT_TGT, TokenInput, WeightSource};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Learn the Transformer by running a small, real encoder-decoder one operation at a time.
#[derive(Debug, Parser)]
#[command(name = "transformer-tutor", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Open one lesson by id (see --list).
    #[arg(long, value_name = "ID")]
    pub lesson: Option<String>,

    /// Print the lessons in curriculum order, one line each, and exit.
    #[arg(long)]
    pub list: bool,

    /// Print the lesson as plain text (every beat, with its live numbers) instead of opening the screen.
    #[arg(long)]
    pub print: bool,

    /// Run the lesson on your own source sentence(s) instead of its own (`;` between batch rows);
    /// without --tgt the target is the model's greedy translation.
    #[arg(long, value_name = "SENTENCES")]
    pub src: Option<String>,

    /// The target sentence(s) for --src, e.g. "<bos> I have a cat <eos>".
    #[arg(long, value_name = "SENTENCES", requires = "src")]
    pub tgt: Option<String>,

    /// Run a variant of the model beside the taught one on every beat (`v` cycles them in the
    /// tutor): no-scale, half-qk (note 002's q, k narrower than v), no-causal, minus-inf, mask-off,
    /// multiply-mask, pre-ln, no-norm,
    /// no-residual, untrained (the same program with step 0's weights), trained (the trained
    /// model beside the checkpoint --at-step shows), or one of the notes' mistakes (see the
    /// pitfalls lesson).
    #[arg(long, value_name = "NAME", value_parser = parse_variant)]
    pub what_if: Option<crate::explore::Variant>,

    /// Show the lessons as the model was after STEP steps of the shipped training run: 0, 10, 25,
    /// 50, 100, 200, 500 or 1000 (`-` and `+` move it in the tutor). The first use remakes the
    /// checkpoints from the seed (seconds) and keeps them in the data directory.
    #[arg(long, value_name = "STEP")]
    pub at_step: Option<usize>,

    /// Forget the saved progress (lessons seen, answers given) and exit; with --lesson ID, that
    /// lesson's only.
    #[arg(long)]
    pub reset_progress: bool,

    /// The language of the screens and lessons (every language of `lang::LOCALES`, listed by
    /// `strings::lang_help`, which a new language joins by itself).
    #[arg(long, value_name = lang_codes(), help = crate::strings::lang_help(), value_parser = parse_lang, global = true)]
    pub lang: Option<crate::lang::Lang>,

    /// Print every term the lessons teach, in English and Chinese, with the note and lesson that
    /// teach it, and exit.
    #[arg(long)]
    pub glossary: bool,

    /// Load lessons from this directory instead of the built-in ones.
    #[arg(long, value_name = "DIR")]
    pub lessons_dir: Option<PathBuf>,

    #[command(flatten)]
    pub model: ModelArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the program: one line per operation with its name, shape and formula.
    Trace {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Run the whole program and write every named tensor and the weights to an .npz file.
    Export {
        /// Where to write the .npz.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Write the training loss (`loss`) and its gradient with respect to every weight
        /// (`grad.` + the weight's PyTorch name) instead of the forward tensors. The decoder
        /// reads the target without its last token and is scored on the target without its first.
        #[arg(long)]
        grads: bool,
        /// Also write a runnable numpy script that recomputes every named tensor of the run, op
        /// by op, from the .npz, and checks each against the tutor's (the code pane's snippets,
        /// in program order). Run it with python3.
        #[arg(long, value_name = "FILE.py", conflicts_with = "grads")]
        numpy: Option<PathBuf>,
        /// The same script in PyTorch.
        #[arg(long, value_name = "FILE.py", conflicts_with = "grads")]
        pytorch: Option<PathBuf>,
        /// Export the run of a variant of the model (the names `--what-if` takes) instead of the
        /// model as taught.
        #[arg(long, value_name = "NAME", value_parser = parse_variant, conflicts_with = "grads")]
        what_if: Option<crate::explore::Variant>,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Translate a Chinese sentence with the model, greedily, word by word.
    Translate {
        /// The source sentence, e.g. 我有一只猫
        sentence: String,
        /// Also print, for each output word, the source characters it attended to most.
        #[arg(long)]
        attention: bool,
        /// Draw each word from softmax(logits / T) instead of taking the most probable one
        /// (printed beside the greedy translation). T from 0.1 to 10.
        #[arg(long, value_name = "T", value_parser = parse_temperature)]
        temperature: Option<u16>,
        /// The seed of the sampling draws: the same seed draws the same words.
        #[arg(long, value_name = "S", default_value_t = 0, requires = "temperature")]
        sample_seed: u64,
        /// With --model: beam search with N beams instead of the model's generation_config.json
        /// (1 is greedy).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
        beams: Option<u16>,
        /// Print load, encode and decode times (and tokens per second) on stderr.
        #[arg(long)]
        timings: bool,
    },
    /// Train the tutor model on the generated corpus and write its weights (with --weights FILE:
    /// fine-tune FILE's weights instead of starting from random ones).
    Train {
        /// Where to write the trained weights (.npz); written whole or not at all. A signal (Ctrl-C)
        /// stops the run without writing: the file there before is kept.
        #[arg(long, value_name = "FILE.npz", required_unless_present = "eval")]
        out: Option<PathBuf>,
        /// Training steps (batches of 64 sentence pairs), at least 1.
        #[arg(long, value_parser = parse_steps)]
        steps: Option<usize>,
        /// Evaluate these weights on the held-out pairs instead of training.
        #[arg(long, value_name = "FILE.npz", conflicts_with_all = ["out", "steps"])]
        eval: Option<PathBuf>,
    },
    /// Probe the trained model: `probe heads` takes each attention head out in turn, translates
    /// the held-out pairs and ranks the heads by the drop in exact match; `probe align` scores
    /// each cross-attention head against the corpus's gold word alignments.
    Probe {
        /// What to probe: heads, align.
        #[arg(value_enum, value_name = "heads|align")]
        what: ProbeWhat,
        /// Also write the table as comma-separated values.
        #[arg(long, value_name = "FILE.csv")]
        csv: Option<PathBuf>,
    },
    /// Show the training corpus: its size, vocabularies and sample pairs.
    Corpus {
        /// Also write every pair as tab-separated values (zh, en, split, gold word alignment).
        #[arg(long, value_name = "FILE.tsv")]
        tsv: Option<PathBuf>,
    },
}

/// Which weights to use.
#[derive(Debug, Clone, Args)]
pub struct ModelArgs {
    /// Load weights (and vocabularies) from an .npz of PyTorch-named arrays instead of the built-in
    /// trained ones; with `train`, the weights to fine-tune.
    #[arg(long, value_name = "FILE.npz", global = true, conflicts_with = "random_weights")]
    pub weights: Option<PathBuf>,

    /// Use untrained, randomly initialised weights (seeded by --seed) instead of the trained ones.
    #[arg(long, global = true)]
    pub random_weights: bool,

    /// Seed for random weights, or for training (same seed, same weights, on this machine).
    #[arg(long, global = true)]
    pub seed: Option<u64>,

    /// Model configuration from the notes: tutor (note 002's sizes, the default), note001, note000.
    /// Presets other than tutor have no trained weights and start random.
    #[arg(long, value_name = "PRESET", value_parser = parse_preset, global = true)]
    pub preset: Option<Preset>,

    /// Run a real translator instead: a Hugging Face MarianMT directory you downloaded (e.g.
    /// Helsinki-NLP/opus-mt-zh-en: config.json, source.spm, target.spm, vocab.json and
    /// model.safetensors or pytorch_model.bin). Nothing is downloaded by the program.
    #[arg(long, value_name = "DIR", global = true, conflicts_with_all = ["weights", "random_weights", "preset"])]
    pub model: Option<PathBuf>,
}

/// The sentences (or ids) to run. `;` separates batch rows.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Source sentence(s), e.g. "我有一只猫 ; 你有猫吗".
    #[arg(long, conflicts_with = "src_ids")]
    pub src: Option<String>,
    /// Target sentence(s), e.g. "<bos> I have a cat <eos>".
    #[arg(long, conflicts_with = "tgt_ids")]
    pub tgt: Option<String>,
    /// Source token ids, e.g. 4,11,27 (`;` between batch rows).
    #[arg(long, value_name = "IDS")]
    pub src_ids: Option<String>,
    /// Target token ids, e.g. 2,4,11,27,3.
    #[arg(long, value_name = "IDS")]
    pub tgt_ids: Option<String>,
}

impl Cli {
    /// The program's arguments, or the exit clap makes (help, version, or a usage error with
    /// code 2). Clap's errors echo the argument they are about; an argument holding a control
    /// character is echoed written out (`\x1b`): the error is made again from the arguments with
    /// their control characters written out, so that an escape sequence in a mistyped flag can
    /// neither reach the terminal nor vanish from the message.
    pub fn parse_args() -> Cli {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        // the value parsers' refusals in the language asked for (main settles it after the parse)
        crate::lang::set_current(lang_asked(&args));
        let e = match Cli::try_parse_from(&args) {
            Ok(cli) => return cli,
            Err(e) => e,
        };
        let shown: Vec<std::ffi::OsString> =
            args.iter().map(|a| crate::text::escape_controls(&a.to_string_lossy(), false).into()).collect();
        if !e.use_stderr() {
            // --help, --version: to stdout, and a failed write is an error (clap would exit 0)
            if let Err(message) = crate::cli::output::write_clap_output(&e) {
                crate::cli::output::to_stderr(&crate::strings::error_line(&message));
                std::process::exit(1);
            }
            std::process::exit(0);
        }
        let lang = lang_asked(&args);
        if lang != crate::lang::Lang::En {
            // clap says its errors in English: the common ones are said again in the learner's
            // language, whole; for the rest the reader is told what follows
            crate::lang::set_current(lang);
            if let Some(message) = crate::strings::clap_error_translated(&e) {
                crate::cli::output::to_stderr(&crate::strings::error_line(&message));
                crate::cli::output::to_stderr(crate::strings::SEE_HELP.get());
                std::process::exit(e.exit_code());
            }
            crate::cli::output::to_stderr(crate::strings::CLAP_ERROR_LEAD.get());
        }
        if shown == args {
            e.exit() // as clap prints it, colours and all
        }
        match Cli::try_parse_from(&shown) {
            Err(same) => same.exit(),
            Ok(_) => {
                // written out, the arguments parse: the first error, plain
                crate::cli::output::to_stderr(e.render().to_string().trim_end());
                std::process::exit(e.exit_code())
            }
        }
    }
}

/// The language the arguments ask for (`--lang zh`, `--lang=zh`), else the environment's, before
/// the arguments have parsed.
fn lang_asked(args: &[std::ffi::OsString]) -> crate::lang::Lang {
    let args: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let given = args.iter().enumerate().find_map(|(i, a)| match a.strip_prefix("--lang") {
        Some(rest) if rest.starts_with('=') => Some(rest[1..].to_string()),
        Some("") => args.get(i + 1).cloned(),
        _ => None,
    });
    given.as_deref().and_then(crate::lang::Lang::from_code).or_else(crate::lang::Lang::from_env).unwrap_or_default()
}

/// `--lang`'s value name: every language's code (`en|zh`).
fn lang_codes() -> &'static str {
    static CODES: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| crate::lang::LOCALES.map(|l| l.code).join("|"));
    &CODES
}

fn parse_lang(code: &str) -> Result<crate::lang::Lang, String> {
    crate::lang::Lang::from_code(code).ok_or_else(|| crate::strings::no_language(code))
}

fn parse_preset(name: &str) -> Result<Preset, String> {
    Preset::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        crate::strings::no_preset(name, &crate::strings::suggestion(name, names.iter().copied()), &names.join(", "))
    })
}

impl ModelArgs {
    /// The preset asked for, tutor when none was.
    pub fn preset(&self) -> Preset {
        self.preset.unwrap_or(Preset::Tutor)
    }

    pub fn source(&self) -> WeightSource {
        if let Some(dir) = &self.model {
            return WeightSource::Marian(dir.clone());
        }
        match &self.weights {
            Some(path) => WeightSource::File(path.clone()),
            None if self.random_weights || self.preset() != Preset::Tutor => {
                WeightSource::Seeded { preset: self.preset(), seed: self.seed.unwrap_or(0) }
            }
            None => WeightSource::Trained,
        }
    }
}

impl InputArgs {
    /// The source and target to run. With only a source, the target is left to the model (its
    /// own greedy translation); with neither, note 001's example and a question.
    pub fn sides(&self) -> Result<(TokenInput, Option<TokenInput>), String> {
        let src = match (&self.src, &self.src_ids) {
            (_, Some(ids)) => Some(TokenInput::Ids(ids.clone())),
            (Some(s), None) => Some(TokenInput::Sentences(s.clone())),
            (None, None) => None,
        };
        let tgt = match (&self.tgt, &self.tgt_ids) {
            (_, Some(ids)) => Some(TokenInput::Ids(ids.clone())),
            (Some(s), None) => Some(TokenInput::Sentences(s.clone())),
            (None, None) => None,
        };
        match (src, tgt) {
            (Some(s), t) => Ok((s, t)),
            (None, None) => {
                Ok((TokenInput::Sentences(DEFAULT_SRC.into()), Some(TokenInput::Sentences(DEFAULT_TGT.into()))))
            }
            (None, Some(_)) => Err(crate::strings::TARGET_NEEDS_SOURCE.into()),
        }
    }
}

/// A what-if by name, with the closest names when it is unknown.
fn parse_variant(name: &str) -> Result<crate::explore::Variant, String> {
    use crate::explore::Variant;
    Variant::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|(n, _)| *n).collect();
        crate::strings::no_what_if(name, &crate::strings::suggestion(name, names.iter().copied()), &names.join(", "))
    })
}

/// A number of training steps: 1 or more (0 would write the starting weights as if trained).
fn parse_steps(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err(crate::strings::ZERO_STEPS.into()),
        Ok(n) => Ok(n),
        Err(_) => Err(crate::strings::STEPS_NOT_A_NUMBER.into()),
    }
}

/// A temperature in tenths (0.1 to 10), so that it can travel in a hashable `Choice`.
fn parse_temperature(text: &str) -> Result<u16, String> {
    let t: f32 = text.trim().parse().map_err(|_| crate::strings::temperature_not_a_number(text))?;
    if !(0.1..=10.0).contains(&t) {
        return Err(crate::strings::temperature_out_of_range(t));
    }
    Ok((t * 10.0).round() as u16)
}

/// What `probe` probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProbeWhat {
    /// Every attention head taken out in turn, scored on the held-out pairs.
    Heads,
    /// Every cross-attention head (and each layer's mean) scored by alignment error rate against
    /// the held-out pairs' gold alignments.
    Align,
}
