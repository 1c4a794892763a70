//! A text view's opening view when the lines its beat names lie further apart than its pane is
//! tall: a fold. It keeps the lines named (the ▶ line first, then the heavier quotes), the head
//! of each section a kept line is in (when there is room), and as many lines around them as the pane has room for;
//! each run of lines it skips is one dim marker line (`⋯ 12 lines`). ↑/↓ scroll the whole list
//! as before: a fold is only what a beat opens on.

use crate::app::screenful::Reveal;

/// One line of a fold: a line of the view, drawn whole, or a run of lines skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folded {
    Line(usize),
    Skipped(usize),
}

/// The lines of a view, as a fold needs them: the rows each takes, and whether it is blank.
pub(super) struct Lines<'a> {
    pub rows: &'a [usize],
    pub blank: &'a [bool],
}

impl Lines<'_> {
    /// The rows a fold keeping `kept` takes: its lines' rows and a marker per skipped run.
    fn cost(&self, kept: &[bool]) -> usize {
        let runs = (0..kept.len()).filter(|&i| !kept[i] && (i == 0 || kept[i - 1])).count();
        runs + (0..kept.len()).filter(|&i| kept[i]).map(|i| self.rows[i]).sum::<usize>()
    }

    /// The head of the section `line` is in: the first line after the blank line above it (or
    /// the first line), when that is not `line` itself.
    fn head(&self, line: usize) -> Option<usize> {
        let head = (0..=line).rev().find(|&i| i == 0 || self.blank[i - 1])?;
        (head != line && !self.blank[head]).then_some(head)
    }
}

/// The fold of `lines` in `height` rows that keeps the most of `reveal`'s weight, heaviest
/// first; with the weight it keeps. Each line named comes with the head of its section (a
/// table's column heads) unless that leaves out more of what is named.
pub(super) fn fold(lines: &Lines, reveal: &[Reveal], height: usize) -> (Vec<Folded>, usize) {
    let with_heads = greedy(lines, reveal, height, true);
    let alone = greedy(lines, reveal, height, false);
    if alone.1 > with_heads.1 { alone } else { with_heads }
}

fn greedy(lines: &Lines, reveal: &[Reveal], height: usize, heads: bool) -> (Vec<Folded>, usize) {
    let n = lines.rows.len();
    let mut kept = vec![false; n];
    let mut order: Vec<&Reveal> = reveal.iter().filter(|r| r.line < n).collect();
    order.sort_by_key(|r| std::cmp::Reverse(r.weight));
    let mut weight = 0;
    let try_keep = |kept: &mut Vec<bool>, add: &[usize]| {
        let before = kept.clone();
        add.iter().for_each(|&i| kept[i] = true);
        let fits = lines.cost(kept) <= height;
        if !fits {
            *kept = before;
        }
        fits
    };
    // each with the head of its section when there is room for both (a table's column
    // heads), else alone
    for r in &order {
        let head = lines.head(r.line).filter(|&h| heads && h > 0);
        if head.is_some_and(|h| try_keep(&mut kept, &[r.line, h])) || try_keep(&mut kept, &[r.line]) {
            weight += r.weight;
        }
    }
    // then the head of each section a kept line is in, the view's first line among them
    let heads: Vec<usize> = order.iter().filter(|r| kept[r.line]).filter_map(|r| lines.head(r.line)).collect();
    for head in heads {
        try_keep(&mut kept, &[head]);
    }
    // the rest of the room: the sections the lines head, then the lines next to those kept,
    // below before above, nearest first
    let mut candidates: Vec<usize> = order.iter().flat_map(|r| r.line + 1..=r.through.min(n - 1)).collect();
    for d in 1..n {
        for r in order.iter().filter(|r| kept[r.line]) {
            candidates.extend([r.line + d, r.line.wrapping_sub(d)].into_iter().filter(|&i| i < n));
        }
    }
    for i in candidates {
        let beside = (i > 0 && kept[i - 1]) || (i + 1 < n && kept[i + 1]);
        if !kept[i] && beside {
            try_keep(&mut kept, &[i]);
        }
    }
    let mut out = Vec::new();
    for (i, &k) in kept.iter().enumerate() {
        match (k, out.last_mut()) {
            (true, _) => out.push(Folded::Line(i)),
            (false, Some(Folded::Skipped(run))) => *run += 1,
            (false, _) => out.push(Folded::Skipped(1)),
        }
    }
    (out, weight)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize, weight: usize) -> Reveal {
        Reveal { line, through: line, weight }
    }

    #[test]
    fn a_fold_keeps_lines_far_apart_and_counts_the_rest() {
        let rows = vec![1; 30];
        let mut blank = vec![false; 30];
        blank[9] = true;
        let lines = Lines { rows: &rows, blank: &blank };
        // line 2 (under line 0) and line 25 (in the section headed by line 10), in eight rows
        let (fold, weight) = fold(&lines, &[at(2, 100), at(25, 5)], 8);
        assert_eq!(weight, 105);
        let shown: Vec<usize> =
            fold.iter().filter_map(|f| if let Folded::Line(i) = f { Some(*i) } else { None }).collect();
        assert!(shown.contains(&2) && shown.contains(&25) && shown.contains(&10), "{fold:?}");
        let skipped: usize = fold.iter().map(|f| if let Folded::Skipped(n) = f { *n } else { 0 }).sum();
        assert_eq!(shown.len() + skipped, 30, "every line is drawn or counted: {fold:?}");
        assert!(lines.cost(&(0..30).map(|i| shown.contains(&i)).collect::<Vec<_>>()) <= 8);
    }

    #[test]
    fn a_fold_that_cannot_hold_everything_keeps_the_heaviest() {
        let rows = vec![1; 20];
        let blank = vec![false; 20];
        let lines = Lines { rows: &rows, blank: &blank };
        // three lines apart need five rows; three hold the heaviest line between two markers
        let (fold, weight) = fold(&lines, &[at(0, 1), at(10, 50), at(19, 2)], 3);
        assert_eq!(weight, 50, "{fold:?}");
        assert!(fold.contains(&Folded::Line(10)), "{fold:?}");
    }
}
