//! Where a decoding step's time goes on a loaded translator (the full-size opus-mt model of
//! benches/marian_translate.sh): `cargo run --release --example decode_profile -- DIR [BEAMS]`.
//! Prints the median time of `DecoderState::step` (the decoder and the output projection) per
//! step, of a whole `generate_from` per step (the step plus the search's log-softmax, top-k and
//! bookkeeping), of the output projection alone (`linear_few_rows` on 512 × vocab), and of the
//! decoder's 48 Linears of one step alone (each on its own weight, as a step reads them).

use ndarray::Array2;
use std::sync::Arc;
use std::time::Instant;
use transformer_tutor::model::generate::{DecoderState, encode, generate_from};
use transformer_tutor::setup::WeightSource;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).map_or("/tmp/opus-full-64", String::as_str);
    let beams: usize = args.get(2).and_then(|b| b.parse().ok()).unwrap_or(1);
    let weights = Arc::new(WeightSource::Marian(dir.into()).load().expect("a Marian directory"));
    let src = Array2::from_shape_fn((1, 16), |(_, j)| 100 + 37 * j);
    let memory = encode(&weights, &src);
    let mut config = weights.generation.clone().expect("a loaded translator");
    config.num_beams = beams;
    config.max_length = 65;
    for round in 0..5 {
        let started = Instant::now();
        let _ = encode(&weights, &src);
        let encoding = started.elapsed().as_secs_f64() * 1e3;
        let started = Instant::now();
        let mut state = DecoderState::new(&weights, &memory, &src, beams);
        let new_state = started.elapsed().as_secs_f64() * 1e3;
        println!("round {round}: encode {encoding:.2} ms, DecoderState::new {new_state:.2} ms");
        let mut steps = Vec::new();
        for t in 0..64 {
            let tokens = vec![(7 * t + 3) % 60000; beams];
            let started = Instant::now();
            let _ = state.step(&tokens);
            steps.push(started.elapsed().as_secs_f64() * 1e3);
        }
        let started = Instant::now();
        let out = generate_from(&weights, &memory, &src, &config);
        let whole = started.elapsed().as_secs_f64() * 1e3 / (out[0].ids.len() - 1) as f64;
        let x = Array2::from_shape_fn((beams, 512), |(i, j)| ((i + j) % 10) as f32 / 10.0);
        let fc = &weights.fc_out;
        let mut projections = Vec::new();
        for _ in 0..20 {
            let started = Instant::now();
            let _ = transformer_tutor::model::kernels::linear_few_rows(x.view(), fc.weight.view(), fc.bias.view());
            projections.push(started.elapsed().as_secs_f64() * 1e3);
        }
        // the decoder's Linears of one step alone, each on its own weight as the step reads them
        let mut decoder_linears = Vec::new();
        for _ in 0..20 {
            let started = Instant::now();
            for layer in &weights.decoder {
                let (s, c, f) = (&layer.self_attn, &layer.cross_attn, &layer.ffn);
                for l in [&s.w_q, &s.w_k, &s.w_v, &s.w_o, &c.w_q, &c.w_o, &f.linear1, &f.linear2] {
                    let x = Array2::from_shape_fn((beams, l.weight.ncols()), |(i, j)| ((i + j) % 10) as f32 / 10.0);
                    let _ =
                        transformer_tutor::model::kernels::linear_few_rows(x.view(), l.weight.view(), l.bias.view());
                }
            }
            decoder_linears.push(started.elapsed().as_secs_f64() * 1e3);
        }
        println!(
            "round {round}: step {:.2} ms (first {:.2}, last {:.2}), generate {whole:.2} ms/step, output projection {:.2} ms, decoder Linears {:.2} ms",
            median(steps.clone()),
            steps[0],
            steps[63],
            median(projections),
            median(decoder_linears)
        );
    }
}
