//! The keys: what each does (the help overlay) and the words of the status bar's hints. The key
//! names and which hint shows when are in the table of bindings (`app/bindings.rs`).

use std::sync::OnceLock;

use crate::lang::{Lang, Localized, Text, current, message_with_in};

pub const KEY_NEXT: Text = Text::id("key-next");
pub const KEY_PREV: Text = Text::id("key-prev");
pub const KEY_FIRST_LAST: Text = Text::id("key-first-last");
pub const KEY_STEP: Text = Text::id("key-step");
pub const KEY_HEAD: Text = Text::id("key-head");
pub const KEY_ROW: Text = Text::id("key-row");
pub const KEY_BATCH: Text = Text::id("key-batch");
pub const KEY_COLUMNS: Text = Text::id("key-columns");
pub const KEY_ANSWER: Text = Text::id("key-answer");
pub const KEY_LIST: Text = Text::id("key-list");
pub const KEY_SENTENCE: Text = Text::id("key-sentence");
pub const KEY_CELL: Text = Text::id("key-cell");
pub const KEY_CODE: Text = Text::id("key-code");
pub const KEY_TEMPERATURE: Text = Text::id("key-temperature");
pub const KEY_PROBE_VIEW: Text = Text::id("key-probe-view");
pub const KEY_WHAT_IF: Text = Text::id("key-what-if");
pub const KEY_PANE: Text = Text::id("key-pane");
pub const KEY_SAVE_TENSOR: Text = Text::id("key-save-tensor");
pub const KEY_SAVE_FRAME: Text = Text::id("key-save-frame");
pub const KEY_SAVE_GRID: Text = Text::id("key-save-grid");
pub const KEY_HELP: Text = Text::id("key-help");
pub const KEY_QUIT: Text = Text::id("key-quit");
pub const HELP_TITLE: Text = Text::id("help-title");
pub const HELP_FOOTER: Text = Text::id("help-footer");
/// The help's line for the status bar's `engine op N/M` (no wider than the widest key line).
pub const HELP_OP_KEY: Text = Text::id("help-op-key");
pub const HELP_OP: Text = Text::id("help-op");
pub const KEY_STEP_DECODE: Text = Text::id("key-step-decode");

// the status bar's hints: "keys label", in a lesson two spaces apart, elsewhere " · "
pub const HINT_GAP: &str = "  ";
pub const HINT_SEPARATOR: &str = " · ";
pub const HINT_BEAT: Text = Text::id("hint-beat");
pub const HINT_HEAD: Text = Text::id("hint-head");
pub const HINT_ROW: Text = Text::id("hint-row");
pub const HINT_STEP: Text = Text::id("hint-step");
pub const HINT_LESSONS: Text = Text::id("hint-lessons");
pub const HINT_HELP: Text = Text::id("hint-help");
pub const HINT_QUIT: Text = Text::id("hint-quit");
pub const HINT_ANSWER: Text = Text::id("hint-answer");
pub const HINT_TYPE_ANSWER: Text = Text::id("hint-type-answer");
pub const HINT_TYPE_SENTENCE: Text = Text::id("hint-type-sentence");
pub const HINT_CHECK: Text = Text::id("hint-check");
pub const HINT_RUN: Text = Text::id("hint-run");
pub const HINT_CLOSE: Text = Text::id("hint-close");
pub const HINT_MOVE: Text = Text::id("hint-move");
pub const HINT_OPEN: Text = Text::id("hint-open");
pub const HINT_BACK: Text = Text::id("hint-back");
pub const HINT_CELL: Text = Text::id("hint-cell");
pub const HINT_BATCH: Text = Text::id("hint-batch");
pub const HINT_LEAVE: Text = Text::id("hint-leave");

/// The status line after `z`: `lang` is on now, and names the language `z` goes to next.
pub fn language_now(lang: Lang) -> String {
    message_with_in(lang, "language-now", &[("next", &lang.next().name())])
}

/// Words made from the languages themselves, once per language: `make` in each language, the
/// current one's lent out (a help line or hint of the key table is `&'static str`).
fn per_language(made: &'static OnceLock<Localized<String>>, make: fn(Lang) -> String) -> &'static str {
    made.get_or_init(|| Localized::from_fn(make)).get(current())
}

/// The help line of `z`: the language it goes to, and the one after.
pub fn key_language() -> &'static str {
    static MADE: OnceLock<Localized<String>> = OnceLock::new();
    per_language(&MADE, |lang| {
        let next = lang.next();
        let called = super::language_called(next, lang);
        let args: [crate::lang::Arg; 3] =
            [("next_own", &next.name()), ("next", &called), ("after_own", &next.next().name())];
        message_with_in(lang, "key-language", &args)
    })
}

/// The status bar's hint of `z`: the language it goes to, in its own words.
pub fn hint_language() -> &'static str {
    current().next().name()
}

/// The help line of `T`: the glossary's two languages.
pub fn key_glossary() -> &'static str {
    static MADE: OnceLock<Localized<String>> = OnceLock::new();
    per_language(&MADE, |lang| {
        let (language, gloss) = (super::language_called(lang, lang), super::language_called(lang.gloss(), lang));
        message_with_in(lang, "key-glossary", &[("language", &language), ("gloss", &gloss)])
    })
}

/// The glossary overlay's title and its footer.
pub const GLOSSARY_TITLE: Text = Text::id("glossary-title-2");
pub const GLOSSARY_FOOTER: Text = Text::id("glossary-footer");

/// When the help overlay cannot show every line: how many are above and below, and the keys.
pub fn help_more(above: usize, below: usize) -> String {
    overlay_more(above, below, super::LINES.get())
}

/// When the glossary overlay cannot show every term: how many are above and below, and the keys.
pub fn glossary_more(above: usize, below: usize) -> String {
    overlay_more(above, below, TERMS.get())
}

const TERMS: crate::lang::Text = crate::lang::Text::id("terms-terms");

/// An overlay's window line: `… 3 more lines above, 7 below (↑/↓ PgUp/PgDn)`.
fn overlay_more(above: usize, below: usize, what: &str) -> String {
    format!(" {} (↑/↓ PgUp/PgDn)", super::more(above, below, what))
}
