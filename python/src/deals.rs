//! Deals in and out: `deals_to_array` (DDS's bit layout) and
//! `deals_to_pbn`.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;

use crate::batch::Split;
use crate::convert::{self, ErrorMode, Need};

/// Deals as an (n, 4, 4) uint32 array of DDS's bit layout (seats N, E, S,
/// W by suits S, H, D, C, the rank of value r at bit r).
///
/// >>> bits = deals_to_array(["N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"])
/// >>> bits.shape, bits.dtype.name, bin(int(bits[0, 0, 0]))  # North's spades: Q J 6
/// ((1, 4, 4), 'uint32', '0b1100001000000')
#[pyfunction]
pub(crate) fn deals_to_array<'py>(py: Python<'py>, deals: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let split = Split::new(py, convert::deals(deals, Need::Remaining)?, ErrorMode::Raise, "deal")?;
    let mut flat: Vec<u32> = Vec::with_capacity(split.good.len() * 16);
    for deal in &split.good {
        flat.extend(deal.to_dds_bits().iter().flatten());
    }
    Ok(PyArray1::from_vec(py, flat).reshape([split.good.len(), 4, 4])?.into_any())
}

/// Deals from an (n, 4, 4) array of DDS's bit layout (or any sequence of
/// deals) as PBN text, North first.
///
/// >>> deals_to_pbn(["E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98"])
/// ['N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3']
#[pyfunction]
pub(crate) fn deals_to_pbn(py: Python<'_>, deals: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let split = Split::new(py, convert::deals(deals, Need::Remaining)?, ErrorMode::Raise, "deal")?;
    Ok(split.good.iter().map(|d| d.to_string()).collect())
}
