//! The what-ifs that swap weights, refused on the command line where both sides would be one
//! model (`cli::combos`); the steps they offer are listed by `one_of`.

use crate::lang::{Lang, Text, current};

pub fn what_if_trained_needs_step(steps: &str) -> String {
    match current() {
        Lang::En => format!(
            "--what-if trained puts the trained model beside an earlier checkpoint of its training, and without \
             --at-step both sides would be the trained model; add --at-step {steps}"
        ),
        Lang::Zh => format!(
            "--what-if trained 把训练好的模型放在它训练中较早的检查点旁边；不加 --at-step，两边都是训练好的模型。\
             请加上 --at-step {steps}"
        ),
    }
}

pub fn what_if_trained_at_end(last: usize, steps: &str) -> String {
    match current() {
        Lang::En => format!(
            "--at-step {last} is where training ends, so --what-if trained would put the trained model beside \
             itself; choose an earlier step ({steps})"
        ),
        Lang::Zh => format!(
            "--at-step {last} 就是训练结束的那一步，--what-if trained 会把训练好的模型放在它自己旁边；\
             请选更早的一步（{steps}）"
        ),
    }
}

pub fn what_if_untrained_with_preset(preset: &str) -> String {
    match current() {
        Lang::En => format!(
            "--preset {preset} has no trained weights and starts random, an untrained model already, so --what-if \
             untrained would put one untrained model beside another; use it with the tutor preset's trained model"
        ),
        Lang::Zh => format!(
            "--preset {preset} 没有训练好的权重，从随机权重开始，本身就是未训练的模型，--what-if untrained 只会把一个未训练的模型\
             放在另一个旁边；请在 tutor 预设的训练好的模型上用它"
        ),
    }
}

pub const WHAT_IF_UNTRAINED_WITH_RANDOM: Text = Text::new(
    "random weights are an untrained model already, so --what-if untrained (the shipped training run's step 0) \
     would put one untrained model beside another; use it on the trained model, without --random-weights or \
     --preset",
    "随机权重本身就是未训练的模型，--what-if untrained（随附训练的第 0 步）只会把一个未训练的模型放在另一个旁边；\
     请在训练好的模型上用它，不加 --random-weights 或 --preset",
);

pub const WHAT_IF_UNTRAINED_AT_ZERO: Text = Text::new(
    "--at-step 0 already shows the untrained model, so --what-if untrained would put it beside itself; \
     leave out --at-step, or choose a later step",
    "--at-step 0 显示的已经是未训练的模型，--what-if untrained 会把它放在它自己旁边；请去掉 --at-step，或选更晚的一步",
);
