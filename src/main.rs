use std::process::ExitCode;
use std::sync::Arc;
use transformer_tutor::app::App;
use transformer_tutor::app::state::Screen;
use transformer_tutor::cli::args::{Cli, Command};
use transformer_tutor::cli::{combos, commands, output, print};
use transformer_tutor::eprintln_escaped;
use transformer_tutor::lang::{self, Lang};
use transformer_tutor::lesson::Catalog;
use transformer_tutor::lesson::glossary::Glossary;
use transformer_tutor::progress::{self, Progress};
use transformer_tutor::strings;
use transformer_tutor::tui;

/// mimalloc instead of the system allocator: training allocates and frees many tensors of a few
/// hundred kilobytes per step, which glibc's malloc hands to mmap and zeroes afresh every time.
/// `Noting` only notes a failed allocation, so that the abort which follows, restoring the
/// terminal, says memory ran out.
#[global_allocator]
static ALLOCATOR: transformer_tutor::model::fast::alloc::Noting<mimalloc::MiMalloc> =
    transformer_tutor::model::fast::alloc::Noting(mimalloc::MiMalloc);

fn main() -> ExitCode {
    let cli = Cli::parse_args();
    // --lang, else the learner's last choice (saved with the progress), else the locale; chosen
    // first, so that the usage errors below are in it too
    let saved = progress::default_path().and_then(|p| progress::peek_language(&p));
    lang::set_current(cli.lang.or(saved).or_else(Lang::from_env).unwrap_or_default());
    if let Err(message) = combos::check(&cli) {
        if lang::current() != Lang::En {
            // clap's usage lines are English: a message in another language stands whole, with where to look
            output::to_stderr(&strings::error_line(&message));
            output::to_stderr(strings::SEE_HELP.get());
            return ExitCode::from(2);
        }
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
            eprintln_escaped!("{}", strings::error_line(&message));
            ExitCode::FAILURE
        }
    }
}

/// Run the command; Some(signal) when the screen was ended by one.
fn run(cli: Cli) -> Result<Option<i32>, String> {
    if cli.command.is_none() {
        return tutor(cli);
    }
    commands::command(cli)
}

/// The tutor itself: list, print, or open a lesson on screen.
fn tutor(mut cli: Cli) -> Result<Option<i32>, String> {
    let progress_path = progress::default_path();
    // the real-translator lesson runs on a real translator: the shipped tiny Marian unless the
    // learner loaded one (or asked for other weights)
    if cli.lesson.as_deref() == Some(transformer_tutor::setup::REAL_TRANSLATOR_LESSON)
        && cli.model.model.is_none()
        && cli.model.weights.is_none()
        && !cli.model.random_weights
        && cli.model.preset.is_none()
    {
        cli.model.model = Some(transformer_tutor::setup::shipped_marian_dir());
    }
    if cli.reset_progress {
        return reset_progress(&cli, progress_path).map(|()| None);
    }
    let weights = Arc::new(cli.model.source().load().map_err(|e| e.to_string())?);
    let catalog = load_catalog(&cli, &weights)?;
    if cli.list {
        return write_out(&catalog.list_text()).map(|()| None);
    }
    if cli.glossary {
        return write_out(&transformer_tutor::cli::glossary::glossary_text(Glossary::built_in(), &catalog))
            .map(|()| None);
    }
    let index = match &cli.lesson {
        Some(id) => catalog.lessons.iter().position(|l| &l.id == id).ok_or_else(|| catalog.unknown_message(id))?,
        None => 0,
    };
    if catalog.lessons.is_empty() {
        return Err(strings::NO_LESSONS.into());
    }
    let lessons = Arc::new(catalog.lessons);
    if cli.print {
        return print_lesson(&cli, lessons, index, weights).map(|()| None);
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
        None => (None, Progress::new(), Some(strings::NO_DATA_DIR.into())),
    };
    let mut progress = progress;
    if let Some(chosen) = cli.lang {
        progress.choose_language(chosen); // remembered: the next run opens in it too
    }
    let mut app = if cli.lesson.is_some() {
        App::for_the_terminal(lessons, (index, 0), weights, progress, Screen::Lesson)
    } else {
        // no arguments: the first lesson not yet finished, at its first unseen beat, with the list shown
        let first_open =
            (0..lessons.len()).find(|&i| progress.lesson_status(&lessons[i]) != progress::Status::Done).unwrap_or(0);
        let beat = progress.lesson_resume_beat(&lessons[first_open]);
        App::for_the_terminal(lessons, (first_open, beat), weights, progress, Screen::List { cursor: first_open })
    }
    .map_err(|e| e.to_string())?;
    if let Some(src) = &cli.src {
        app.set_sentences(src, cli.tgt.as_deref())?;
    }
    app.pin_what_if(cli.what_if);
    // training time (- / +): the shipped run's checkpoints, read or made on first use
    app.use_checkpoint_dir(transformer_tutor::train::checkpoints::default_dir());
    at_training_step(&cli, &mut app)?;
    if let Some(note) = note {
        app.set_status(note);
    }
    Ok(match tui::run(app, progress_file)? {
        tui::Ended::Quit => None,
        tui::Ended::Signal(n) => Some(n),
    })
}

