//! What the learner reads is on the learner's screen: every decimal number, every row of token
//! ids, every shape, every character of the lesson's source sentence and every backticked word
//! of its target sentence that a beat's prose (or its question's answer, hint and explanation) quotes must appear in the
//! rest of the drawn frame (the view, its header, the shape trace, the status bar); so must every
//! backticked operation or stage (`enc.1.norm2.out`, `tgt ids`) that the focused text view lists.
//! Each beat is drawn after the `Action::Fit` the terminal loop sends before every frame.
//!
//! Used by `tests/prose_on_screen.rs` and `examples/lesson_check.rs`.

#![allow(dead_code)]

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use transformer_tutor::app::App;
use transformer_tutor::lesson::Lesson;
use transformer_tutor::ui::{self, theme::Theme};

/// The frame at `width` x `height`, split into the prose pane's text and the rest of the screen
/// (the view, its header, the shape trace, the status bar): the prose pane and the architecture
/// map are left out where `present` put them (beside the view in the wide layout, above it in the
/// compact one).
pub fn screen_parts(app: &App, width: u16, height: u16) -> (String, String) {
    use transformer_tutor::app::screenful::{Body, SidePane, present};
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    ui::draw_app(app, Theme::plain(), area, &mut buf);
    let screen = present(app, app.lang(), Theme::plain(), area);
    let mut hidden: Vec<Rect> = Vec::new();
    if let Body::Lesson(lesson) = &screen.body {
        hidden.push(lesson.prose.area);
        hidden.extend(lesson.side.as_ref().map(|s| match s {
            SidePane::Map { area, .. } | SidePane::Dial { area, .. } => *area,
        }));
    }
    let mut rest = String::new();
    for y in 0..height {
        let mut skip = 0;
        for x in 0..width {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            if hidden.iter().any(|r| r.contains(ratatui::layout::Position { x, y })) {
                continue;
            }
            let sym = buf[(x, y)].symbol();
            rest.push_str(sym);
            skip = unicode_width::UnicodeWidthStr::width(sym).saturating_sub(1);
        }
        rest.push('\n');
    }
    (ui::frame::buffer_text(&buf), rest)
}

/// Two wrong answers: the question is given up, its answer and explanation shown.
pub fn give_up(app: &mut App) {
    use transformer_tutor::app::keymap::Action;
    for _ in 0..2 {
        app.update(Action::Answer);
        for c in "zzz".chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Answer);
    }
}

/// Everything the learner may read on this beat: the prose, and the question's answer, hint and
/// explanation (the latter two are shown after a wrong answer).
/// In the screen's language, without the glossary's other-language terms (those quote no number
/// and no sentence).
pub fn readable_prose(app: &App) -> Vec<(&'static str, String)> {
    let lang = transformer_tutor::lang::current();
    let mut out = vec![("text", app.plain_text_of_beat(app.beat()))];
    if let Some(q) = app.question() {
        out.push(("answer", app.expected_answer().unwrap_or_default()));
        out.push(("hint", app.question_text(q.hint_in(lang))));
        out.push(("explain", app.question_text(q.explain_in(lang))));
    }
    out
}

/// A lesson's own sentences, as its file gives them (`;` between batch rows).
pub struct Sentences {
    pub src: String,
    pub tgt: String,
}

impl Sentences {
    pub fn of(lesson: &Lesson) -> Sentences {
        Sentences { src: lesson.src.clone(), tgt: lesson.tgt.clone() }
    }
}

/// What `prose` quotes that `screen` does not show, for `lesson` (whose sentences say which
/// characters and words are the sentence's own).
pub fn missing(prose: &str, screen: &str, lesson: &Sentences) -> Vec<String> {
    missing_in(prose, screen, lesson, transformer_tutor::lang::Lang::En)
}

