//! Messages about a lesson's two languages (for the lesson's author).

/// A field with no Chinese beside its English.
pub fn missing_translation(field: &str, english: &str, see: &str) -> String {
    format!(
        "is missing: every lesson is written in English and Chinese, so `{english}` needs `{field}` beside it, \
         saying the same with the same facts {see}"
    )
}

/// The Chinese of a field uses other facts than its English.
pub fn facts_differ_by_language(only_en: &[String], only_zh: &[String], see: &str) -> String {
    let list = |v: &[String]| if v.is_empty() { "nothing".to_string() } else { v.join(", ") };
    format!(
        "says other facts than the English: the English has {} that the Chinese lacks, the Chinese has {} that \
         the English lacks; both languages quote the same facts from the run {see}",
        list(only_en),
        list(only_zh)
    )
}
