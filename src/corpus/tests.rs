use super::*;
use std::collections::HashMap;

fn corpus() -> Corpus {
    generate(DEFAULT_SEED)
}

#[test]
fn deterministic_and_seed_dependent() {
    let (a, b) = (corpus(), corpus());
    assert_eq!(a.train, b.train);
    assert_eq!(a.heldout, b.heldout);
    assert_ne!(generate(DEFAULT_SEED + 1).heldout, a.heldout);
}

#[test]
fn a_few_thousand_pairs_a_tenth_held_out() {
    let c = corpus();
    let total = c.train.len() + c.heldout.len();
    assert!((2500..=6000).contains(&total), "{total} pairs");
    assert!(c.heldout.len() * 100 >= total * 8 && c.heldout.len() * 100 <= total * 10, "{}", c.heldout.len());
}

#[test]
fn held_out_pairs_are_new_combinations_of_known_tokens() {
    let c = corpus();
    let train: HashSet<&Pair> = c.train.iter().collect();
    let (chars, words) = tokens(&c.train);
    for p in &c.heldout {
        assert!(!train.contains(p), "{p:?} is in both splits");
        assert!(!c.train.iter().any(|t| t.zh == p.zh), "{} is trained on", p.zh);
        assert!(p.zh.chars().all(|ch| chars.contains(&ch)), "{p:?} has a character never trained on");
        assert!(p.en.split(' ').all(|w| words.contains(w)), "{p:?} has a word never trained on");
    }
}

#[test]
fn each_source_has_one_translation() {
    let mut seen: HashMap<String, String> = HashMap::new();
    for pattern in grammar::patterns() {
        for p in pattern.1 {
            if let Some(en) = seen.insert(p.zh.clone(), p.en.clone()) {
                assert_eq!(en, p.en, "{} has two translations", p.zh);
            }
        }
    }
}

#[test]
fn the_notes_examples_are_in_it() {
    let c = corpus();
    for (zh, en) in MUST_TRAIN {
        assert!(c.train.iter().any(|p| p.zh == zh && p.en == en), "{zh} must be trained on");
    }
    let all: HashMap<&str, &str> = c.all().map(|p| (p.zh.as_str(), p.en.as_str())).collect();
    for (zh, en) in [
        ("我明天去学校", "I go to school tomorrow"),
        ("猫在桌子上", "the cat is on the table"),
        ("我在家吃鱼", "I eat fish at home"),
        ("你有猫吗", "do you have a cat ?"),
        ("两只猫", "two cats"),
        ("一本书", "a book"),
        ("我没有狗", "I do not have a dog"),
        ("他不喜欢鱼", "he does not like fish"),
        ("我们有两只狗", "we have two dogs"),
        ("我的猫很小", "my cat is small"),
        ("猫很小", "the cat is small"),
    ] {
        assert_eq!(all.get(zh).copied(), Some(en), "{zh}");
    }
}

#[test]
fn lengths_and_spacing() {
    for p in corpus().all() {
        assert!(p.zh.chars().count() <= MAX_SRC_CHARS && !p.zh.contains(char::is_whitespace), "{p:?}");
        assert!(p.en.split(' ').count() <= MAX_TGT_WORDS, "{p:?}");
        assert!(p.en.split(' ').all(|w| !w.is_empty()), "{p:?}");
    }
}

#[test]
fn vocabularies_start_with_the_special_tokens() {
    let v = corpus().vocabs();
    assert_eq!(v.src.word(0), "<pad>");
    assert_eq!(v.tgt.word(3), "<eos>");
    assert!(v.src.id("猫").is_some() && v.tgt.id("cat").is_some());
}

