//! TEMPORARY STUB (replaced by the real corpus module).
use crate::model::{Tokenizer, Vocab, Vocabs};
use std::sync::{Arc, OnceLock};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pair {
    pub zh: String,
    pub en: String,
}
#[derive(Debug, Clone)]
pub struct Corpus {
    pub seed: u64,
    pub train: Vec<Pair>,
    pub heldout: Vec<Pair>,
}
pub const DEFAULT_SEED: u64 = 2017;
pub fn generate(seed: u64) -> Corpus {
    let subj =
        [("我", "I", "have"), ("你", "you", "have"), ("他", "he", "has"), ("她", "she", "has"), ("我们", "we", "have")];
    let nums = [("一", "a", false), ("两", "two", true), ("三", "three", true)];
    let nouns =
        [("只猫", "cat", "cats"), ("只狗", "dog", "dogs"), ("本书", "book", "books"), ("只鸟", "bird", "birds")];
    let mut all = Vec::new();
    for (zs, es, v) in subj {
        for (zn, en, pl) in nums {
            for (znoun, sg, plw) in nouns {
                all.push(Pair {
                    zh: format!("{zs}有{zn}{znoun}"),
                    en: format!("{es} {v} {en} {}", if pl { plw } else { sg }),
                });
                all.push(Pair {
                    zh: format!("{zs}没有{znoun}", znoun = &znoun[3..]),
                    en: format!("{es} do not have {sg}s"),
                });
            }
        }
    }
    all.sort_by(|a, b| a.zh.cmp(&b.zh));
    all.dedup_by(|a, b| a.zh == b.zh);
    let heldout: Vec<Pair> =
        all.iter().enumerate().filter(|(i, p)| i % 10 == 3 && p.zh != "我有一只猫").map(|(_, p)| p.clone()).collect();
    let train = all.into_iter().filter(|p| !heldout.contains(p)).collect();
    Corpus { seed, train, heldout }
}
impl Corpus {
    pub fn source_chars(&self) -> Vec<char> {
        let mut c: Vec<char> = self.all().flat_map(|p| p.zh.chars()).collect();
        c.sort();
        c.dedup();
        c
    }
    pub fn target_words(&self) -> Vec<String> {
        let mut w: Vec<String> = self.all().flat_map(|p| p.en.split(' ').map(String::from)).collect();
        w.sort();
        w.dedup();
        w
    }
    pub fn all(&self) -> impl Iterator<Item = &Pair> {
        self.train.iter().chain(&self.heldout)
    }
    pub fn to_tsv(&self) -> String {
        String::new()
    }
}
pub fn vocabs() -> Arc<Vocabs> {
    static V: OnceLock<Arc<Vocabs>> = OnceLock::new();
    V.get_or_init(|| {
        let c = generate(DEFAULT_SEED);
        Arc::new(Vocabs {
            src: Vocab::new(Tokenizer::Char, c.source_chars().into_iter().map(String::from)),
            tgt: Vocab::new(Tokenizer::Word, c.target_words()),
        })
    })
    .clone()
}
