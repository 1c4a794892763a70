//! `{where view}` and `{where taught}`: where a pane is drawn, in words, read from the layout the
//! screen actually has (prose beside the view on a wide screen, above it at 80x24; a what-if's
//! two grids side by side on a short pane, stacked on a tall one), so that prose never says
//! "on the right" of a view drawn below it.

use super::SEE_FACTS;
use crate::strings;

/// What `{where …}` places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whereabouts {
    /// The tensor view, seen from the lesson text: on the right, or below.
    View,
    /// A what-if's taught model, seen from its variant: on the left, or above.
    Taught,
}

/// How the panes the prose points at are laid out on the screen it is read on (measured from the
/// frame `present` built: `ui::fit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaneLayout {
    /// The view is to the right of the lesson text (the wide layout), else below it.
    pub view_right: bool,
    /// A what-if's taught model is to the left of its variant, else above it.
    pub taught_left: bool,
}

impl PaneLayout {
    /// The wide layout with a what-if's grids stacked: what a large terminal shows, and what
    /// `--print` and the checks read before any screen is measured.
    pub const WIDE: PaneLayout = PaneLayout { view_right: true, taught_left: false };

    /// The words `{where place}` stands for on this layout.
    pub fn words(self, place: Whereabouts) -> &'static str {
        match place {
            Whereabouts::View if self.view_right => strings::WHERE_RIGHT.get(),
            Whereabouts::View => strings::WHERE_BELOW.get(),
            Whereabouts::Taught if self.taught_left => strings::WHERE_LEFT.get(),
            Whereabouts::Taught => strings::WHERE_ABOVE.get(),
        }
    }
}

impl Default for PaneLayout {
    fn default() -> PaneLayout {
        PaneLayout::WIDE
    }
}

/// `{where view}` or `{where taught}`; None for any other fact.
pub(super) fn whereabouts(body: &str) -> Result<Option<Whereabouts>, String> {
    let mut words = body.split_whitespace();
    if words.next() != Some("where") {
        return Ok(None);
    }
    match (words.next(), words.next()) {
        (Some("view"), None) => Ok(Some(Whereabouts::View)),
        (Some("taught"), None) => Ok(Some(Whereabouts::Taught)),
        _ => Err(format!("`{{{body}}}`: `where` takes `view` or `taught` {SEE_FACTS}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn where_reads_its_place() {
        assert_eq!(whereabouts("where view"), Ok(Some(Whereabouts::View)));
        assert_eq!(whereabouts(" where  taught "), Ok(Some(Whereabouts::Taught)));
        assert_eq!(whereabouts("shape probs"), Ok(None));
        assert!(whereabouts("where map").is_err());
        assert!(whereabouts("where").is_err());
    }

    #[test]
    fn the_words_follow_the_layout() {
        let compact = PaneLayout { view_right: false, taught_left: true };
        crate::lang::with(crate::lang::Lang::En, || {
            assert_eq!(PaneLayout::WIDE.words(Whereabouts::View), "on the right");
            assert_eq!(compact.words(Whereabouts::View), "below");
            assert_eq!(compact.words(Whereabouts::Taught), "on the left");
            assert_eq!(PaneLayout::WIDE.words(Whereabouts::Taught), "above");
        });
        crate::lang::with(crate::lang::Lang::Zh, || {
            assert_eq!(PaneLayout::WIDE.words(Whereabouts::View), "右边");
            assert_eq!(compact.words(Whereabouts::View), "下方");
        });
    }
}
