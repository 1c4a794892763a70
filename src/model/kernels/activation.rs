//! The feed-forward network's other nonlinearities: SiLU ("swish", Marian's) and GELU. ReLU, the
//! notes' own, is in `elementwise`.

use ndarray::ArrayD;

/// SiLU: x · σ(x) = x / (1 + e^(−x)), elementwise, as PyTorch's `F.silu` computes it.
pub fn silu(x: &ArrayD<f32>) -> ArrayD<f32> {
    x.mapv(|v| v / (1.0 + (-v).exp()))
}

/// d silu/dx = σ(x) · (1 + x · (1 − σ(x))).
pub fn silu_backward(x: &ArrayD<f32>, d_out: &ArrayD<f32>) -> ArrayD<f32> {
    assert_eq!(x.shape(), d_out.shape(), "SiLU's input and its gradient have one shape");
    let mut d_x = d_out.to_owned();
    d_x.zip_mut_with(x, |g, &v| {
        let s = 1.0 / (1.0 + (-v).exp());
        *g *= s * (1.0 + v * (1.0 - s));
    });
    d_x
}

/// GELU with the exact erf: x · Φ(x) = x/2 · (1 + erf(x/√2)), as PyTorch's `F.gelu`.
pub fn gelu(x: &ArrayD<f32>) -> ArrayD<f32> {
    x.mapv(|v| {
        let v = v as f64;
        (0.5 * v * (1.0 + erf(v / std::f64::consts::SQRT_2))) as f32
    })
}

/// d gelu/dx = Φ(x) + x · φ(x).
pub fn gelu_backward(x: &ArrayD<f32>, d_out: &ArrayD<f32>) -> ArrayD<f32> {
    assert_eq!(x.shape(), d_out.shape(), "GELU's input and its gradient have one shape");
    let mut d_x = d_out.to_owned();
    d_x.zip_mut_with(x, |g, &v| {
        let v = v as f64;
        let cdf = 0.5 * (1.0 + erf(v / std::f64::consts::SQRT_2));
        let pdf = (-0.5 * v * v).exp() / (2.0 * std::f64::consts::PI).sqrt();
        *g = (*g as f64 * (cdf + v * pdf)) as f32;
    });
    d_x
}

/// The error function, to about 1e-15 (W. J. Cody's rational approximations, as in most libms,
/// here as its series and continued fraction): std has no erf.
fn erf(x: f64) -> f64 {
    let a = x.abs();
    let r = if a < 2.0 {
        // Taylor series: erf(x) = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1))
        let (mut term, mut sum, mut n) = (a, a, 0.0);
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -a * a / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else {
        // erfc by its continued fraction (Lentz), good for |x| ≥ 2
        let mut f = a;
        let (mut c, mut d) = (a, 0.0);
        for k in 1..200 {
            let an = k as f64 / 2.0;
            d = a + an * d;
            d = if d == 0.0 { 1e-300 } else { 1.0 / d };
            c = a + an / c;
            if c == 0.0 {
                c = 1e-300;
            }
            let delta = c * d;
            f *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        1.0 - (-a * a).exp() / (f * std::f64::consts::PI.sqrt())
    };
    if x < 0.0 { -r } else { r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_known_values() {
        // erf(0.5), erf(1), erf(2), erf(3) from tables
        for (x, want) in [
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (3.0, 0.999_977_909_503_001_4),
        ] {
            assert!((erf(x) - want).abs() < 1e-12, "erf({x}) = {} not {want}", erf(x));
            assert!((erf(-x) + want).abs() < 1e-12);
        }
    }

    #[test]
    fn silu_and_gelu_values_and_gradients() {
        let x = ndarray::arr1(&[-3.0f32, -0.5, 0.0, 0.7, 2.5]).into_dyn();
        let s = silu(&x);
        for (&v, &y) in x.iter().zip(s.iter()) {
            let want = v as f64 / (1.0 + (-(v as f64)).exp());
            assert!((y as f64 - want).abs() < 1e-6);
        }
        let ones = ArrayD::ones(x.shape());
        for (f, df) in [
            (silu as fn(&ArrayD<f32>) -> ArrayD<f32>, silu_backward as fn(&ArrayD<f32>, &ArrayD<f32>) -> ArrayD<f32>),
            (gelu, gelu_backward),
        ] {
            let g = df(&x, &ones);
            for (i, &v) in x.iter().enumerate() {
                let h = 1e-3f32;
                let up = f(&ndarray::arr1(&[v + h]).into_dyn())[0];
                let down = f(&ndarray::arr1(&[v - h]).into_dyn())[0];
                let numeric = (up - down) / (2.0 * h);
                assert!((numeric - g[i]).abs() < 2e-3, "at {v}: {numeric} vs {}", g[i]);
            }
        }
        assert!((gelu(&ndarray::arr1(&[1.0f32]).into_dyn())[0] - 0.841_344_7).abs() < 1e-6);
    }
}
