//! clap's usage errors said in Chinese: clap writes them in English, so under `--lang zh` (or a
//! Chinese locale) the common kinds are said again from the error's own context (the argument,
//! the value, the valid values, clap's suggestion). A kind not listed here keeps clap's English
//! under a Chinese lead line (`CLAP_ERROR_LEAD`).

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The error in Chinese, one line, or None for a kind this does not say.
pub fn clap_error_zh(e: &clap::Error) -> Option<String> {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(format!("`{s}`")),
        Some(ContextValue::Strings(v)) if !v.is_empty() => {
            Some(super::one_of(&v.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>()))
        }
        _ => None,
    };
    let arg = text(ContextKind::InvalidArg);
    let value = text(ContextKind::InvalidValue);
    // clap's suggestions, unquoted: `did_you_mean` quotes them (the language is Chinese here)
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
        ErrorKind::UnknownArgument => format!("不认识的参数 {}{did_you_mean}", arg?),
        ErrorKind::InvalidSubcommand => format!("没有子命令 {}{did_you_mean}", text(ContextKind::InvalidSubcommand)?),
        ErrorKind::InvalidValue => match (value, text(ContextKind::ValidValue)) {
            (Some(v), Some(valid)) if v != "``" => format!("{} 不接受 {v}；可以用 {valid}{did_you_mean}", arg?),
            (_, Some(valid)) => format!("{} 需要一个值：{valid}", arg?),
            (_, None) => format!("{} 需要一个值", arg?),
        },
        ErrorKind::ValueValidation => {
            // the tutor's own value parsers speak Chinese; the standard library's number parsers do not
            let source = std::error::Error::source(e).map(|r| r.to_string()).unwrap_or_default();
            let reason = match source.as_str() {
                s if s.chars().any(|c| c > '\u{2e80}') => s.to_string(),
                "number too large to fit in target type" => "这个数太大了".into(),
                "number too small to fit in target type" => "这个数太小了".into(),
                "invalid digit found in string" => "这里要写一个整数".into(),
                "invalid float literal" => "这里要写一个数".into(),
                "cannot parse integer from empty string" => "不能是空的".into(),
                _ => "不是这里要的值".into(),
            };
            format!("{} 的值 {} 不行：{reason}", arg?, value?)
        }
        ErrorKind::MissingRequiredArgument => {
            // the usage line is syntax, the same in both languages
            let usage = match e.get(ContextKind::Usage) {
                Some(ContextValue::StyledStr(u)) => u.to_string(),
                _ => String::new(),
            };
            let usage = usage.trim().trim_start_matches("Usage:").trim().to_string();
            let usage = if usage.is_empty() { String::new() } else { format!("\n用法：{usage}") };
            format!("缺少必需的参数 {}{usage}", arg?)
        }
        ErrorKind::ArgumentConflict => match (arg?, text(ContextKind::PriorArg)?) {
            (a, prior) if a == prior => format!("{a} 只能给一次"),
            (a, prior) => format!("{a} 不能和 {prior} 一起用"),
        },
        ErrorKind::TooManyValues | ErrorKind::WrongNumberOfValues | ErrorKind::TooFewValues => {
            format!("{} 后面的值的个数不对", arg?)
        }
        ErrorKind::NoEquals => format!("{} 的写法不对", arg?),
        _ => return None,
    };
    Some(message)
}
