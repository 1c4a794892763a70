//! The curriculum teaches all 14 ideas of the notes' order (../shared/notes/README.md, "The order
//! of ideas"), in that order: a table idea → lesson → the beats that teach it, checked against
//! the built-in lessons. A lesson that loses the beat an idea rests on fails here.

use std::sync::Arc;
use transformer_tutor::lesson::{Catalog, Lesson, ViewKind};
use transformer_tutor::setup::WeightSource;

/// (idea, what it is, lesson id, beats that must be in it: (operation name or `*` for any, view)).
/// (idea, what it is, lesson id, (operation, view) pairs that must be among its beats)
type Idea = (u32, &'static str, &'static str, &'static [(&'static str, &'static str)]);

const IDEAS: [Idea; 14] = [
    (
        1,
        "why attention: RNN chains vs one step",
        "why-attention",
        &[("src.embed", "rnn"), ("enc.0.self_attn.weights", "softmax")],
    ),
    (
        2,
        "the workflow: X → encoder → C → decoder",
        "workflow",
        &[("src.x", "pipeline"), ("enc.out", "pipeline"), ("probs", "top-words"), ("probs", "decode")],
    ),
    (
        3,
        "tokens: text → ids, padding, vocab_size vs max_len",
        "tokens",
        &[("src.embed", "tokens"), ("tgt.embed", "tokens")],
    ),
    (4, "token embedding: the lookup table, the <pad> row", "embedding", &[("src.embed", "vector"), ("src.pe", "*")]),
    (5, "positional encoding", "positional", &[("src.pe", "vector"), ("tgt.pe", "heatmap"), ("src.x", "vector")]),
    (
        6,
        "self-attention: Q, K, V, scores, softmax, weighted sum",
        "attention",
        &[
            ("enc.0.self_attn.q_proj", "heatmap"),
            ("enc.0.self_attn.scores", "heatmap"),
            ("enc.0.self_attn.weights", "softmax"),
            ("enc.0.self_attn.context", "heatmap"),
        ],
    ),
    (
        7,
        "multi-head: split, merge, W_o, fused W_qkv",
        "attention",
        &[("enc.0.self_attn.q", "heatmap"), ("enc.0.self_attn.merged", "heatmap"), ("*", "fused-qkv")],
    ),
    (
        8,
        "masks: causal, padding, AND, before softmax",
        "masks",
        &[("tgt.causal", "mask"), ("src.mask", "mask"), ("tgt.mask", "mask"), ("dec.0.self_attn.weights", "softmax")],
    ),
    (
        9,
        "Add & Norm: residual, LayerNorm vs BatchNorm",
        "add-norm",
        &[("enc.0.norm1.sum", "layernorm"), ("enc.0.norm1.out", "layernorm"), ("*", "norm-compare")],
    ),
    (
        10,
        "feed-forward: d → d_ff → d with ReLU",
        "add-norm",
        &[("enc.0.ffn.hidden", "heatmap"), ("enc.0.ffn.out", "heatmap")],
    ),
    (11, "the encoder: N layers, shape kept, memory C", "encoder", &[("enc.out", "*"), ("*", "params")]),
    (
        12,
        "the decoder: masked self-, cross-attention, FFN",
        "decoder",
        &[
            ("dec.0.self_attn.weights", "softmax"),
            ("dec.1.cross_attn.weights", "heatmap"),
            ("dec.0.norm3.sum", "layernorm"),
        ],
    ),
    (
        13,
        "output: Linear, softmax, generating word by word",
        "output",
        &[("logits", "heatmap"), ("probs", "top-words"), ("probs", "decode")],
    ),
    (
        14,
        "the whole model: masks from ids, every shape, parameters",
        "whole-model",
        &[("*", "pipeline"), ("tgt.mask", "mask"), ("*", "params")],
    ),
];

fn catalog() -> Catalog {
    let weights = Arc::new(WeightSource::Trained.load().expect("the built-in weights load"));
    Catalog::built_in(&weights).expect("built-in lessons load")
}

fn teaches(lesson: &Lesson, op: &str, view: &str) -> bool {
    lesson.beats.iter().any(|b| (op == "*" || b.op == op) && (view == "*" || b.view.name() == view))
}

#[test]
fn each_of_the_fourteen_ideas_is_taught() {
    let catalog = catalog();
    for (idea, what, id, beats) in IDEAS {
        let lesson = catalog.get(id).unwrap_or_else(|| panic!("idea {idea} ({what}): no lesson `{id}`"));
        for (op, view) in beats {
            assert!(
                teaches(lesson, op, view),
                "idea {idea} ({what}): lesson `{id}` has no beat on `{op}` in the `{view}` view"
            );
        }
    }
}

/// Each lesson names the ideas it teaches (the lesson list and `--print` show them): exactly
/// the ideas of this table, so the names cannot drift from the beats that teach them.
#[test]
fn each_lesson_names_the_ideas_it_teaches() {
    let catalog = catalog();
    for lesson in &catalog.lessons {
        let taught: Vec<u8> = IDEAS.iter().filter(|i| i.2 == lesson.id).map(|i| i.0 as u8).collect();
        assert_eq!(lesson.ideas, taught, "`{}` names the ideas it teaches", lesson.id);
    }
}

#[test]
fn the_lessons_follow_the_notes_order_of_ideas() {
    let catalog = catalog();
    // each lesson's order is the first idea it teaches, and --list sorts by it
    for (idea, _, id, _) in IDEAS {
        let lesson = catalog.get(id).unwrap();
        assert!(lesson.order <= idea as i64, "`{id}` (order {}) teaches idea {idea}", lesson.order);
    }
    let ids: Vec<&str> = catalog.lessons.iter().map(|l| l.id.as_str()).collect();
    let mut expected: Vec<&str> = IDEAS.iter().map(|i| i.2).collect();
    expected.dedup();
    // issue 21's lesson on learning comes after the output (its order ties with the whole model's
    // and sorts before it by id)
    let output = expected.iter().position(|&id| id == "output").expect("the output lesson") + 1;
    expected.insert(output, "learning");
    // after the fourteen ideas, issue 22's probes of the trained model, then the notes' mistakes
    // run (issue 8's pitfalls lesson)
    // then the whole model as a real translator loads it (its sizes, conventions and beam search)
    let whole = expected.iter().position(|&id| id == "whole-model").expect("the whole-model lesson") + 1;
    expected.insert(whole, "real-translator");
    expected.push("probes");
    expected.push("pitfalls");
    assert_eq!(
        ids, expected,
        "the catalog is the curriculum, in order, then the real translator, the probes and the pitfalls, nothing else"
    );
}

/// The lesson on learning runs the training program and walks the backward pass: the loss, a
/// gradient in the views the forward tensors use, the residual's two paths, an embedding table.
#[test]
fn the_lesson_on_learning_walks_the_backward_pass() {
    let catalog = catalog();
    let lesson = catalog.get("learning").expect("the learning lesson");
    assert!(lesson.training);
    for (op, view) in [("loss", "loss"), ("logits", "heatmap"), ("*", "grad-flow"), ("src.embed", "embed-grad")] {
        assert!(teaches(lesson, op, view), "learning has no beat on `{op}` in the `{view}` view");
    }
    assert!(lesson.beats.iter().filter(|b| b.gradient).count() >= 4, "several beats show gradients");
}

#[test]
fn most_lessons_end_with_questions() {
    let catalog = catalog();
    let with_questions: Vec<&str> = catalog
        .lessons
        .iter()
        .filter(|l| l.beats.last().is_some_and(|b| b.question.is_some()))
        .map(|l| l.id.as_str())
        .collect();
    assert!(with_questions.len() * 4 >= catalog.lessons.len() * 3, "only {with_questions:?} end with a question");
    for l in &catalog.lessons {
        let n = l.beats.iter().filter(|b| b.question.is_some()).count();
        assert!(n <= 3, "`{}` asks {n} questions; one to three is the measure", l.id);
    }
}

#[test]
fn every_view_kind_is_used_somewhere() {
    let catalog = catalog();
    for &kind in ViewKind::all() {
        assert!(
            catalog.lessons.iter().any(|l| l.beats.iter().any(|b| b.view == kind)),
            "no lesson uses the `{}` view",
            kind.name()
        );
    }
}

/// A Chinese pane title names its view in Chinese (the lesson file's English name otherwise
/// shows through: "heatmap 视图").
#[test]
fn every_view_kind_has_a_chinese_name_for_its_title() {
    for &kind in ViewKind::all() {
        let zh = transformer_tutor::strings::view_name_in(kind.name(), transformer_tutor::lang::Lang::Zh);
        assert_ne!(zh, kind.name(), "`{}` has no Chinese name in strings::view_name_in", kind.name());
    }
}
