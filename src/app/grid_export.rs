//! A view's grid as a table for a report (the `X` key): the heatmap, softmax rows and mask
//! views' numbers for the batch row and head on screen, the ablation table and the alignment
//! table, each with its row and column labels. `grid_formats` writes it as CSV and as SVG.

use super::state::App;
use super::view_data::ViewData;
use crate::lesson::ViewKind;
use crate::probe::ablation;
use crate::strings;

/// One cell: a number, a key the mask hid (weight exactly 0), or text (a word and its probability).
#[derive(Debug, Clone, PartialEq)]
pub enum GridCell {
    Num(f32),
    Masked,
    Text(String),
}

/// A table with labels: `cells[r][c]` is row `row_labels[r]`, column `col_labels[c]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// What the table is: the operation, batch row and head (`dec.1.cross_attn.weights · batch row 0 · head 0`).
    pub title: String,
    /// What the rows and the columns are (`query`, `key`).
    pub row_axis: String,
    pub col_axis: String,
    pub row_labels: Vec<String>,
    pub col_labels: Vec<String>,
    pub cells: Vec<Vec<GridCell>>,
}

impl App {
    /// The focused view's grid, or None for a view that is not one (text, vectors, LayerNorm).
    pub fn grid(&self) -> Option<Grid> {
        let (name, _) = self.focused();
        let name = name.to_string();
        match self.view.kind {
            ViewKind::Ablation => return self.ablation_grid(),
            ViewKind::Alignment => return Some(self.alignment_grid()),
            _ => {}
        }
        let title = |caption: &str| format!("{name} · {caption}");
        match self.view_data() {
            ViewData::Heatmap(h) => Some(Grid {
                title: title(&h.caption),
                row_axis: h.row_axis.clone(),
                col_axis: h.col_axis.clone(),
                row_labels: h.row_labels.clone(),
                col_labels: h.col_labels.clone(),
                cells: h.values.rows().into_iter().map(|r| r.iter().map(|&v| GridCell::Num(v)).collect()).collect(),
            }),
            ViewData::Softmax(s) => Some(Grid {
                title: title(&s.caption),
                row_axis: strings::AXIS_QUERY.get().into(),
                col_axis: strings::AXIS_KEY.get().into(),
                row_labels: s.rows.iter().map(|r| r.label.clone()).collect(),
                col_labels: s.col_labels.clone(),
                cells: s
                    .rows
                    .iter()
                    .map(|r| {
                        let cell = |(w, m): (&f32, &bool)| if *m { GridCell::Masked } else { GridCell::Num(*w) };
                        r.weights.iter().zip(&r.masked).map(cell).collect()
                    })
                    .collect(),
            }),
            ViewData::Mask(m) => Some(Grid {
                title: title(m.kind.describe()),
                row_axis: m.row_axis.clone(),
                col_axis: m.col_axis.clone(),
                row_labels: m.row_labels.clone(),
                col_labels: m.col_labels.clone(),
                cells: m.values.rows().into_iter().map(|r| r.iter().map(|&v| GridCell::Num(v)).collect()).collect(),
            }),
            _ => None,
        }
    }

    /// The ablation table: each target position's top next word and its probability for the
    /// whole model, the head taken out, and the head kept alone.
    fn ablation_grid(&self) -> Option<Grid> {
        let (out, runs) = self.scene().ablation_runs()?;
        let (b, head) = (self.view.selection.batch, out.head);
        let shape = self.session.setup.shape();
        let vocab = self.session.setup.tgt_vocab();
        let cells = (0..shape.t_tgt)
            .map(|t| {
                let cell = |run: &crate::model::Run| {
                    let probs = ablation::next_word(run, b, t).unwrap_or_default();
                    let top = crate::model::decode::argmax(probs.iter().copied());
                    GridCell::Text(format!("{} {:.3}", vocab.word(top), probs.get(top).unwrap_or(&0.0)))
                };
                runs.iter().map(cell).collect()
            })
            .collect();
        let setup = &self.session.setup;
        Some(Grid {
            title: strings::ablation_grid_title(head, &out.block_prefix()),
            row_axis: strings::AXIS_QUERY.get().into(),
            col_axis: String::new(),
            row_labels: (0..shape.t_tgt).map(|t| setup.tgt_vocab().word(setup.tgt_ids[[b, t]])).collect(),
            col_labels: strings::ablation_grid_columns(head),
            cells,
        })
    }

    /// The alignment table: AER, precision and recall (percent) of each cross-attention head.
    fn alignment_grid(&self) -> Grid {
        let scores = crate::probe::heldout_alignment(&self.session.setup.weights);
        let rows: Vec<[String; 5]> = scores.heads.iter().map(strings::align_cells).collect();
        let columns = strings::align_columns();
        Grid {
            title: strings::alignment_title(scores.pairs),
            row_axis: format!("{} · {}", columns[0], columns[1]),
            col_axis: String::new(),
            row_labels: rows.iter().map(|r| format!("{} {}", r[0], r[1])).collect(),
            col_labels: columns[2..].iter().map(|c| c.to_string()).collect(),
            cells: scores
                .heads
                .iter()
                .map(|h| {
                    let c = &h.counts;
                    [c.aer(), c.precision(), c.recall()].map(|v| GridCell::Num((100.0 * v) as f32)).to_vec()
                })
                .collect(),
        }
    }
}