/// `--reset-progress` (with `--lesson ID`, that lesson's only): clear, say what, exit.
fn reset_progress(cli: &Cli, progress_path: Option<std::path::PathBuf>) -> Result<(), String> {
    let path = progress_path.ok_or(strings::NO_DATA_DIR_TO_CLEAR)?;
    // with --lesson, that lesson only
    let done = match &cli.lesson {
        Some(id) => {
            // an id that is neither a lesson nor saved progress (a lesson of another
            // --lessons-dir) is refused, with the closest lesson named, rather than "reset"
            let catalog = cli.model.source().load().ok().and_then(|w| load_catalog(cli, &Arc::new(w)).ok());
            let known = catalog.as_ref().is_some_and(|c| c.lessons.iter().any(|l| &l.id == id));
            let done = progress::reset_lesson(&path, id)?;
            if !known && matches!(done, progress::Reset::Nothing { .. }) {
                return Err(catalog.map_or_else(
                    || strings::no_lesson(&transformer_tutor::text::escape_controls(id, false), &[], &[]),
                    |c| c.unknown_message(id),
                ));
            }
            done
        }
        None => progress::reset(&path)?,
    };
    eprintln_escaped!("{}", done.message(&path, cli.lesson.as_deref()));
    Ok(())
}

/// `--print`: the lesson as plain text, every beat with its live numbers.
fn print_lesson(
    cli: &Cli,
    lessons: Arc<Vec<transformer_tutor::lesson::Lesson>>,
    index: usize,
    weights: Arc<transformer_tutor::model::Weights>,
) -> Result<(), String> {
    let mut app =
        App::with_lessons(lessons, index, 0, weights, Progress::new(), Screen::Lesson).map_err(|e| e.to_string())?;
    if let Some(src) = &cli.src {
        app.set_sentences(src, cli.tgt.as_deref())?;
    }
    app.pin_what_if(cli.what_if);
    at_training_step(cli, &mut app)?;
    // each beat is written as soon as it is made; a reader that went away ends it quietly
    let mut failed = None;
    print::print_lesson(&mut app, &mut |part| match output::write_stdout(part) {
        Ok(output::Written::All) => true,
        Ok(output::Written::PipeClosed) => false,
        Err(e) => {
            failed = Some(e);
            false
        }
    });
    failed.map_or(Ok(()), Err)
}

/// `--at-step K`: the checkpoints read (or made now, counting the steps on stderr), the dial at K.
fn at_training_step(cli: &Cli, app: &mut App) -> Result<(), String> {
    use transformer_tutor::train::checkpoints::{Checkpoints, STEPS, default_dir};
    let Some(step) = cli.at_step else { return Ok(()) };
    if !STEPS.contains(&step) {
        return Err(strings::no_checkpoint_at(step, &STEPS)); // before making anything
    }
    let report = |done: usize, total: usize| {
        if done.is_multiple_of(100) || done == total {
            eprintln_escaped!("{}", strings::dial_making(done, total));
        }
    };
    let (checkpoints, warning) = Checkpoints::load_or_make(default_dir().as_deref(), report);
    if let Some(why) = warning {
        eprintln_escaped!("{}", strings::dial_not_saved(&why));
    }
    app.set_checkpoints(Arc::new(checkpoints));
    app.dial_to_step(step)
}

/// The lessons (built in, or `--lessons-dir`), checked against the model they will run on; a
/// lesson refused for another model than the taught one says so.
fn load_catalog(cli: &Cli, weights: &Arc<transformer_tutor::model::Weights>) -> Result<Catalog, String> {
    match &cli.lessons_dir {
        Some(dir) => Catalog::from_dir(dir, weights),
        None => Catalog::built_in(weights),
    }
    .map_err(|e| {
        let layers = weights.config.n_layers;
        let default_model =
            cli.model.weights.is_none() && cli.model.preset() == transformer_tutor::model::Preset::Tutor;
        if e.line == 0 {
            e.to_string()
        } else if default_model || cli.lessons_dir.is_some() {
            strings::lesson_refused(e)
        } else {
            strings::lesson_for_other_model(e, layers)
        }
    })
}

/// Write a command's output to stdout; a reader that went away (`| head`) ends it quietly.
fn write_out(text: &str) -> Result<(), String> {
    output::write_stdout(text).map(|_| ())
}
