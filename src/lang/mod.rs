//! The language the learner reads: English or Chinese.
//!
//! Chosen by `--lang`, else remembered with the progress (the learner's last choice, `z` on the
//! screen), else by the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, in the order POSIX gives
//! them precedence; a value beginning with `zh` means Chinese), else English.
//!
//! Where the language lives: the tutor's state holds it (`App::lang`, changed by `z`), and
//! every entry into the app (`update`, the checkpoints' `tick`, the draw, `measure`, a file the
//! screen writes, `--print`) reads the words in it with `with(app.lang(), …)`. A command's
//! language is `main`'s choice, set once at the start (`set_current`). `strings` reads the
//! language of the scope it is called in (`current()`), kept per thread, so tests that draw
//! Chinese and English screens side by side do not meet; nothing changes it mid-run.
//! The words themselves are data: one Project Fluent file per language under `locales/`
//! (`messages.rs` reads them); a new language is a variant here, its row in `LOCALES` and its file.
//! A leaf module: it imports nothing from the crate.

use std::cell::Cell;

mod messages;

pub use messages::{Arg, message, message_in, message_with, message_with_in};

/// A language's code (`--lang`, the progress file), its own name and its message file.
pub struct Locale {
    pub lang: Lang,
    pub code: &'static str,
    /// The language's name in its own words (`English`, `中文`): the glossary's column of its
    /// terms, `--lang`'s list, the key that switches to it.
    pub name: &'static str,
    /// The Fluent source of every message the program shows (`locales/<code>.ftl`).
    pub messages: &'static str,
    /// Words are separated by spaces (English): a glossary term is found as a whole word, in any
    /// case, and glossed ` (term)`; otherwise (Chinese) inside the text, glossed `（term）`.
    pub spaced_words: bool,
    /// The language whose term the glossary writes after a term's first use in a lesson.
    pub gloss: Lang,
}

/// Every language, English first: English is where a message missing from another language's
/// file is read instead.
pub const LOCALES: [Locale; 2] = [
    Locale {
        lang: Lang::En,
        code: "en",
        name: "English",
        messages: include_str!("../../locales/en.ftl"),
        spaced_words: true,
        gloss: Lang::Zh,
    },
    Locale {
        lang: Lang::Zh,
        code: "zh",
        name: "中文",
        messages: include_str!("../../locales/zh.ftl"),
        spaced_words: false,
        gloss: Lang::En,
    },
];

/// One value per language, in `LOCALES`' order (a lesson's title, a glossary term's name).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Localized<T>(Vec<T>);

impl<T> Localized<T> {
    /// The value of every language, from `f` called once per language in `LOCALES`' order.
    pub fn try_from_fn<E>(f: impl FnMut(Lang) -> Result<T, E>) -> Result<Localized<T>, E> {
        Lang::ALL.into_iter().map(f).collect::<Result<Vec<T>, E>>().map(Localized)
    }

    /// The value of every language, from `f` called once per language.
    pub fn from_fn(f: impl FnMut(Lang) -> T) -> Localized<T> {
        Localized(Lang::ALL.into_iter().map(f).collect())
    }

    /// The value in `lang`.
    pub fn get(&self, lang: Lang) -> &T {
        &self.0[lang.index()]
    }

    /// Each language's value made from that language's value here.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Localized<U> {
        Localized(self.0.iter().map(f).collect())
    }

    /// The value in `lang`, to change.
    pub fn get_mut(&mut self, lang: Lang) -> &mut T {
        &mut self.0[lang.index()]
    }
}

/// A language of the screens and lessons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; LOCALES.len()] = {
        let mut all = [Lang::En; LOCALES.len()];
        let mut i = 0;
        while i < LOCALES.len() {
            all[i] = LOCALES[i].lang;
            i += 1;
        }
        all
    };

    /// Where this language stands in `ALL` and `LOCALES`.
    pub fn index(self) -> usize {
        Lang::ALL.iter().position(|&l| l == self).unwrap_or(0)
    }

    /// The language whose term the glossary writes after a term's first use in this one.
    pub fn gloss(self) -> Lang {
        self.locale().gloss
    }

    /// Whether this language separates words with spaces (see `Locale::spaced_words`).
    pub fn spaced_words(self) -> bool {
        self.locale().spaced_words
    }

    /// This language's row of `LOCALES`.
    pub fn locale(self) -> &'static Locale {
        &LOCALES[self.index()]
    }

    /// The code used by `--lang` and the progress file: `en` or `zh`.
    pub fn code(self) -> &'static str {
        self.locale().code
    }

    /// The language's name in its own words (`English`, `中文`).
    pub fn name(self) -> &'static str {
        self.locale().name
    }

    /// `en`/`zh` (any case, with or without a region: `zh-CN`, `zh_TW`, `en_GB`).
    pub fn from_code(code: &str) -> Option<Lang> {
        let lower = code.trim().to_ascii_lowercase();
        let primary = lower.split(['-', '_', '.', '@']).next().unwrap_or("");
        LOCALES.iter().find(|l| l.code == primary).map(|l| l.lang)
    }

    /// The next language in `ALL`, round to the first: the key that switches languages on the
    /// running screen cycles through every language (with two, it toggles).
    pub fn next(self) -> Lang {
        Lang::ALL[(self.index() + 1) % Lang::ALL.len()]
    }

    /// The language the environment asks for, if it says: the first of `LC_ALL`, `LC_MESSAGES`,
    /// `LANG` that is set and not empty decides (`C`, `POSIX` and other languages mean English).
    pub fn from_env() -> Option<Lang> {
        let get = |name: &str| std::env::var(name).ok();
        Lang::from_locale_vars(get("LC_ALL"), get("LC_MESSAGES"), get("LANG"))
    }

    /// `from_env` on given values (testable without touching the process's environment).
    pub fn from_locale_vars(lc_all: Option<String>, lc_messages: Option<String>, lang: Option<String>) -> Option<Lang> {
        let value = [lc_all, lc_messages, lang].into_iter().flatten().find(|v| !v.is_empty())?;
        Some(Lang::from_code(&value).unwrap_or(Lang::En))
    }
}

