//! Colours and glyphs. With NO_COLOR set, nothing is coloured and every grid stays readable
//! from its characters alone (numbers, shade glyphs, markers).

use ratatui::style::{Color, Modifier, Style};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

/// Five shades from low to high, for cells too narrow for a number.
pub const SHADES: [char; 5] = [' ', '░', '▒', '▓', '█'];

/// Marks the selected row in every view (visible without colour).
pub const SELECTED_MARK: &str = "▶";

impl Theme {
    /// Colour unless the NO_COLOR environment variable is set to anything non-empty.
    pub fn from_env() -> Theme {
        Theme { color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) }
    }

    pub fn plain() -> Theme {
        Theme { color: false }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color { Style::new().fg(c) } else { Style::new() }
    }

    /// Pane titles and headings.
    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// The focused pane's border.
    pub fn focus_border(&self) -> Style {
        if self.color { Style::new().fg(Color::Yellow) } else { Style::new().add_modifier(Modifier::BOLD) }
    }

    pub fn border(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// Labels, axes, captions.
    pub fn dim(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// What the learner should look at: the current place on the map, the selected row.
    pub fn accent(&self) -> Style {
        if self.color {
            Style::new().fg(Color::Black).bg(Color::Yellow)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    pub fn highlight(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// Something hidden or zeroed by a mask.
    pub fn masked(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    pub fn good(&self) -> Style {
        self.fg(Color::Green)
    }

    pub fn bad(&self) -> Style {
        self.fg(Color::Red)
    }

    /// Background for a value `t` in 0..=1 on a sequential scale (weights, probabilities).
    pub fn sequential(&self, t: f32) -> Style {
        if !self.color {
            return Style::new();
        }
        let t = t.clamp(0.0, 1.0);
        // dark blue -> teal -> yellow
        let (r, g, b) = lerp3((20, 30, 70), (30, 140, 140), (250, 220, 60), t);
        Style::new().bg(Color::Rgb(r, g, b)).fg(if t > 0.55 { Color::Black } else { Color::White })
    }

    /// Background for a signed value `v` scaled by `max_abs` (scores, activations): blue < 0 < red.
    pub fn diverging(&self, v: f32, max_abs: f32) -> Style {
        if !self.color {
            return Style::new();
        }
        let t = if max_abs > 0.0 { (v / max_abs).clamp(-1.0, 1.0) } else { 0.0 };
        let (r, g, b) =
            if t < 0.0 { lerp2((235, 235, 235), (40, 90, 200), -t) } else { lerp2((235, 235, 235), (200, 50, 40), t) };
        Style::new().bg(Color::Rgb(r, g, b)).fg(if t.abs() > 0.6 { Color::White } else { Color::Black })
    }
}

/// The shade glyph for `t` in 0..=1.
pub fn shade(t: f32) -> char {
    let i = (t.clamp(0.0, 1.0) * (SHADES.len() - 1) as f32).round() as usize;
    SHADES[i]
}

fn lerp2(a: (u8, u8, u8), b: (u8, u8, u8), t: f32) -> (u8, u8, u8) {
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    (m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
}

fn lerp3(a: (u8, u8, u8), b: (u8, u8, u8), c: (u8, u8, u8), t: f32) -> (u8, u8, u8) {
    if t < 0.5 { lerp2(a, b, t * 2.0) } else { lerp2(b, c, (t - 0.5) * 2.0) }
}