/// `missing` for prose in `lang`. Chinese prose is made of Han characters, so there the
/// sentence's characters it quotes are those in quotation marks (“我有一只猫”, 「猫」), in
/// backticks, or a whole source sentence written out.
pub fn missing_in(prose: &str, screen: &str, lesson: &Sentences, lang: transformer_tutor::lang::Lang) -> Vec<String> {
    let quoted_han: String = match lang {
        transformer_tutor::lang::Lang::En => prose.to_string(),
        transformer_tutor::lang::Lang::Zh => chinese_quotes(prose, lesson),
    };
    let mut out = Vec::new();
    for number in decimals(prose) {
        if !shows_number(screen, &number) {
            out.push(format!("number {number}"));
        }
    }
    for ids in id_lists(prose) {
        if !shows_id_list(screen, &ids) {
            out.push(format!("ids {ids}"));
        }
    }
    for shape in shapes(prose) {
        if !screen.contains(&shape) {
            out.push(format!("shape {shape}"));
        }
    }
    let src_chars: Vec<char> = lesson.src.chars().filter(|c| is_han(*c)).collect();
    for c in quoted_han.chars().filter(|c| src_chars.contains(c)) {
        if !screen.contains(c) {
            out.push(format!("character {c}"));
        }
    }
    let tgt_words: Vec<&str> =
        lesson.tgt.split_whitespace().filter(|w| !w.starts_with('<') && *w != ";" && *w != "?").collect();
    for quoted in backticked(prose) {
        if tgt_words.contains(&quoted.as_str()) && !shows_word(screen, &quoted) {
            out.push(format!("word `{quoted}`"));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// What Chinese prose quotes of the sentences: the text inside “…”, 「…」 and `…`, and every source
/// sentence written out whole.
fn chinese_quotes(prose: &str, lesson: &Sentences) -> String {
    let mut out = String::new();
    for (open, close) in [('“', '”'), ('「', '」'), ('`', '`')] {
        let mut rest = prose;
        while let Some(a) = rest.find(open) {
            let after = &rest[a + open.len_utf8()..];
            let Some(b) = after.find(close) else { break };
            out.push_str(&after[..b]);
            out.push(' ');
            rest = &after[b + close.len_utf8()..];
        }
    }
    for sentence in lesson.src.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        if prose.contains(sentence) {
            out.push_str(sentence);
        }
    }
    out
}

fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// Decimal numbers (`0.75`, `-1.25` for `−1.25`, `5.66`); a section number (`§5.2`) is none.
pub fn decimals(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() && (i == 0 || !(chars[i - 1].is_ascii_digit() || chars[i - 1] == '.')) {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i + 1 < chars.len() && chars[i] == '.' && chars[i + 1].is_ascii_digit() {
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let section = start > 0 && chars[start - 1] == '§';
                // a decimal in an exponent form (1.5e3) or a version is not a shown value
                let exponent = i < chars.len() && chars[i] == 'e';
                let negative = start > 0 && matches!(chars[start - 1], '-' | '−');
                if !section && !exponent {
                    let digits: String = chars[start..i].iter().collect();
                    out.push(if negative { format!("-{digits}") } else { digits });
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Whether `screen` shows `number` as a whole number: `0.75` also as `.75` (the grids drop the 0).
/// A negative number must show with its minus (`-` or `−`), a positive one without.
fn shows_number(screen: &str, number: &str) -> bool {
    let (negative, digits) = match number.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, number),
    };
    let whole = |needle: &str| {
        screen.match_indices(needle).any(|(at, _)| {
            let before = screen[..at].chars().next_back();
            let after = screen[at + needle.len()..].chars().next();
            let signed = before.is_some_and(|c| c == '-' || c == '−');
            !before.is_some_and(|c| c.is_ascii_digit() || c == '.')
                && !after.is_some_and(|c| c.is_ascii_digit())
                && signed == negative
        })
    };
    whole(digits)
        || digits.strip_prefix('0').is_some_and(|short| short.starts_with('.') && whole(short))
        || shows_one_more_place(screen, digits, negative)
}

/// Whether `screen` shows `digits` (a two-place decimal such as a `{top-weight}`) with a third
/// place that rounds to it: a softmax view too narrow for its grid lists the row's weights as
/// bars with three places, `0.667` for the prose's `0.67`.
fn shows_one_more_place(screen: &str, digits: &str, negative: bool) -> bool {
    let Some((_, places)) = digits.split_once('.') else { return false };
    let Ok(value) = digits.parse::<f64>() else { return false };
    if places.len() != 2 {
        return false;
    }
    decimals(screen).iter().any(|shown| {
        let (minus, d) = match shown.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, shown.as_str()),
        };
        minus == negative
            && d.split_once('.').is_some_and(|(_, p)| p.len() == 3)
            && d.parse::<f64>().is_ok_and(|v| format!("{v:.2}") == format!("{value:.2}"))
    })
}

/// Shapes such as `(2, 4, 7, 7)`.
fn shapes(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices('(') {
        let Some(end) = text[at..].find(')') else { continue };
        let inner = &text[at + 1..at + end];
        let parts: Vec<&str> = inner.split(", ").collect();
        if parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) {
            out.push(text[at..=at + end].to_string());
        }
    }
    out
}

/// Runs of three or more whole numbers with single spaces between them, as `{ids}` writes a
/// batch row's token ids (`9 20 57 0 0`).
pub fn id_lists(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit() && (i == 0 || !(chars[i - 1].is_ascii_digit() || chars[i - 1] == '.'));
        if !starts {
            i += 1;
            continue;
        }
        // numbers separated by exactly one space: `9 20 57 0 0`
        let mut numbers = Vec::new();
        loop {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            numbers.push(chars[start..i].iter().collect::<String>());
            let decimal = i + 1 < chars.len() && chars[i] == '.' && chars[i + 1].is_ascii_digit();
            if decimal {
                numbers.clear();
                break;
            }
            if !(i + 1 < chars.len() && chars[i] == ' ' && chars[i + 1].is_ascii_digit()) {
                break;
            }
            i += 1;
        }
        if numbers.len() >= 3 {
            out.push(numbers.join(" "));
        }
    }
    out
}

