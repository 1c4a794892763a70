//! Writing a sentence pair together with its gold word alignment. A pair is built piece by piece:
//! each Chinese piece and each English piece carries a tag (or none), and every character of a
//! Chinese piece links to every word of the English pieces with the same tag. A link is sure
//! unless either side is marked loose with a leading `~` (`~的`, `~the`): then it is possible.
//! On the English side `~` marks single words (`~to ~the park`: to, the possible; park sure).

use super::Pair;
use crate::model::probe::alignment::Alignment;

/// A tag that links nothing: Chinese English leaves out, or English Chinese leaves out.
pub const NONE: u8 = u8::MAX;

#[derive(Default)]
pub struct Aligned {
    /// Each source character: its tag and whether it is loose.
    zh: Vec<(char, u8, bool)>,
    /// Each target word: its tag and whether it is loose.
    en: Vec<(String, u8, bool)>,
}

impl Aligned {
    pub fn new() -> Aligned {
        Aligned::default()
    }

    /// Chinese characters, all tagged `tag`; a leading `~` makes their links possible.
    pub fn zh(mut self, piece: &str, tag: u8) -> Aligned {
        let (loose, piece) = match piece.strip_prefix('~') {
            Some(rest) => (true, rest),
            None => (false, piece),
        };
        self.zh.extend(piece.chars().map(|c| (c, tag, loose)));
        self
    }

    /// English words, all tagged `tag`; a word written `~word` links only as possible.
    pub fn en(mut self, words: &str, tag: u8) -> Aligned {
        for word in words.split_whitespace() {
            let (loose, word) = match word.strip_prefix('~') {
                Some(rest) => (true, rest),
                None => (false, word),
            };
            self.en.push((word.to_string(), tag, loose));
        }
        self
    }

    pub fn pair(self) -> Pair {
        let (mut sure, mut possible) = (Vec::new(), Vec::new());
        for (s, &(_, zh_tag, zh_loose)) in self.zh.iter().enumerate() {
            for (t, (_, en_tag, en_loose)) in self.en.iter().enumerate() {
                if zh_tag != NONE && zh_tag == *en_tag {
                    if zh_loose || *en_loose { possible.push((s, t)) } else { sure.push((s, t)) }
                }
            }
        }
        Pair {
            zh: self.zh.iter().map(|z| z.0).collect(),
            en: self.en.iter().map(|e| e.0.as_str()).collect::<Vec<_>>().join(" "),
            align: Alignment::new(sure, possible),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_with_one_tag_link_and_a_tilde_makes_a_link_possible() {
        let p = Aligned::new()
            .zh("我", 0)
            .zh("有", 1)
            .zh("一", 2)
            .zh("~只", 2)
            .zh("猫", 3)
            .en("I", 0)
            .en("have", 1)
            .en("a", 2)
            .en("~the cat", 3)
            .en("!", NONE)
            .pair();
        assert_eq!((p.zh.as_str(), p.en.as_str()), ("我有一只猫", "I have a the cat !"));
        assert_eq!(p.align.to_pharaoh(), "0-0 1-1 2-2 3p2 4p3 4-4");
    }
}
