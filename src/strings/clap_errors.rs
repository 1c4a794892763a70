//! clap's usage errors said in the learner's language: clap writes them in English, so under
//! another `--lang` (`zh`, or such a locale) the common kinds are said again from the error's own context
//! (the argument, the value, the valid values, clap's suggestion). A kind not listed here keeps
//! clap's English under a lead line in the learner's language (`CLAP_ERROR_LEAD`).

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::lang::{message, message_with};

/// The error in this thread's language, one line (and the usage line after a missing argument),
/// or None for a kind this does not say. `cli::args` asks for it when the language asked for is
/// not English (clap's own), with that language current.
pub fn clap_error_translated(e: &clap::Error) -> Option<String> {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(format!("`{s}`")),
        Some(ContextValue::Strings(v)) if !v.is_empty() => {
            Some(super::one_of(&v.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>()))
        }
        _ => None,
    };
    let arg = text(ContextKind::InvalidArg);
    let value = text(ContextKind::InvalidValue);
    // clap's suggestions, unquoted: `did_you_mean` quotes them
    let names = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    };
    let mut suggested = names(ContextKind::SuggestedArg);
    if suggested.is_empty() {
        suggested = names(ContextKind::SuggestedSubcommand);
    }
    let did_you_mean = super::did_you_mean(&suggested.iter().map(String::as_str).collect::<Vec<_>>());
    let message = match e.kind() {
        ErrorKind::UnknownArgument => {
            message_with("clap-unknown-argument", &[("arg", &arg?), ("did_you_mean", &did_you_mean)])
        }
        ErrorKind::InvalidSubcommand => message_with(
            "clap-no-subcommand",
            &[("subcommand", &text(ContextKind::InvalidSubcommand)?), ("did_you_mean", &did_you_mean)],
        ),
        ErrorKind::InvalidValue => match (value, text(ContextKind::ValidValue)) {
            (Some(v), Some(valid)) if v != "``" => message_with(
                "clap-value-not-accepted",
                &[("arg", &arg?), ("value", &v), ("valid", &valid), ("did_you_mean", &did_you_mean)],
            ),
            (_, Some(valid)) => message_with("clap-value-needed-of", &[("arg", &arg?), ("valid", &valid)]),
            (_, None) => message_with("clap-value-needed", &[("arg", &arg?)]),
        },
        ErrorKind::ValueValidation => {
            // the tutor's own value parsers speak the learner's language (Chinese: they hold CJK
            // characters, which clap's and the standard library's English never do); the standard
            // library's number parsers speak English, in these fixed words
            let source = std::error::Error::source(e).map(|r| r.to_string()).unwrap_or_default();
            let reason = match source.as_str() {
                s if s.chars().any(|c| c > '\u{2e80}') => s,
                "number too large to fit in target type" => message("clap-number-too-large"),
                "number too small to fit in target type" => message("clap-number-too-small"),
                "invalid digit found in string" => message("clap-not-a-whole-number"),
                "invalid float literal" => message("clap-not-a-number"),
                "cannot parse integer from empty string" => message("clap-value-empty"),
                _ => message("clap-value-not-wanted"),
            };
            message_with("clap-value-refused", &[("arg", &arg?), ("value", &value?), ("reason", &reason)])
        }
        ErrorKind::MissingRequiredArgument => {
            // the usage line is syntax, the same in every language
            let usage = match e.get(ContextKind::Usage) {
                Some(ContextValue::StyledStr(u)) => u.to_string(),
                _ => String::new(),
            };
            let usage = usage.trim().trim_start_matches("Usage:").trim().to_string();
            let missing = message_with("clap-missing-argument", &[("arg", &arg?)]);
            if usage.is_empty() {
                missing
            } else {
                format!("{missing}\n{}", message_with("clap-usage", &[("usage", &usage)]))
            }
        }
        ErrorKind::ArgumentConflict => match (arg?, text(ContextKind::PriorArg)?) {
            (a, prior) if a == prior => message_with("clap-argument-once", &[("arg", &a)]),
            (a, prior) => message_with("clap-argument-conflict", &[("arg", &a), ("prior", &prior)]),
        },
        ErrorKind::TooManyValues | ErrorKind::WrongNumberOfValues | ErrorKind::TooFewValues => {
            message_with("clap-wrong-number-of-values", &[("arg", &arg?)])
        }
        ErrorKind::NoEquals => message_with("clap-not-written-so", &[("arg", &arg?)]),
        _ => return None,
    };
    Some(message)
}
