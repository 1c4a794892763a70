//! `enc.last` and `dec.last`: the model's last encoder and decoder layer, wherever a lesson
//! writes an operation's name (a beat's `op`, a fact's `OP`, a backticked name in its prose).
//! Resolved when the lesson loads, on the model it loads against: `dec.last.norm3.out` is
//! `dec.1.norm3.out` on the tutor's two-layer decoder and `dec.2.norm3.out` on a three-layer
//! Marian's, so a beat about the decoder's last layer shows, and names, the last one on any model.

use crate::model::Config;

/// The lesson's text with every `enc.last` and `dec.last` (followed by `.` or ending a name)
/// written as the model's last layer's number; every other byte, and so every line, unchanged.
pub fn resolve(text: &str, config: &Config) -> String {
    let mut out = text.to_string();
    for (stack, layers) in [("enc", config.n_layers), ("dec", config.dec_layers)] {
        let alias = format!("{stack}.last");
        let last = format!("{stack}.{}", layers.saturating_sub(1));
        let mut resolved = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(at) = rest.find(&alias) {
            let after = &rest[at + alias.len()..];
            let before = rest[..at].chars().next_back();
            // a whole name: not `xenc.last` nor `dec.lastly`
            let starts = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
            let ends = after.chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            resolved.push_str(&rest[..at]);
            resolved.push_str(if starts && ends { &last } else { &alias });
            rest = after;
        }
        resolved.push_str(rest);
        out = resolved;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::resolve;
    use crate::model::Config;

    #[test]
    fn the_last_layer_is_the_models_own() {
        let mut config: Config = crate::model::Preset::Tutor.config(10, 10);
        config.dec_layers = 3;
        let text = "op = \"dec.last.norm3.out\"\ntext = \"`dec.last.norm3.out` {shape dec.last.norm3.out}, enc.last\"";
        assert_eq!(
            resolve(text, &config),
            "op = \"dec.2.norm3.out\"\ntext = \"`dec.2.norm3.out` {shape dec.2.norm3.out}, enc.1\""
        );
        // not part of a longer name
        assert_eq!(resolve("dec.lastly xdec.last", &config), "dec.lastly xdec.last");
        config.dec_layers = 2;
        assert_eq!(resolve("dec.last.ffn.hidden", &config), "dec.1.ffn.hidden");
    }
}
