//! A blocked matrix product for AVX2 + FMA, written for the large products this engine runs: the
//! Linears of note 001's model (200-250 rows, widths 128-1000) and note 000's 512-wide
//! projections (8192 rows).
//!
//! b is packed into panels of 16 columns (each panel k × 16, contiguous), and c is computed in
//! 6 × 16 tiles held in 12 vector registers: for each p, one row of the panel is loaded (two
//! 8-lane vectors) and multiplied by a[i, p] for six rows i. Each output is therefore the
//! fused multiply-add chain Σ_p a[i, p]·b[p, j] in the order p = 0, 1, …, k−1, then scaled by
//! alpha and added to c or to a bias row, which is exactly what the `gemm` crate computes: the
//! two agree to the bit (tests/parallel_products.rs), so switching kernels changes no weight, no
//! trained model and no screen. Compiled on x86_64 only; `products::packed` and
//! `products::packed_new` check the CPU and the shapes before they call in.
//!
//! `packed_new` hands the kernel new, uninitialised memory for c. That is sound because of what
//! both tiles (here and `packed512`) promise: in the first slice of k (`Step::first`) a tile reads
//! no value of c and stores every value of its rows i .. i + tile_rows, columns j0 .. j0 + cols;
//! later slices read only what the first one stored. Keep it so.

use super::products::Addend;
use ndarray::{ArrayView2, s};
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// Rows of a tile.
pub(super) const MR: usize = 6;
/// Columns of a tile and of a packed panel.
pub(super) const NR: usize = 16;
/// Rows of a that one thread works through panel by panel: 96 rows of up to 512 floats stay in
/// the core's L2 cache while the panels go past (8 AVX-512 tiles, 16 AVX2 ones).
const MC: usize = 96;
/// The slice of k one pass over a panel covers: 256 × 16 floats of b (16 KB) stay in L1.
pub(super) const KC: usize = 256;

/// A matrix by its first element and row stride; its columns are contiguous.
#[derive(Clone, Copy)]
pub(super) struct Rows<T> {
    pub(super) ptr: T,
    pub(super) row_stride: usize,
}

/// b (k, n), any strides, as ⌈n/16⌉ panels of k rows × 16 columns (zero beyond column n); the
/// panels of a large b are shared out between the threads. A transposed nn.Linear weight is
/// packed by transposes in registers, 16 × 16 at a time with AVX-512 (`pack512`), else 8 × 8
/// (`pack256`); any other b, a weight's last panel when n is not a multiple of 16, or any b on a
/// CPU without AVX2, one number at a time.
pub(super) fn pack(b: ArrayView2<f32>) -> Vec<f32> {
    let (k, n) = b.dim();
    let len = n.div_ceil(NR) * k * NR;
    if len == 0 {
        return Vec::new();
    }
    let mut packed: Vec<f32> = Vec::with_capacity(len);
    // b = Wᵀ for a weight W (n, k) whose rows are contiguous: column j of b is row j of W
    let weight_row_stride =
        (b.strides()[0] == 1 && b.strides()[1] >= 0 && super::avx2_fma()).then(|| b.strides()[1] as usize);
    let wide = super::avx512();
    let fill = |panel: usize, out: &mut [MaybeUninit<f32>]| {
        let j0 = panel * NR;
        if let Some(stride) = weight_row_stride
            && j0 + NR <= n
        {
            // SAFETY: column j0 + c of b (c < 16, j0 + c < n) starts (j0 + c)·stride values past
            // b's first one and holds k values one apart, inside the live view b
            let rows =
                std::array::from_fn(|c| unsafe { std::slice::from_raw_parts(b.as_ptr().add((j0 + c) * stride), k) });
            // SAFETY: `avx2_fma()` said the CPU has AVX2, and `avx512()` AVX-512F if `wide`; the
            // panel holds k·16 values
            unsafe { if wide { super::pack512::panel(rows, k, out) } else { super::pack256::panel(rows, k, out) } };
            return;
        }
        out.fill(MaybeUninit::new(0.0));
        let columns = b.slice(s![.., j0..(j0 + NR).min(n)]);
        for (out_row, b_row) in out.chunks_exact_mut(NR).zip(columns.rows()) {
            out_row.iter_mut().zip(b_row).for_each(|(o, &v)| *o = MaybeUninit::new(v));
        }
    };
    let panels = &mut packed.spare_capacity_mut()[..len];
    if len >= PARALLEL_PACK {
        super::parallel::for_each_chunk_mut(panels, k * NR, fill);
    } else {
        panels.chunks_mut(k * NR).enumerate().for_each(|(panel, out)| fill(panel, out));
    }
    // SAFETY: every panel's k·16 values were written above (`pack512::panel` and
    // `pack256::panel` write each one)
    unsafe { packed.set_len(len) };
    packed
}