#[test]
fn a_sentence_belongs_to_a_pattern_only_if_the_grammar_makes_it() {
    assert_eq!(pattern_count(), 10);
    assert_eq!(pattern_of("我有一只猫"), Some("counting"));
    assert_eq!(pattern_of(" 我 有一只猫 "), Some("counting"), "spaces are ignored, as the tokenizer does");
    assert_eq!(pattern_of("猫在桌子上"), Some("where a thing is"));
    // every pair of the corpus is a sentence of its patterns
    assert!(corpus().all().all(|p| pattern_of(&p.zh).is_some()));
    // known characters in no pattern's order; an unknown character; an empty string
    for outside in ["你好", "猫有我", "今天天气很好", "我有一只象", ""] {
        assert_eq!(pattern_of(outside), None, "{outside}");
    }
    // made by the grammar, though not sampled into the corpus: still a known pattern
    let sampled: HashSet<String> = corpus().all().map(|p| p.zh.clone()).collect();
    let left_out = grammar::counting().into_iter().find(|p| !sampled.contains(&p.zh)).expect("counting is capped");
    assert_eq!(pattern_of(&left_out.zh), Some("counting"));
}

#[test]
fn gold_alignments_link_each_pattern_as_a_translator_would() {
    let all: HashMap<String, Pair> =
        grammar::patterns().into_iter().flat_map(|p| p.1).map(|p| (p.zh.clone(), p)).collect();
    // one sentence of each pattern, links written out by hand: character-word, `p` possible
    for (zh, en, links) in [
        ("我有一只猫", "I have a cat", "0-0 1-1 2-2 3p2 4-3"),
        ("我喜欢你的猫", "I like your cat", "0-0 1-1 2-1 3-2 4p2 5-3"),
        ("我没有狗", "I do not have a dog", "0-0 1p1 1-2 2-3 3p4 3-5"),
        ("你有猫吗", "do you have a cat ?", "0-1 1-2 2p3 2-4 3p0 3-5"),
        ("我明天去学校", "I go to school tomorrow", "0-0 1-4 2-4 3-1 3p2 4-3 5-3"),
        ("我在公园吃鱼", "I eat fish in the park", "0-0 1-3 2p4 2-5 3p4 3-5 4-1 5-2"),
        ("猫在桌子上", "the cat is on the table", "0p0 0-1 1p2 2p4 2-5 3p4 3-5 4-3"),
        ("我的猫很小", "my cat is small", "0-0 1p0 2-1 3p2 4-3"),
        ("两只狗追猫", "two dogs chase the cat", "0-0 1p0 2-1 3-2 4p3 4-4"),
        ("一个苹果", "an apple", "0-0 1p0 2-1 3-1"),
    ] {
        let pair = &all[zh];
        assert_eq!((pair.en.as_str(), pair.align.to_pharaoh().as_str()), (en, links), "{zh}");
    }
    // every pair of every pattern: each character and each word has a link, inside the sentence
    for (name, pairs, _) in grammar::patterns() {
        for p in pairs {
            let (chars, words) = (p.zh.chars().count(), p.en.split(' ').count());
            let links: Vec<_> = p.align.sure.iter().chain(&p.align.possible).collect();
            assert!(links.iter().all(|(s, t)| *s < chars && *t < words), "{name}: {} {}", p.zh, p.align.to_pharaoh());
            assert!((0..chars).all(|s| links.iter().any(|l| l.0 == s)), "{name}: a character of {} has no link", p.zh);
            assert!((0..words).all(|t| links.iter().any(|l| l.1 == t)), "{name}: a word of {} has no link", p.en);
        }
    }
}

#[test]
fn the_tsv_carries_each_pairs_alignment() {
    let c = corpus();
    let tsv = c.to_tsv();
    assert!(tsv.starts_with("zh\ten\tsplit\talign\n"));
    let line = tsv.lines().find(|l| l.starts_with("我有一只猫\t")).unwrap();
    assert_eq!(line, "我有一只猫\tI have a cat\ttrain\t0-0 1-1 2-2 3p2 4-3");
    for line in tsv.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert!(Alignment::parse_pharaoh(fields[3]).is_some(), "{line}");
    }
}
