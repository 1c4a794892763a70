//! The large matrix products, and every call into the `gemm` crate: safe functions over ndarray
//! views, whose raw pointers stay here. Which product takes which path is `model::matmul`'s choice.

use super::parallel;
use ndarray::{ArrayView2, ArrayViewMut2, Axis, s};
use std::sync::Mutex;

/// The most rows `thin` takes (`thin::MAX_ROWS`); `matmul` gives it every large product of at
/// most this many rows, and the packed kernel the rest.
pub const THIN_MAX_ROWS: usize = 64;

/// What is added to alpha · a · b.
#[derive(Clone, Copy)]
pub enum Addend<'a> {
    Nothing,
    /// c's current values (c += alpha · a · b)
    Dst,
    /// the same row added to every row of c: a Linear's bias, shape (n,)
    Row(&'a [f32]),
}

/// c = alpha · a (m, k) · b (k, n) + addend by the packed AVX2 + FMA kernel, shared out between the
/// engine's threads: the same bits as `gemm` (tests/parallel_products.rs). Returns false, having
/// computed nothing, where the kernel cannot run: not `avx2_fma()` (another CPU or target, or the
/// portable kernels forced), a's or c's rows not contiguous and in order, an empty side, or a c
/// to add to with k longer than one slice (the slices keep their partial sums in c).
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub fn packed(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, addend: Addend, c: &mut ArrayViewMut2<f32>) -> bool {
    let (m, k) = a.dim();
    let n = b.ncols();
    assert_eq!(b.nrows(), k, "a (m, k) · b (k, n)");
    assert_eq!(c.dim(), (m, n), "c (m, n)");
    if let Addend::Row(bias) = addend {
        assert_eq!(bias.len(), n, "a bias row of n");
    }
    #[cfg(target_arch = "x86_64")]
    {
        let rows_forward = |strides: &[isize]| strides[1] == 1 && strides[0] >= 0;
        let fits = super::avx2_fma()
            && m > 0
            && n > 0
            && k > 0
            && rows_forward(a.strides())
            && rows_forward(c.strides())
            && (k <= super::packed::KC || !matches!(addend, Addend::Dst));
        if fits {
            let c_rows = super::packed::Rows { ptr: c.as_mut_ptr(), row_stride: c.strides()[0] as usize };
            packed_on_threads(alpha, a, b, addend, c_rows, None);
            return true;
        }
    }
    false
}

/// a · b + bias for a Linear (b = Wᵀ) by the packed kernel, as `packed` computes it, into a new
/// (m, n) matrix whose memory is written once (the kernel's first slice of k stores every value
/// without reading it; nothing is zeroed first). With `split` = (T, H), each block of its rows,
/// once done and while in cache, is also copied into the layout of `kernels::split_heads`: the
/// matrix is (B·T, H·d_k), and row (batch, token)'s columns of head h go to row
/// (batch, h, token) of the split (B, H, T, d_k). Returns the matrix and the split, or None,
/// having computed nothing, where `packed` would not run or the sizes do not split so.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub fn packed_new(
    a: ArrayView2<f32>,
    b: ArrayView2<f32>,
    bias: &[f32],
    split: Option<(usize, usize)>,
) -> Option<(Vec<f32>, Option<Vec<f32>>)> {
    let (m, k) = a.dim();
    let n = b.ncols();
    assert_eq!(b.nrows(), k, "a (m, k) · b (k, n)");
    assert_eq!(bias.len(), n, "a bias row of n");
    // a broadcast a (row stride 0) can have more rows than memory: its product's size must fit
    let len = m.checked_mul(n)?;
    #[cfg(target_arch = "x86_64")]
    {
        let splits = split.is_none_or(|(tokens, heads)| {
            tokens > 0 && heads > 0 && m.is_multiple_of(tokens) && n.is_multiple_of(heads)
        });
        let fits = super::avx2_fma() && m > 0 && k > 0 && n > 0 && a.strides()[1] == 1 && a.strides()[0] >= 0;
        if fits && splits {
            let mut c: Vec<f32> = Vec::with_capacity(len);
            let mut heads: Vec<f32> = Vec::with_capacity(if split.is_some() { len } else { 0 });
            let into = split.map(|(tokens, h)| (parallel::Shared(heads.as_mut_ptr()), tokens, h));
            let c_rows = super::packed::Rows { ptr: c.as_mut_ptr(), row_stride: n };
            packed_on_threads(1.0, a, b, Addend::Row(bias), c_rows, into);
            // SAFETY: the parts cover rows 0..m and every panel of c, and the first slice of k
            // stored each of its m·n values (`packed512::tile` and `packed::tile` store every
            // lane of a tile they compute); with a split, each block of rows was copied whole:
            // row (batch, token) to the H rows (batch, h, token) of d_k values, which together
            // are all m·n values of the split
            unsafe {
                c.set_len(len);
                if split.is_some() {
                    heads.set_len(len);
                }
            }
            return Some((c, split.map(|_| heads)));
        }
    }
    None
}