/// Whether a line of `screen` shows the numbers of `ids` in order, with any spacing between them
/// and no digit either side.
fn shows_id_list(screen: &str, ids: &str) -> bool {
    let wanted: Vec<&str> = ids.split(' ').collect();
    screen.lines().any(|line| {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || matches!(c, ':' | '：' | ',' | '，' | ';' | '；'))
            .filter(|w| !w.is_empty())
            .collect();
        words.windows(wanted.len()).any(|w| w == wanted.as_slice())
    })
}

fn backticked(text: &str) -> Vec<String> {
    text.split('`').skip(1).step_by(2).map(|s| s.trim().to_string()).collect()
}

fn shows_word(screen: &str, word: &str) -> bool {
    screen.match_indices(word).any(|(at, _)| {
        let before = screen[..at].chars().next_back();
        let after = screen[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

/// The operations and stages `prose` names in backticks (`enc.1.norm2.out`, `tgt ids`) that the
/// focused text view lists (a stage of the pipeline, a section of the patching view) and
/// `screen` does not show: a name the view holds below the fold. (A name the prose mentions in
/// passing, that no line of the view holds, is not asked for.)
pub fn missing_ops(prose: &str, screen: &str, app: &App) -> Vec<String> {
    use transformer_tutor::app::view_data::ViewData;
    let program = app.run().program();
    let ViewData::Lines(lines) = app.view_data() else { return Vec::new() };
    let listed: String = (0..lines.lines.len()).map(|i| lines.line_text(i) + "\n").collect();
    let mut out: Vec<String> = backticked(prose)
        .into_iter()
        .filter(|name| program.index_of(name).is_some() || matches!(name.as_str(), "src ids" | "tgt ids"))
        .filter(|name| shows_word(&listed, name) && !shows_word(screen, name))
        .map(|name| format!("op `{name}`"))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every miss on every beat of `app`'s lesson, in both languages: `lesson beat N field (zh): what`.
pub fn lesson_misses(app: &mut App, width: u16, height: u16) -> Vec<String> {
    use transformer_tutor::lang::{Lang, set_current};
    let lesson = app.lesson().clone();
    let sentences = Sentences::of(&lesson);
    let mut out = Vec::new();
    for lang in Lang::ALL {
        set_current(lang);
        while app.lang() != lang {
            // the screen's language is the app's, changed as a learner changes it
            app.update(transformer_tutor::app::keymap::Action::NextLanguage);
            app.clear_status();
        }
        for beat in 0..app.beat_count() {
            app.go_to_beat(beat);
            // as the terminal loop does before every frame
            let area = Rect::new(0, 0, width, height);
            app.update(transformer_tutor::app::keymap::Action::Fit(ui::measure::measure(app, area)));
            let (_, before) = screen_parts(app, width, height);
            // the answer and the explanation are read after answering, when the view draws the
            // line it withheld until then: they are checked against the screen after giving up
            let after = if app.question().is_some() && !app.attempt().is_done() {
                give_up(app);
                let (_, after) = screen_parts(app, width, height);
                app.clear_status();
                after
            } else {
                before.clone()
            };
            for (field, prose) in readable_prose(app) {
                let rest = if matches!(field, "answer" | "explain") { &after } else { &before };
                let ops = missing_ops(&prose, rest, app);
                for miss in missing_in(&prose, rest, &sentences, lang).into_iter().chain(ops) {
                    out.push(format!("{} beat {} {field} ({}): {miss}", lesson.id, beat + 1, lang.code()));
                }
            }
        }
    }
    set_current(Lang::En);
    while app.lang() != Lang::En {
        app.update(transformer_tutor::app::keymap::Action::NextLanguage);
        app.clear_status();
    }
    out
}
