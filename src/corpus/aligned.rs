//! A sentence pair's word alignment (`Alignment`: sure and possible links, read and written in
//! Pharaoh format), and writing a pair together with its gold alignment (`Aligned`). A pair is
//! built piece by piece: each Chinese piece and each English piece carries a tag (or none), and
//! every character of a Chinese piece links to every word of the English pieces with the same tag. A link is sure
//! unless either side is marked loose with a leading `~` (`~的`, `~the`): then it is possible.
//! On the English side `~` marks single words (`~to ~the park`: to, the possible; park sure).

use super::Pair;

/// Links as (source character, target word), both counted from 0.
pub type Link = (usize, usize);

/// A word alignment of one sentence pair.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Alignment {
    /// Sorted, no repeats.
    pub sure: Vec<Link>,
    /// Sorted, no repeats, none of them sure.
    pub possible: Vec<Link>,
}

impl Alignment {
    /// From links in any order; a link both sure and possible is sure.
    pub fn new(mut sure: Vec<Link>, mut possible: Vec<Link>) -> Alignment {
        sure.sort_unstable();
        sure.dedup();
        possible.retain(|l| !sure.contains(l));
        possible.sort_unstable();
        possible.dedup();
        Alignment { sure, possible }
    }

    /// Pharaoh format with possible links marked: `0-0 1-1 3p2 2-2` (source-target, sure `-`,
    /// possible `p`), in source then target order.
    pub fn to_pharaoh(&self) -> String {
        let mut links: Vec<(Link, char)> = self.sure.iter().map(|&l| (l, '-')).collect();
        links.extend(self.possible.iter().map(|&l| (l, 'p')));
        links.sort_unstable();
        links.iter().map(|((s, t), mark)| format!("{s}{mark}{t}")).collect::<Vec<_>>().join(" ")
    }

    /// Read `to_pharaoh`'s format back; None for anything else.
    pub fn parse_pharaoh(text: &str) -> Option<Alignment> {
        let (mut sure, mut possible) = (Vec::new(), Vec::new());
        for link in text.split_whitespace() {
            let (mark_at, mark) = link.char_indices().find(|(_, c)| *c == '-' || *c == 'p')?;
            let s = link[..mark_at].parse().ok()?;
            let t = link[mark_at + 1..].parse().ok()?;
            if mark == '-' { sure.push((s, t)) } else { possible.push((s, t)) }
        }
        Some(Alignment::new(sure, possible))
    }

    /// One more than the last target word with a link.
    pub fn words(&self) -> usize {
        self.sure.iter().chain(&self.possible).map(|l| l.1 + 1).max().unwrap_or(0)
    }
}

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