/// A piece of screen text without arguments, named by its message id in `locales/*.ftl`: a
/// `const` of the strings module (`pub const KEY_NEXT: Text = Text::id("key-next")`). It derefs to
/// `&str` in this thread's language and formats with `{}`, so call sites read it like the `&str`
/// it replaces (`&*X` or `X.get()` where a `&'static str` is needed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Text {
    pub id: &'static str,
}

impl Text {
    pub const fn id(id: &'static str) -> Text {
        Text { id }
    }

    /// The text in this thread's language.
    pub fn get(self) -> &'static str {
        self.get_in(current())
    }

    /// The text in `lang`.
    pub fn get_in(self, lang: Lang) -> &'static str {
        message_in(lang, self.id)
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.get()
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.get())
    }
}

impl From<Text> for std::borrow::Cow<'static, str> {
    fn from(t: Text) -> Self {
        std::borrow::Cow::Borrowed(t.get())
    }
}

impl From<Text> for String {
    fn from(t: Text) -> Self {
        t.get().to_string()
    }
}

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The language this thread draws and prints in.
pub fn current() -> Lang {
    CURRENT.with(Cell::get)
}

/// Draw and print in `lang` on this thread from now on.
pub fn set_current(lang: Lang) {
    CURRENT.with(|c| c.set(lang));
}

/// `f` run with `lang` as this thread's language, which is then set back (on a panic too).
pub fn with<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    /// Sets the language it was made with back when dropped.
    struct Restore(Lang);
    impl Drop for Restore {
        fn drop(&mut self) {
            set_current(self.0);
        }
    }
    let _restore = Restore(current());
    set_current(lang);
    f()
}

/// An operating-system error in the learner's language: the common kinds said in the words of
/// locales/ (`io-not-found`, …; English leaves them empty), the
/// system's own words otherwise (and an error this program worded keeps its words).
pub fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    let id = match e.kind() {
        _ if e.raw_os_error().is_none() => return e.to_string(), // worded by this program
        NotFound => "io-not-found",
        PermissionDenied => "io-permission-denied",
        AlreadyExists => "io-already-exists",
        StorageFull => "io-storage-full",
        ReadOnlyFilesystem => "io-read-only-filesystem",
        IsADirectory => "io-is-a-directory",
        NotADirectory => "io-not-a-directory",
        _ => return e.to_string(),
    };
    // English leaves these empty: the system's own words are English already
    match message(id) {
        "" => e.to_string(),
        said => said.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_with_regions_are_read() {
        assert_eq!(Lang::from_code("zh"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("zh_CN.UTF-8"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("ZH-tw"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn the_environment_decides_in_posix_order() {
        let s = |v: &str| Some(v.to_string());
        assert_eq!(Lang::from_locale_vars(None, None, s("zh_CN.UTF-8")), Some(Lang::Zh));
        assert_eq!(Lang::from_locale_vars(s("C"), None, s("zh_CN.UTF-8")), Some(Lang::En));
        assert_eq!(Lang::from_locale_vars(s(""), s("zh_TW"), s("en_US")), Some(Lang::Zh));
        assert_eq!(Lang::from_locale_vars(None, None, s("C.UTF-8")), Some(Lang::En));
        assert_eq!(Lang::from_locale_vars(None, None, None), None);
    }

    #[test]
    fn a_text_reads_in_the_current_language() {
        const NEXT: Text = Text::id("key-next");
        set_current(Lang::En);
        assert!(NEXT.starts_with("next beat"), "{NEXT}");
        set_current(Lang::Zh);
        assert!(format!("{NEXT}").starts_with("下一页"));
        assert_eq!(String::from(NEXT), NEXT.get_in(Lang::Zh));
        set_current(Lang::En);
    }

    #[test]
    fn a_lesson_field_is_translated_by_its_suffix() {
        assert_eq!(Lang::ALL, [Lang::En, Lang::Zh]);
        assert_eq!((Lang::En.next(), Lang::Zh.next()), (Lang::Zh, Lang::En));
        assert_eq!((Lang::En.name(), Lang::Zh.name()), ("English", "中文"));
        assert_eq!((Lang::En.gloss(), Lang::Zh.gloss()), (Lang::Zh, Lang::En));
        let titles = Localized::from_fn(|l| l.code().to_string());
        assert_eq!(titles.get(Lang::Zh), "zh");
    }

    #[test]
    fn the_language_is_per_thread() {
        set_current(Lang::Zh);
        let other = std::thread::spawn(current).join().unwrap();
        assert_eq!(other, Lang::En);
        set_current(Lang::En);
    }
}
