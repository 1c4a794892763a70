//! Messages about a lesson's two languages (for the lesson's author).

use crate::lang::{Lang, current};

/// A field with no Chinese beside its English.
pub fn missing_translation(field: &str, english: &str, see: &str) -> String {
    match current() {
        Lang::En => format!(
            "is missing: every lesson is written in English and Chinese, so `{english}` needs `{field}` beside it, \
             saying the same with the same facts {see}"
        ),
        Lang::Zh => format!(
            "缺失：每课都用英文和中文两种语言写成，所以 `{english}` 旁边需要 `{field}`，\
             用同样的事实说同样的内容 {see}"
        ),
    }
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
    match current() {
        Lang::En => format!(
            "leaves out {} that the English writes; a number the English states is written in the Chinese too {see}",
            dropped.join(", ")
        ),
        Lang::Zh => format!("缺少英文里写出的数 {}；英文写出的数，中文也要写出来 {see}", dropped.join("、")),
    }
}
