//! A beat's `grad = true`: the gradient of its operation, in a training lesson.

use super::beat::Context;
use super::error::{LessonError, see};
use super::file::BeatFile;
use super::view_kind::ViewKind;

/// `grad = true`: in a training lesson, on an operation the loss depends on through a parameter
/// (it has a gradient), in a view that can draw any tensor. The learning views need the training
/// program too.
pub(super) fn check_grad(cx: &Context, b: &BeatFile, op_name: &str, view: ViewKind) -> Result<bool, LessonError> {
    let training = cx.setup.training;
    if view.needs_training() && !training {
        return Err(cx.c.err(
            &b.view,
            "view",
            format!(
                "`{}` shows the training loss and its gradients; add program = \"training\" to the lesson {}",
                view.name(),
                see("program")
            ),
        ));
    }
    let Some(grad) = &b.grad else { return Ok(false) };
    if !*grad.get_ref() {
        return Ok(false);
    }
    if !training {
        return Err(cx.c.err(
            grad,
            "grad",
            format!(
                "gradients come from the training program; add program = \"training\" to the lesson {}",
                see("program")
            ),
        ));
    }
    if !matches!(view, ViewKind::Heatmap | ViewKind::Vector) {
        return Err(cx.c.err(
            &b.view,
            "view",
            format!("a gradient is drawn as a `heatmap` or a `vector`, not `{}` {}", view.name(), see("grad")),
        ));
    }
    // from the program's shape: a backward pass would take seconds on a paper-size model
    let reaches = crate::model::backward::gradient_reaches(cx.program);
    if !cx.program.index_of(op_name).is_some_and(|i| reaches[i]) {
        return Err(cx.c.err(
            grad,
            "grad",
            format!("no gradient reaches `{op_name}`: the loss does not depend on it through a weight (masks and ids have none) {}", see("grad")),
        ));
    }
    Ok(true)
}
