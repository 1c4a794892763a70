use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use transformer_tutor::app::App;
use transformer_tutor::app::state::Screen;
use transformer_tutor::cli::args::{Cli, Command};
use transformer_tutor::cli::{combos, corpus, export, output, print, trace, train, train_live, translate};
use transformer_tutor::eprintln_escaped;
use transformer_tutor::lesson::Catalog;
use transformer_tutor::model::decode::Choice;
use transformer_tutor::model::setup::{Setup, WeightSource};
use transformer_tutor::progress::{self, Progress};
use transformer_tutor::signals;
use transformer_tutor::train::{TrainOptions, Trainer};
use transformer_tutor::tui;

/// mimalloc instead of the system allocator: training allocates and frees many tensors of a few
/// hundred kilobytes per step, which glibc's malloc hands to mmap and zeroes afresh every time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse_args();
    if let Err(message) = combos::check(&cli) {
        // a flag that would be ignored is a usage error, reported as clap reports its own (exit 2),
        // under the subcommand's usage line
        let mut command = <Cli as clap::CommandFactory>::command();
        command.build();
        let name = cli.command.as_ref().map(combos::command_name);
        let mut command = name.and_then(|n| command.find_subcommand(n).cloned()).unwrap_or(command);
        command.error(clap::error::ErrorKind::ArgumentConflict, message).exit();
    }
    // forward passes reuse freed tensors' pages; training's many small steps do not need it and
    // would keep ~20 MB more resident (its peak stays under 100 MB without)
    if !matches!(cli.command, Some(Command::Train { .. })) {
        transformer_tutor::model::fast::alloc::keep_freed_memory();
    }
    match run(cli) {
        Ok(Some(signal)) => ExitCode::from((128 + signal) as u8), // the shell's convention for "killed by"
        Ok(None) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln_escaped!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Run the command; Some(signal) when the screen was ended by one.
fn run(cli: Cli) -> Result<Option<i32>, String> {
    if cli.command.is_none() {
        return tutor(cli);
    }
    command(cli)
}

/// A subcommand: trace, export, translate, corpus, train; Some(signal) when one stopped `train`.
fn command(cli: Cli) -> Result<Option<i32>, String> {
    match cli.command {
        Some(Command::Trace { ref input }) => {
            let (src, tgt) = input.sides()?;
            let setup = Setup::new(&cli.model.source(), &src, tgt.as_ref()).map_err(|e| e.to_string())?;
            warn_unknown(&setup);
            write_out(&trace::trace_text(setup.run().program())).map(|()| None)
        }
        Some(Command::Export { ref out, grads, ref input }) => {
            let (src, tgt) = input.sides()?;
            let setup = Setup::new(&cli.model.source(), &src, tgt.as_ref()).map_err(|e| e.to_string())?;
            warn_unknown(&setup);
            if grads {
                let count = export::export_grads(&setup, out)?;
                eprintln_escaped!("wrote the loss and {count} weight gradients to {}", out.display());
            } else {
                let mut run = setup.run();
                let count = export::export_trace(&mut run, out)?;
                eprintln_escaped!("wrote {count} tensors and the weights to {}", out.display());
                if let Some(first) = run.first_non_finite() {
                    eprintln_escaped!(
                        "warning: {}",
                        transformer_tutor::strings::non_finite_at(&run.program().op(first).name)
                    );
                }
            }
            Ok(None)
        }
        Some(Command::Translate { ref sentence, attention, temperature, sample_seed }) => {
            let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
            let choice = match temperature {
                Some(tenths) => Choice::Sample { tenths, seed: sample_seed },
                None => Choice::Greedy,
            };
            let translation = translate::translate_text(weights, sentence, attention, choice)?;
            for note in &translation.notes {
                eprintln_escaped!("note: {note}");
            }
            write_out(&translation.text)?;
            // last, under the translation it is about
            if let Some(warning) = &translation.warning {
                eprintln_escaped!("warning: {warning}");
            }
            Ok(None)
        }
        Some(Command::Corpus { ref tsv }) => {
            let corpus = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED);
            if let Some(path) = tsv {
                // a file that cannot be written fails before anything is printed
                transformer_tutor::atomic_file::check(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
            write_out(&corpus::corpus_text(&corpus))?;
            if let Some(path) = tsv {
                transformer_tutor::atomic_file::write_bytes(path, corpus.to_tsv().as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                eprintln_escaped!("wrote {} pairs to {}", corpus.train.len() + corpus.heldout.len(), path.display());
            }
            Ok(None)
        }
        Some(Command::Train { ref out, steps, ref eval }) => {
            let corpus = transformer_tutor::corpus::generate(transformer_tutor::corpus::DEFAULT_SEED);
            if let Some(path) = eval {
                let weights = Arc::new(WeightSource::File(path.clone()).load().map_err(|e| e.to_string())?);
                return write_out(&train::eval_text(&weights, &corpus)?).map(|()| None);
            }
            let out = out.as_ref().ok_or("--out FILE.npz is needed: where to write the trained weights")?;
            let defaults = TrainOptions::default();
            let options = TrainOptions {
                steps: steps.unwrap_or(defaults.steps),
                seed: cli.model.seed.unwrap_or(defaults.seed),
                ..defaults
            };
            // before any training: a target that cannot be replaced fails now, not at the end
            transformer_tutor::atomic_file::check(out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            // read whole before training, so `--weights X --out X` fine-tunes X and replaces it at the end
            let from = cli.model.weights.as_deref();
            let trainer = match from {
                Some(path) => {
                    let weights = WeightSource::File(path.to_path_buf()).load().map_err(|e| e.to_string())?;
                    if let Some(problem) = train::fine_tune_problem(&weights, &corpus, &path.display().to_string()) {
                        return Err(problem);
                    }
                    Trainer::from_weights(&corpus, options, weights)
                }
                None => Trainer::new(&corpus, options),
            };
            let signal = Arc::new(AtomicUsize::new(0));
            signals::watch(&signal)?;
            let job = train::Job { corpus: &corpus, out, from, signal: &signal };
            let terminal = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
            let outcome =
                if terminal { train_live::train_live(trainer, &job)? } else { train::train_plain(trainer, &job)? };
            eprintln_escaped!("{}", outcome.message().trim_end_matches('\n'));
            // stopped by a signal (nothing written), or one came after the weights were written
            Ok(match signal.load(Ordering::Relaxed) {
                0 => None,
                n => Some(n as i32),
            })
        }
        None => Ok(None), // the tutor itself: `run` handles it
    }
}

/// The tutor itself: list, print, or open a lesson on screen.
fn tutor(cli: Cli) -> Result<Option<i32>, String> {
    let progress_path = progress::default_path();
    if cli.reset_progress {
        let path = progress_path.ok_or("no data directory on this system, so there is no saved progress to clear")?;
        // with --lesson, that lesson only
        let done = match &cli.lesson {
            Some(id) => progress::reset_lesson(&path, id)?,
            None => progress::reset(&path)?,
        };
        eprintln_escaped!("{}", done.message(&path, cli.lesson.as_deref()));
        return Ok(None);
    }
    let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
    let catalog = match &cli.lessons_dir {
        Some(dir) => Catalog::from_dir(dir, &weights),
        None => Catalog::built_in(&weights),
    }
    .map_err(|e| {
        let layers = weights.config.n_layers;
        let default_model =
            cli.model.weights.is_none() && cli.model.preset() == transformer_tutor::model::Preset::Tutor;
        if e.line == 0 {
            e.to_string()
        } else if default_model || cli.lessons_dir.is_some() {
            format!("{e}\n(the lesson was refused before anything was shown; fix the file and run again)")
        } else {
            format!(
                "{e}\n(the lessons are written for the tutor model, 2 layers; this model has {layers}. \
Run them without --preset/--weights, or give --lessons-dir with lessons for this model)"
            )
        }
    })?;
    if cli.list {
        return write_out(&catalog.list_text()).map(|()| None);
    }
    let index = match &cli.lesson {
        Some(id) => catalog.lessons.iter().position(|l| &l.id == id).ok_or_else(|| catalog.unknown_message(id))?,
        None => 0,
    };
    if catalog.lessons.is_empty() {
        return Err("there are no lessons".into());
    }
    let lessons = Arc::new(catalog.lessons);
    if cli.print {
        let mut app = App::with_lessons(lessons, index, 0, weights, Progress::new(), Screen::Lesson)
            .map_err(|e| e.to_string())?;
        if let Some(src) = &cli.src {
            app.set_sentences(src, cli.tgt.as_deref())?;
        }
        app.pin_what_if(cli.what_if);
        return write_out(&print::lesson_text(&mut app)).map(|()| None);
    }
    if !tui::has_terminal() {
        return Err(tui::no_terminal_message());
    }
    // progress: reported and replaced when unreadable, never fatal
    let (progress_file, progress, note) = match &progress_path {
        Some(path) => {
            let (file, progress, note) = progress::ProgressFile::open(path);
            (Some(file), progress, note)
        }
        None => (None, Progress::new(), Some("no data directory on this system: progress is not saved".into())),
    };
    let mut app = if cli.lesson.is_some() {
        App::with_lessons(lessons, index, 0, weights, progress, Screen::Lesson)
    } else {
        // no arguments: the first lesson not yet finished, at its first unseen beat, with the list shown
        let first_open =
            (0..lessons.len()).find(|&i| progress.lesson_status(&lessons[i]) != progress::Status::Done).unwrap_or(0);
        let beat = progress.lesson_resume_beat(&lessons[first_open]);
        App::with_lessons(lessons, first_open, beat, weights, progress, Screen::List { cursor: first_open })
    }
    .map_err(|e| e.to_string())?;
    if let Some(src) = &cli.src {
        app.set_sentences(src, cli.tgt.as_deref())?;
    }
    app.pin_what_if(cli.what_if);
    if let Some(note) = note {
        app.set_status(note);
    }
    Ok(match tui::run(app, progress_file)? {
        tui::Ended::Quit => None,
        tui::Ended::Signal(n) => Some(n),
    })
}

/// Write a command's output to stdout; a reader that went away (`| head`) ends it quietly.
fn write_out(text: &str) -> Result<(), String> {
    output::write_stdout(text).map(|_| ())
}

fn warn_unknown(setup: &Setup) {
    for line in setup.unknown_report() {
        eprintln_escaped!("note: {line}");
    }
}
