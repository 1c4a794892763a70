//! Flags that would have no effect together are refused, each with what it would need. clap checks
//! a flag alone (and the pairs declared with `conflicts_with`/`requires` in `args`); this checks
//! the rest of the command line around it: the tutor's flags before a subcommand, model flags a
//! command does not read, `--seed` without random weights, `--preset` with a weights file. `main`
//! reports a refusal as clap reports a usage error (exit 2).

use super::args::{Cli, Command, ModelArgs};
use crate::strings;

/// The first flag on the command line that nothing would read, and why; Ok when every flag counts.
pub fn check(cli: &Cli) -> Result<(), String> {
    match &cli.command {
        Some(command) => {
            tutor_flags_before(cli, command)?;
            command_model_flags(command, &cli.model)
        }
        None => tutor_flags(cli),
    }
}

/// The subcommand's name, as typed.
pub fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Trace { .. } => "trace",
        Command::Export { .. } => "export",
        Command::Translate { .. } => "translate",
        Command::Train { .. } => "train",
        Command::Corpus { .. } => "corpus",
        Command::Probe { .. } => "probe",
    }
}

/// The tutor's own flags (given before a subcommand, so clap took them as the tutor's).
fn tutor_flags_before(cli: &Cli, command: &Command) -> Result<(), String> {
    let name = command_name(command);
    let given = [
        ("--lesson", cli.lesson.is_some()),
        ("--list", cli.list),
        ("--print", cli.print),
        ("--src", cli.src.is_some()),
        ("--tgt", cli.tgt.is_some()),
        ("--what-if", cli.what_if.is_some()),
        ("--reset-progress", cli.reset_progress),
        ("--lessons-dir", cli.lessons_dir.is_some()),
        ("--at-step", cli.at_step.is_some()),
        ("--glossary", cli.glossary),
    ];
    let Some((flag, _)) = given.into_iter().find(|(_, g)| *g) else { return Ok(()) };
    let takes_input = matches!(command, Command::Trace { .. } | Command::Export { .. });
    let export_flag = matches!(command, Command::Export { .. }) && flag == "--what-if";
    let hint = if takes_input && (flag == "--src" || flag == "--tgt") || export_flag {
        strings::flag_after_subcommand(name, flag)
    } else {
        String::new()
    };
    Err(strings::tutor_flag_with_subcommand(flag, name, &hint))
}

/// Model flags with a subcommand: `corpus` reads none, `train` starts from seeded random weights
/// or fine-tunes `--weights` (tutor sizes only), `train --eval FILE` reads only FILE.
fn command_model_flags(command: &Command, m: &ModelArgs) -> Result<(), String> {
    let given = model_flags_given(m);
    match command {
        Command::Corpus { .. } => match given.first() {
            Some(flag) => Err(strings::no_effect_on_corpus(flag)),
            None => Ok(()),
        },
        Command::Train { eval: Some(_), .. } => match given.first() {
            Some(&"--weights") => Err(strings::WEIGHTS_WITH_EVAL.into()),
            Some(flag) => Err(strings::no_effect_on_eval(flag)),
            None => Ok(()),
        },
        Command::Train { .. } => {
            if m.random_weights {
                return Err(strings::RANDOM_WEIGHTS_WITH_TRAIN.into());
            }
            if let Some(preset) = m.preset.filter(|p| *p != crate::model::Preset::Tutor) {
                return Err(strings::train_other_preset(preset.name()));
            }
            if m.weights.is_some() && m.preset.is_some() {
                return Err(preset_with_weights());
            }
            Ok(())
        }
        Command::Trace { .. } | Command::Export { .. } | Command::Translate { .. } | Command::Probe { .. } => {
            model_flags(m)
        }
    }
}

