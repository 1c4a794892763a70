//! Where the panes go on a screen of some size: the wide layout (prose and the architecture map
//! on the left, the tensor and its shape trace on the right), the compact one, or none at all
//! below the smallest size the panes need.

use ratatui::layout::{Constraint, Layout, Rect};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Whether `area` is below the size the tutor's panes need.
pub fn is_too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// Whether a screen of this size gets the wide layout (prose and the architecture map on the
/// left, the tensor on the right); else the compact one, without the map.
pub fn wide_layout(area: Rect) -> bool {
    area.width >= 110 && area.height >= 32
}

/// Where a lesson's panes go.
pub(super) struct LessonPanes {
    pub prose: Rect,
    /// Only in the wide layout.
    pub map: Option<Rect>,
    pub tensor: Rect,
    pub trace: Rect,
}

/// The panes of a lesson in `main` (the screen above the status bar). In the compact layout,
/// cell mode gives the shape trace's rows to the cell's derivation, and a what-if to the second
/// model's view (`trace_steps_aside`). In the wide layout, a what-if that changes shapes on the way
/// (`second_trace`) gets a row more for its own trace. The code pane, when shown (`code_rows`:
/// the rows its lines need), takes the trace's place with up to 8 rows (14 in the wide layout).
pub(super) fn lesson_panes(
    main: Rect,
    wide: bool,
    map_height: u16,
    trace_steps_aside: bool,
    second_trace: bool,
    code_rows: Option<u16>,
) -> LessonPanes {
    if wide {
        // wide: prose and map on the left, the tensor and its shape trace on the right
        let [left, right] =
            Layout::horizontal([Constraint::Length(main.width * 2 / 5), Constraint::Fill(1)]).areas(main);
        let [prose, map] = Layout::vertical([Constraint::Fill(1), Constraint::Length(map_height + 2)]).areas(left);
        let trace_height = match code_rows {
            Some(rows) => rows.clamp(6, 14),
            None if second_trace => 7,
            None => 6,
        };
        let [tensor, trace] = Layout::vertical([Constraint::Fill(1), Constraint::Length(trace_height)]).areas(right);
        LessonPanes { prose, map: Some(map), tensor, trace }
    } else {
        // compact: prose on top, the tensor in the middle, trace (with the place) at the bottom
        let trace_height = match code_rows {
            Some(rows) => rows.clamp(4, 8),
            None if trace_steps_aside => 0,
            None => 4,
        };
        let [prose, tensor, trace] =
            Layout::vertical([Constraint::Length(8), Constraint::Fill(1), Constraint::Length(trace_height)])
                .areas(main);
        LessonPanes { prose, map: None, tensor, trace }
    }
}

/// The width inside the borders of the trace's pane (the code pane's, when it takes its place).
pub(super) fn trace_inner_width(main: Rect, wide: bool) -> usize {
    let width = if wide { main.width - main.width * 2 / 5 } else { main.width };
    width.saturating_sub(2) as usize
}