/// Where `packed_new` copies finished rows: the split's data, T and H.
#[cfg(target_arch = "x86_64")]
type SplitInto = (parallel::Shared<*mut f32>, usize, usize);

/// `packed` once its conditions hold, into c (m, n) at `c_rows` (and `packed_new`, with `split`).
#[cfg(target_arch = "x86_64")]
fn packed_on_threads(
    alpha: f32,
    a: ArrayView2<f32>,
    b: ArrayView2<f32>,
    addend: Addend,
    c_rows: super::packed::Rows<*mut f32>,
    split: Option<SplitInto>,
) {
    use super::packed::{self, MR, NR, Rows};
    use super::packed512;
    use super::parallel::Shared;
    let (m, k) = a.dim();
    let n = b.ncols();
    let panels_data = packed::pack(b);
    let a_rows = Shared(Rows { ptr: a.as_ptr(), row_stride: a.strides()[0] as usize });
    let c_rows = Shared(c_rows);
    // parts of c, four per thread so that a slowed core leaves some to the other: blocks of
    // whole tiles of rows, or, for a wide c of few rows (note 001's logits), blocks of panels,
    // so that each part reads only its own share of b
    let parts = 4 * parallel::threads();
    let panels = n.div_ceil(NR);
    let wide = super::avx512();
    // blocks of whole tiles: 12 rows and two panels cover both kernels' tiles
    let (tile_rows, tile_panels) = if wide { (packed512::MR, packed512::PANELS) } else { (MR, 1) };
    // (a split needs each part's rows complete in every panel)
    let by_columns = panels >= 2 * parts && m <= n && split.is_none();
    let block = if by_columns {
        panels.div_ceil(parts).next_multiple_of(tile_panels)
    } else {
        m.div_ceil(parts).next_multiple_of(tile_rows)
    };
    let count = if by_columns { panels.div_ceil(block) } else { m.div_ceil(block) };
    parallel::for_each_part(count, |i| {
        let (rows, panel_range) = if by_columns {
            (0..m, i * block..((i + 1) * block).min(panels))
        } else {
            (i * block..((i + 1) * block).min(m), 0..panels)
        };
        // SAFETY: `packed` or `packed_new` checked AVX2 and FMA (`avx2_fma`), and `wide` only if
        // `avx512()` said the CPU has AVX-512F; that m, n, k > 0, that a's (and c's) rows are
        // contiguous at a non-negative stride, and that a `Dst` addend comes with k ≤ KC; they
        // asserted the shapes and the bias's length. a is a live (m, k) view for this whole call;
        // c is either a live (m, n) view borrowed mutably (`packed`) or the fresh capacity of m·n
        // values that `packed_new` owns, which the first slice of k stores without reading (see
        // `packed`'s module comment): either way it overlaps neither a nor b, nor any other row of
        // itself. `panels_data` is b packed; each part writes only its own block of rows or panels
        // of c, inside 0..m and 0..⌈n/16⌉, and with a split (rows only) its own rows of the split
        unsafe {
            packed::product_rows(
                alpha,
                a_rows.get(),
                &panels_data,
                (k, n),
                addend,
                c_rows.get(),
                (rows, panel_range),
                wide,
                &|done| {
                    if let Some(into) = split {
                        split_rows(c_rows.get(), n, done, into)
                    }
                },
            )
        }
    });
}

/// Rows `done` of c (n wide, complete) copied into the split (see `packed_new`).
#[cfg(target_arch = "x86_64")]
fn split_rows(
    c: super::packed::Rows<*mut f32>,
    n: usize,
    done: std::ops::Range<usize>,
    (into, tokens, heads): SplitInto,
) {
    let dk = n / heads;
    for i in done {
        let (batch, token) = (i / tokens, i % tokens);
        for h in 0..heads {
            // SAFETY: row i of c holds n = H·d_k values, complete (the block is done) and written
            // by no thread meanwhile; row (batch, h, token) of the split lies inside its m·n
            // values (batch < m/T, h < H, token < T), and only the part that owns row i of c
            // writes it; the split's Vec outlives the call
            unsafe {
                std::ptr::copy_nonoverlapping(
                    c.ptr.add(i * c.row_stride + h * dk),
                    into.get().add(((batch * heads + h) * tokens + token) * dk),
                    dk,
                )
            };
        }
    }
}