/// The tutor without a subcommand: `--list`, `--glossary` and `--reset-progress` end before a
/// lesson is shown; `--at-step` swaps in the shipped run's checkpoints, so no other model.
fn tutor_flags(cli: &Cli) -> Result<(), String> {
    let shown = [
        ("--print", cli.print),
        ("--src", cli.src.is_some()),
        ("--tgt", cli.tgt.is_some()),
        ("--what-if", cli.what_if.is_some()),
        ("--at-step", cli.at_step.is_some()),
    ];
    let first = |flags: &[(&'static str, bool)]| flags.iter().find(|(_, g)| *g).map(|(f, _)| *f);
    if cli.reset_progress {
        let ignored = first(&[("--list", cli.list), ("--glossary", cli.glossary)]).or_else(|| first(&shown));
        if let Some(flag) = ignored.or_else(|| model_flags_given(&cli.model).first().copied()) {
            return Err(strings::no_effect_with_reset(flag));
        }
        return Ok(());
    }
    if cli.glossary {
        let ignored = first(&[("--list", cli.list), ("--lesson", cli.lesson.is_some())]).or_else(|| first(&shown));
        if let Some(flag) = ignored.or_else(|| model_flags_given(&cli.model).first().copied()) {
            return Err(strings::no_effect_with_glossary(flag));
        }
        return Ok(());
    }
    if cli.list {
        let ignored = first(&[("--lesson", cli.lesson.is_some())]).or_else(|| first(&shown));
        if let Some(flag) = ignored {
            return Err(strings::no_effect_with_list(flag));
        }
    }
    if cli.at_step.is_some()
        && let Some(flag) = model_flags_given(&cli.model).first()
    {
        return Err(strings::no_effect_with_at_step(flag));
    }
    what_if_beside_itself(cli)?;
    model_flags(&cli.model)
}

/// The checkpoints before the last, as a learner types them: `0, 10, 25, 50, 100, 200 or 500`.
fn earlier_steps() -> String {
    let steps = crate::train::checkpoints::STEPS;
    let earlier: Vec<String> = steps[..steps.len() - 1].iter().map(|s| s.to_string()).collect();
    strings::one_of(&earlier)
}

/// `--what-if trained` and `untrained` swap weights: refused where both sides would be one model
/// (the trained model beside the end of training, step 0 beside step 0) or where there is no
/// shipped run to take them from.
fn what_if_beside_itself(cli: &Cli) -> Result<(), String> {
    use crate::explore::Variant;
    let Some(variant) = cli.what_if else { return Ok(()) };
    let last = *crate::train::checkpoints::STEPS.last().expect("checkpoints");
    match (variant, cli.at_step) {
        (Variant::Trained, None) => Err(strings::what_if_trained_needs_step(&earlier_steps())),
        (Variant::Trained, Some(step)) if step == last => Err(strings::what_if_trained_at_end(last, &earlier_steps())),
        (Variant::Untrained, Some(0)) => Err(strings::WHAT_IF_UNTRAINED_AT_ZERO.into()),
        // random weights are an untrained model already (with --seed 1, the very same one)
        (Variant::Untrained, _) if cli.model.random_weights => Err(strings::WHAT_IF_UNTRAINED_WITH_RANDOM.into()),
        (Variant::Untrained, _) if cli.model.preset() != crate::model::Preset::Tutor => {
            Err(strings::what_if_untrained_with_preset(cli.model.preset().name()))
        }
        _ => Ok(()),
    }
}

/// The model flags given, in the order they are checked.
fn model_flags_given(m: &ModelArgs) -> Vec<&'static str> {
    [("--weights", m.weights.is_some()), ("--random-weights", m.random_weights), ("--seed", m.seed.is_some())]
        .into_iter()
        .chain([("--preset", m.preset.is_some())])
        .filter(|(_, g)| *g)
        .map(|(f, _)| f)
        .collect()
}

/// Model flags where a model is run: `--preset` and `--seed` shape random weights only, and
/// `--random-weights` is implied by a preset other than tutor.
fn model_flags(m: &ModelArgs) -> Result<(), String> {
    use crate::model::Preset;
    let other_preset = m.preset.is_some_and(|p| p != Preset::Tutor);
    if m.weights.is_some() {
        if m.preset.is_some() {
            return Err(preset_with_weights());
        }
        if m.seed.is_some() {
            return Err(strings::SEED_WITH_WEIGHTS.into());
        }
    }
    if m.random_weights && other_preset {
        return Err(strings::RANDOM_WEIGHTS_WITH_PRESET.into());
    }
    if m.seed.is_some() && m.weights.is_none() && !m.random_weights && !other_preset {
        return Err(strings::SEED_WITH_TRAINED.into());
    }
    Ok(())
}

fn preset_with_weights() -> String {
    strings::PRESET_WITH_WEIGHTS.into()
}