/// Rows `ps` of a panel one number at a time, out[p·16 + c] = rows[c][p]: the rows the in-register
/// transposes (`pack512`, `pack256`) leave over when k is not a multiple of their block.
pub(super) fn copy_rows(rows: &[&[f32]; NR], ps: std::ops::Range<usize>, out: &mut [MaybeUninit<f32>]) {
    for p in ps {
        for (c, row) in rows.iter().enumerate() {
            out[p * NR + c] = MaybeUninit::new(row[p]);
        }
    }
}

/// From this many numbers a b is packed on the engine's threads (note 000's 512 × 512 weights);
/// below (note 001's, and training's backward products of the tutor's model), handing out the
/// panels costs more than it saves.
const PARALLEL_PACK: usize = 64 * 1024;

/// c (m, n) = alpha · a (m, k) · packed b + addend, for the rows `rows` of a and c and the
/// columns of the panels `panels`, in 6 × 16 tiles (AVX2) or, with `wide`, 12 × 32 tiles
/// (AVX-512, `packed512`).
///
/// `block_done(rows)` is called after each block of rows is complete in the panels `panels`; it
/// may read those rows of c.
///
/// # Safety
/// The CPU has AVX2 and FMA, and AVX-512F if `wide`; `a` addresses an (m, k) matrix and `c` an
/// (m, n) one, neither overlapping the other; `packed` comes from `pack` for a (k, n) matrix;
/// `rows` ⊆ 0..m, `panels` ⊆ 0..⌈n/16⌉; a `Row` addend holds n values; with a `Dst` addend
/// k ≤ KC; no other thread writes rows `rows` of the panels `panels` of c meanwhile.
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn product_rows(
    alpha: f32,
    a: Rows<*const f32>,
    packed: &[f32],
    (k, n): (usize, usize),
    addend: Addend,
    c: Rows<*mut f32>,
    (rows, panels): (std::ops::Range<usize>, std::ops::Range<usize>),
    wide: bool,
    block_done: &dyn Fn(std::ops::Range<usize>),
) {
    let (tile_height, tile_panels) = if wide { (super::packed512::MR, super::packed512::PANELS) } else { (MR, 1) };
    let mut block = rows.start;
    while block < rows.end {
        let block_end = (block + MC).min(rows.end);
        // k in slices of KC: a slice of a panel (KC × 16) stays in L1 while the tiles use it;
        // the partial sums wait in c, and the next slice continues each chain from them
        let mut k0 = 0;
        while k0 < k {
            let k1 = (k0 + KC).min(k);
            let step = Step { k0, k1, first: k0 == 0, last: k1 == k };
            let mut panel = panels.start;
            while panel < panels.end {
                let count = tile_panels.min(panels.end - panel);
                let j0 = panel * NR;
                let cols = (count * NR).min(n - j0);
                let panel_data = &packed[panel * k * NR..(panel + count) * k * NR];
                let mut i = block;
                while i < block_end {
                    let tile_rows = tile_height.min(block_end - i);
                    // SAFETY: rows i .. i + tile_rows and columns j0 .. j0 + cols lie inside a
                    // and c; `panel_data` is `count` whole panels; the CPU has what each tile needs
                    unsafe {
                        // the AVX-512 tile over `count` panels (1 or 2, a const parameter)
                        macro_rules! wide_tile {
                            ($panels:literal) => {
                                super::packed512::tile::<$panels>(
                                    alpha,
                                    a,
                                    (i, tile_rows),
                                    (panel_data, k),
                                    step,
                                    addend,
                                    (j0, cols),
                                    c,
                                )
                            };
                        }
                        match (wide, count) {
                            (false, _) => tile(alpha, a, i, tile_rows, panel_data, step, addend, j0, cols, c),
                            (true, 1) => wide_tile!(1),
                            (true, _) => wide_tile!(2),
                        }
                    }
                    i += tile_height;
                }
                panel += count;
            }
            k0 = k1;
        }
        block_done(block..block_end);
        block = block_end;
    }
}

/// Which slice k0..k1 of the sum a tile computes, and whether it starts or ends the chain.
#[derive(Clone, Copy)]
pub(super) struct Step {
    pub(super) k0: usize,
    pub(super) k1: usize,
    pub(super) first: bool,
    pub(super) last: bool,
}

