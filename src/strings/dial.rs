//! Training time as a dial: the key, its messages and the pane that shows where the dial stands.

use crate::lang::{Lang, Text, current};

pub const KEY_DIAL: Text = Text::new(
    "training time: the same beat as the model was after fewer (-) or more (+) training steps",
    "训练时间：同一页，换成训练更少（-）或更多（+）步时的模型",
);
pub const HINT_DIAL: Text = Text::new("training step", "训练步数");
pub const DIAL_UNAVAILABLE: Text = Text::new("no training checkpoints in this session", "这次运行没有训练检查点");
pub const DIAL_AT_START: Text = Text::new("this is step 0: the untrained model", "已经是第 0 步：还没训练过的模型");
pub const DIAL_AT_END: Text = Text::new(
    "this is the model the session started with: - goes back in training time",
    "这已经是本次打开的模型：按 - 回到更早的训练时间",
);
pub const DIAL_OWN: Text = Text::new("back to the model the session started with", "回到本次打开的模型");
pub const DIAL_OTHER_MODEL: Text = Text::new(
    "the dial shows the shipped training run, whose sizes or vocabularies differ from this model's",
    "训练时间只适用于随程序附带的训练过程，它的尺寸或词表与当前模型不同",
);
pub const DIAL_MAKING_START: Text = Text::new(
    "making the training checkpoints (once; kept in the data directory)…",
    "正在生成训练检查点（只需一次，保存在数据目录）……",
);
pub const DIAL_READY: Text =
    Text::new("training checkpoints ready: - earlier, + later", "训练检查点已就绪：- 更早，+ 更晚");
pub const DIAL_TITLE: Text = Text::new("Training time", "训练时间");

pub fn dial_making(done: usize, total: usize) -> String {
    match current() {
        Lang::En => format!("making the training checkpoints: step {done}/{total} (once; kept in the data directory)"),
        Lang::Zh => format!("正在生成训练检查点：第 {done}/{total} 步（只需一次，保存在数据目录）"),
    }
}

pub fn dial_moved(step: usize, last: usize) -> String {
    match current() {
        Lang::En => format!("the model after {step} of {last} training steps (- earlier, + later)"),
        Lang::Zh => format!("训练 {step}/{last} 步后的模型（- 更早，+ 更晚）"),
    }
}

pub fn dial_not_saved(why: &str) -> String {
    match current() {
        Lang::En => format!("checkpoints made but not kept: {why}"),
        Lang::Zh => format!("检查点已生成，但没有保存：{why}"),
    }
}

/// The dial pane's first line: where it stands.
pub fn dial_step(step: usize, last: usize) -> String {
    match current() {
        Lang::En => format!("step {step} of {last}"),
        Lang::Zh => format!("第 {step}/{last} 步"),
    }
}

/// The training loss of the step that made the checkpoint.
pub fn dial_loss(loss: Option<f32>) -> String {
    match (current(), loss) {
        (Lang::En, Some(l)) => format!("batch loss {}", loss_text(l)),
        (Lang::Zh, Some(l)) => format!("批次损失 {}", loss_text(l)),
        (Lang::En, None) => "no step taken yet".into(),
        (Lang::Zh, None) => "还没训练".into(),
    }
}

/// The lesson's source sentence and the translation the model gives at this checkpoint.
pub fn dial_translation(src: &str, translation: &str) -> String {
    format!("{src} → {translation}")
}

/// A loss to three decimals, or in scientific notation below 0.01 (late in training).
fn loss_text(l: f32) -> String {
    if l < 0.01 { format!("{l:.1e}") } else { format!("{l:.3}") }
}

pub fn no_checkpoint_at(step: usize, kept: &[usize]) -> String {
    let steps = super::one_of(&kept.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    match current() {
        Lang::En => format!("--at-step {step}: no checkpoint there; the training run keeps steps {steps}"),
        Lang::Zh => format!("--at-step {step}：没有这一步的检查点；训练过程保存的是第 {steps} 步"),
    }
}