/// c = a (m, k) · b (k, n) + addend for a of at most `thin::MAX_ROWS` rows and b a transposed
/// nn.Linear weight (b[p, j] = W[j, p], W's rows contiguous), by the unpacked AVX2 + FMA kernel
/// (its AVX-512 form where `avx512()` says so) on the engine's threads: the same bits as `packed`
/// and `gemm` (tests/parallel_products.rs).
/// Returns false, having computed nothing, where it does not run: not `avx2_fma()`, alpha not
/// 1, a `Dst` addend, more rows, an empty side, or other strides.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub fn thin(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, addend: Addend, c: &mut ArrayViewMut2<f32>) -> bool {
    let (m, k) = a.dim();
    let n = b.ncols();
    assert_eq!(b.nrows(), k, "a (m, k) · b (k, n)");
    assert_eq!(c.dim(), (m, n), "c (m, n)");
    #[cfg(target_arch = "x86_64")]
    {
        let rows_forward = |strides: &[isize]| strides[1] == 1 && strides[0] >= 0;
        let bias = match addend {
            Addend::Nothing => None,
            Addend::Row(bias) => {
                assert_eq!(bias.len(), n, "a bias row of n");
                Some(bias.as_ptr())
            }
            Addend::Dst => return false,
        };
        let fits = super::avx2_fma()
            && alpha == 1.0
            && (1..=super::thin::MAX_ROWS).contains(&m)
            && n > 0
            && k > 0
            && rows_forward(a.strides())
            && rows_forward(c.strides())
            && b.strides()[0] == 1
            && b.strides()[1] > 0;
        if fits {
            let product = super::thin::Thin {
                a: a.as_ptr(),
                a_stride: a.strides()[0] as usize,
                w: b.as_ptr(),
                w_stride: b.strides()[1] as usize,
                bias,
                c: c.as_mut_ptr(),
                c_stride: c.strides()[0] as usize,
                m,
                k,
                n,
            };
            let wide = super::avx512();
            // SAFETY: `avx2_fma()` checked the CPU, and `avx512()` its AVX-512F if `wide`; a, b (W
            // transposed: row j of W is column j of b, k values one apart from b's pointer plus j
            // times its column stride) and c are live views of the shapes asserted above at the
            // strides given, c borrowed mutably (so it overlaps neither a nor b); the bias, when there is one, holds n values;
            // 1 ≤ m ≤ MAX_ROWS, k, n ≥ 1
            unsafe { super::thin::product(product, wide) };
            return true;
        }
    }
    false
}

/// c = alpha · a · b + beta · c by the `gemm` crate, for any strides; beta is 0 or 1.
pub fn gemm(
    alpha: f32,
    a: ArrayView2<f32>,
    b: ArrayView2<f32>,
    beta: f32,
    c: &mut ArrayViewMut2<f32>,
    parallelism: ::gemm::Parallelism,
) {
    let (m, k) = a.dim();
    let n = b.ncols();
    assert_eq!(b.nrows(), k, "a (m, k) · b (k, n)");
    assert_eq!(c.dim(), (m, n), "c (m, n)");
    let (a_rs, a_cs) = (a.strides()[0], a.strides()[1]);
    let (b_rs, b_cs) = (b.strides()[0], b.strides()[1]);
    let (c_rs, c_cs) = (c.strides()[0], c.strides()[1]);
    // SAFETY: the pointers and strides come from live ndarray views of exactly the shapes
    // asserted above, and c does not alias a or b (it is borrowed mutably)
    unsafe {
        ::gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            c_cs,
            c_rs,
            beta != 0.0,
            a.as_ptr(),
            a_cs,
            a_rs,
            b.as_ptr(),
            b_cs,
            b_rs,
            beta,
            alpha,
            false,
            false,
            false,
            parallelism,
        );
    }
}

/// A large product by the `gemm` crate, one block of rows per thread (each block packs b for
/// itself, so more blocks would cost more); the same bits as one call over all rows.
pub fn gemm_by_blocks(alpha: f32, a: ArrayView2<f32>, b: ArrayView2<f32>, beta: f32, c: &mut ArrayViewMut2<f32>) {
    let block = a.nrows().div_ceil(parallel::threads()).max(1);
    // each block of c's rows is taken by the one part that computes it
    let blocks: Vec<Mutex<Option<ArrayViewMut2<f32>>>> =
        c.axis_chunks_iter_mut(Axis(0), block).map(|rows| Mutex::new(Some(rows))).collect();
    parallel::for_each_part(blocks.len(), |i| {
        let taken = blocks[i].lock().map(|mut slot| slot.take());
        let mut c_rows = taken.ok().flatten().expect("each block is computed once");
        let rows = i * block..i * block + c_rows.nrows();
        gemm(alpha, a.slice(s![rows, ..]), b, beta, &mut c_rows, ::gemm::Parallelism::None);
    });
}
