//! Messages about a lesson's two languages (for the lesson's author).

use crate::lang::message_with;
use crate::lang::{Lang, current};

/// A field with no Chinese beside its English.
pub fn missing_translation(field: &str, english: &str, see: &str) -> String {
    message_with("missing-translation", &[("english", &english), ("field", &field), ("see", &see)])
}

/// The Chinese of a field uses other facts than its English.
pub fn facts_differ_by_language(only_en: &[String], only_zh: &[String], see: &str) -> String {
    match current() {
        Lang::En => {
            let list = |v: &[String]| if v.is_empty() { "nothing".to_string() } else { v.join(", ") };
            format!(
                "says other facts than the English: the English has {} that the Chinese lacks, the Chinese has {} that \
                 the English lacks; both languages quote the same facts from the run {see}",
                list(only_en),
                list(only_zh)
            )
        }
        Lang::Zh => {
            let list = |v: &[String]| if v.is_empty() { "无".to_string() } else { v.join("、") };
            format!(
                "与英文引用的事实不同：英文有而中文没有的是 {}，中文有而英文没有的是 {}；\
                 两种语言应引用运行中的同一组事实 {see}",
                list(only_en),
                list(only_zh)
            )
        }
    }
}

/// The Chinese of a field leaves out numbers its English writes.
pub fn numbers_differ_by_language(dropped: &[String], see: &str) -> String {
    message_with(
        "numbers-differ-by-language",
        &[("dropped_join", &dropped.join(", ")), ("see", &see), ("dropped_join_2", &dropped.join("、"))],
    )
}
