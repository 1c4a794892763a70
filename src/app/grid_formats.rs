//! A `Grid` written for a report: CSV (RFC 4180: a field with a comma, quote or line break is
//! quoted) with the row labels first and the column labels as the header, numbers in full f32
//! precision and a masked key as `masked`; and SVG, one cell per number shaded by its value, with
//! the title, axis names and every label, each text element XML-escaped.

use super::grid_export::{Grid, GridCell};
use std::fmt::Write;

/// How a masked cell is written in the CSV and on the SVG.
pub const MASKED: &str = "masked";

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

/// The grid as CSV: a header of the axis names and the column labels, then one line per row.
pub fn to_csv(grid: &Grid) -> String {
    let corner = match grid.col_axis.is_empty() {
        true => grid.row_axis.clone(),
        false => format!("{} \\ {}", grid.row_axis, grid.col_axis),
    };
    let mut out = std::iter::once(corner)
        .chain(grid.col_labels.iter().cloned())
        .map(|s| csv_field(&s))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for (label, row) in grid.row_labels.iter().zip(&grid.cells) {
        let cells = row.iter().map(|c| match c {
            GridCell::Num(v) => v.to_string(),
            GridCell::Masked => MASKED.to_string(),
            GridCell::Text(t) => csv_field(t),
        });
        let line: Vec<String> = std::iter::once(csv_field(label)).chain(cells).collect();
        let _ = writeln!(out, "{}", line.join(","));
    }
    out
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A number as the SVG prints it: three significant digits, as the screen does.
pub fn svg_number(v: f32) -> String {
    crate::text::significant(v)
}

const CELL_W: usize = 64;
const CELL_H: usize = 24;
const LABEL_W: usize = 140;
const TOP: usize = 64;

/// The grid as an SVG picture: title, column labels on top, row labels on the left, one
/// rectangle per cell shaded from white (the smallest number) to blue (the largest), each with
/// its value written in it.
pub fn to_svg(grid: &Grid) -> String {
    let cols = grid.col_labels.len().max(grid.cells.iter().map(Vec::len).max().unwrap_or(0));
    let cell_w = if grid.cells.iter().flatten().any(|c| matches!(c, GridCell::Text(_))) { 2 * CELL_W } else { CELL_W };
    let (width, height) = (LABEL_W + cols * cell_w + 16, TOP + grid.cells.len() * CELL_H + 16);
    let numbers: Vec<f32> =
        grid.cells.iter().flatten().filter_map(|c| if let GridCell::Num(v) = c { Some(*v) } else { None }).collect();
    let (lo, hi) = numbers.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"monospace\" font-size=\"12\">\n"
    );
    let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>");
    let _ = writeln!(out, "<text x=\"8\" y=\"18\" font-weight=\"bold\">{}</text>", xml(&grid.title));
    let axes = if grid.col_axis.is_empty() {
        grid.row_axis.clone()
    } else {
        format!("{} \\ {}", grid.row_axis, grid.col_axis)
    };
    let _ = writeln!(out, "<text x=\"8\" y=\"{}\" fill=\"#555\">{}</text>", TOP - 8, xml(&axes));
    for (c, label) in grid.col_labels.iter().enumerate() {
        let x = LABEL_W + c * cell_w + cell_w / 2;
        let _ = writeln!(out, "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{}</text>", TOP - 8, xml(label));
    }
    for (r, (label, row)) in grid.row_labels.iter().zip(&grid.cells).enumerate() {
        let y = TOP + r * CELL_H;
        let _ = writeln!(out, "<text x=\"8\" y=\"{}\">{}</text>", y + 16, xml(label));
        for (c, cell) in row.iter().enumerate() {
            let x = LABEL_W + c * cell_w;
            let (fill, text, ink) = match cell {
                GridCell::Num(v) => {
                    let t = if hi > lo { (v - lo) / (hi - lo) } else { 0.0 };
                    let ink = if t > 0.6 { "white" } else { "black" };
                    (shade(t), svg_number(*v), ink)
                }
                GridCell::Masked => ("#dddddd".to_string(), MASKED.to_string(), "#777"),
                GridCell::Text(s) => ("white".to_string(), s.clone(), "black"),
            };
            let _ = writeln!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell_w}\" height=\"{CELL_H}\" fill=\"{fill}\" stroke=\"#ccc\"/>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                x + cell_w / 2,
                y + 16,
                xml(&text)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// White (0) to a strong blue (1).
fn shade(t: f32) -> String {
    let t = t.clamp(0.0, 1.0);
    let mix = |from: f32, to: f32| (from + (to - from) * t).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(255.0, 33.0), mix(255.0, 102.0), mix(255.0, 172.0))
}