/// Products p = k0 .. k1 of one 6 × 16 tile of c (fewer rows or columns at the edges), from row
/// i and column j0.
///
/// With `step.first` the tile reads no value of c and stores every one of its rows and columns,
/// so c may be uninitialised there (`products::packed_new` relies on it).
///
/// # Safety
/// As for `product_rows`, with rows i .. i + tile_rows inside a and c, columns j0 .. j0 + cols
/// inside c (and the bias row), cols ≤ 16, and `panel` one panel of k rows, k0 ≤ k1 ≤ k.
#[target_feature(enable = "avx2,fma")]
#[allow(clippy::too_many_arguments)]
unsafe fn tile(
    alpha: f32,
    a: Rows<*const f32>,
    i: usize,
    tile_rows: usize,
    panel: &[f32],
    step: Step,
    addend: Addend,
    j0: usize,
    cols: usize,
    c: Rows<*mut f32>,
) {
    // rows past the edge read row i again; their results are not stored
    // SAFETY: rows i .. i + tile_rows of a exist, and i itself for the rows past the edge
    let a_row: [*const f32; MR] =
        std::array::from_fn(|r| unsafe { a.ptr.add((i + if r < tile_rows { r } else { 0 }) * a.row_stride) });
    // SAFETY: called for r < tile_rows only: row i + r of c, from column j0
    let c_row = |r: usize| unsafe { c.ptr.add((i + r) * c.row_stride + j0) };
    // the loops over rows run to the constant MR and skip rows past the edge, so that the
    // compiler can keep `acc` in registers (as in `packed512::tile`)
    let mut acc = [[_mm256_setzero_ps(); 2]; MR]; // (6 rows, 16 columns)
    if !step.first {
        // continue each chain from the partial sum the last slice left in c
        for (r, acc_row) in acc.iter_mut().enumerate() {
            if r >= tile_rows {
                continue;
            }
            let mut partial = [0.0f32; NR];
            // SAFETY: row i + r, columns j0 .. j0 + cols are inside c
            unsafe {
                std::ptr::copy_nonoverlapping(c_row(r), partial.as_mut_ptr(), cols);
                acc_row[0] = _mm256_loadu_ps(partial.as_ptr());
                acc_row[1] = _mm256_loadu_ps(partial.as_ptr().add(8));
            }
        }
    }
    // SAFETY: k0 ≤ k, and the panel holds k rows of 16
    let mut b = unsafe { panel.as_ptr().add(step.k0 * NR) };
    for p in step.k0..step.k1 {
        // SAFETY: the panel holds k rows of 16; each a row holds k values
        unsafe {
            let b0 = _mm256_loadu_ps(b);
            let b1 = _mm256_loadu_ps(b.add(8));
            for r in 0..MR {
                let x = _mm256_broadcast_ss(&*a_row[r].add(p));
                acc[r][0] = _mm256_fmadd_ps(x, b0, acc[r][0]);
                acc[r][1] = _mm256_fmadd_ps(x, b1, acc[r][1]);
            }
            b = b.add(NR);
        }
    }
    let scale = _mm256_set1_ps(alpha);
    for (r, acc_row) in acc.iter().enumerate() {
        if r >= tile_rows {
            continue;
        }
        // SAFETY: row i + r, columns j0 .. j0 + cols are inside c (and the bias row)
        unsafe {
            let dst = c_row(r);
            let mut v = *acc_row;
            if step.last {
                if alpha != 1.0 {
                    v = [_mm256_mul_ps(v[0], scale), _mm256_mul_ps(v[1], scale)];
                }
                let add = match addend {
                    Addend::Nothing => None,
                    Addend::Dst => Some(dst as *const f32),
                    Addend::Row(bias) => Some(bias.as_ptr().add(j0)),
                };
                if let Some(add) = add {
                    if cols == NR {
                        v = [
                            _mm256_add_ps(v[0], _mm256_loadu_ps(add)),
                            _mm256_add_ps(v[1], _mm256_loadu_ps(add.add(8))),
                        ];
                    } else {
                        let mut row = [0.0f32; NR];
                        std::ptr::copy_nonoverlapping(add, row.as_mut_ptr(), cols);
                        v = [
                            _mm256_add_ps(v[0], _mm256_loadu_ps(row.as_ptr())),
                            _mm256_add_ps(v[1], _mm256_loadu_ps(row.as_ptr().add(8))),
                        ];
                    }
                }
            }
            if cols == NR {
                _mm256_storeu_ps(dst, v[0]);
                _mm256_storeu_ps(dst.add(8), v[1]);
            } else {
                let mut out = [0.0f32; NR];
                _mm256_storeu_ps(out.as_mut_ptr(), v[0]);
                _mm256_storeu_ps(out.as_mut_ptr().add(8), v[1]);
                std::ptr::copy_nonoverlapping(out.as_ptr(), dst, cols);
            }
        }
    }
}
