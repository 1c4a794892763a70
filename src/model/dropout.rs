//! Dropout as training applies it (`nn.Dropout(p)` in train mode): each value is zeroed with
//! probability p and the survivors are scaled by 1/(1 − p), so every value keeps its expectation.
//! The tutor runs inference, where dropout is the identity; this draws one training mask, from a
//! fixed seed, to show what the layer would do.

/// The notes' dropout probability (note 000's PositionwiseFeedForward, note 002's blocks: 0.1).
pub const NOTES_P: f32 = 0.1;

/// One training-mode draw: the output and which values were kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Draw {
    pub out: Vec<f32>,
    pub kept: Vec<bool>,
}

/// `x` through dropout with probability `p`, the mask drawn from `seed` (xorshift64*, so the
/// same seed drops the same values on every machine).
pub fn train_draw(x: &[f32], p: f32, seed: u64) -> Draw {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut uniform = || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f32 / (1u64 << 24) as f32
    };
    let scale = 1.0 / (1.0 - p);
    let kept: Vec<bool> = x.iter().map(|_| uniform() >= p).collect();
    let out = x.iter().zip(&kept).map(|(&v, &k)| if k { v * scale } else { 0.0 }).collect();
    Draw { out, kept }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_zeroes_about_p_of_the_values_and_scales_the_rest() {
        let x: Vec<f32> = (0..10_000).map(|i| (i % 7) as f32 - 3.0).collect();
        let d = train_draw(&x, 0.1, 7);
        let dropped = d.kept.iter().filter(|k| !**k).count();
        assert!((800..1200).contains(&dropped), "{dropped}");
        for ((&v, &o), &k) in x.iter().zip(&d.out).zip(&d.kept) {
            assert_eq!(o, if k { v / 0.9 } else { 0.0 });
        }
        assert_eq!(train_draw(&x, 0.1, 7), d, "one seed, one mask");
    }
}
