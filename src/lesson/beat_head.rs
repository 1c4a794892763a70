//! A beat's `head`: which attention head its view opens on.

use super::error::{Checker, LessonError, see};
use super::facts::HeadChoice;
use super::file::HeadField;
use toml::Spanned;

/// A beat's `head`: a head number below `heads`, `"last"`, `"mean"`, or on a cross-attention
/// `"best-aligned"`.
pub(super) fn check_head(
    c: &Checker,
    head: &Option<Spanned<HeadField>>,
    heads: usize,
    op: &str,
) -> Result<Option<HeadChoice>, LessonError> {
    let Some(spanned) = head else { return Ok(None) };
    match spanned.get_ref() {
        HeadField::Name(name) if name.trim() == "mean" => Ok(Some(HeadChoice::Mean)),
        // the model's last head, whatever its number of heads
        HeadField::Name(name) if name.trim() == "last" && heads > 0 => Ok(Some(HeadChoice::One(heads - 1))),
        HeadField::Name(name) if name.trim() == "best-aligned" => {
            match crate::probe::alignment::cross_attention_layer(op) {
                Some(_) if op.ends_with(".weights") => Ok(Some(HeadChoice::BestAligned)),
                _ => Err(c.err(
                    spanned,
                    "head",
                    format!(
                        "is \"best-aligned\", which only a cross-attention's weights have; `{op}` are not those {}",
                        see("head")
                    ),
                )),
            }
        }
        HeadField::Name(name) => Err(c.err(
            spanned,
            "head",
            format!(
                "is `{name}`; a head is a number from 0 to {}, \"last\", \"mean\" or \"best-aligned\" {}",
                heads.saturating_sub(1),
                see("head")
            ),
        )),
        HeadField::Index(n) => {
            let n = *n;
            if n >= 0 && heads > 0 && c.loaded_model {
                // a loaded model with fewer heads than the lesson was written for: the head of
                // that number among its own, counted round (the next issue makes the prose follow)
                Ok(Some(HeadChoice::One(n as usize % heads)))
            } else if n < 0 || n as usize >= heads {
                Err(c.err(spanned, "head", format!("is {n}, but heads run from 0 to {}", heads.saturating_sub(1))))
            } else {
                Ok(Some(HeadChoice::One(n as usize)))
            }
        }
    }
}
