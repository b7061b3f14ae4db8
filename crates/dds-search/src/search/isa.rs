//! The search's recursion compiled twice: once for every processor of the
//! target (the portable code) and, on x86-64, once more with x86-64-v3's
//! features (AVX2, BMI1, BMI2, LZCNT, FMA, MOVBE: processors since 2013),
//! chosen at run time.
//!
//! Rust gives a function a processor feature only with
//! `#[target_feature]`, and the functions it calls get it only where they
//! are inlined into it. So each function of the recursion (a node at a
//! trick boundary, a seat's move loop) is a body marked
//! `#[inline(always)]` (`Searcher::search_lead_in` and the rest), generic
//! over the code it runs in, [`Isa`], and each [`Isa`] wraps the bodies in
//! functions of its own that carry its features. A body calls the next
//! function through its [`Isa`], so a search that starts in one code stays
//! in it. The quick tricks, the weighing and the table's probe and store
//! are inlined into the bodies (`#[inline(always)]`), so they run in the
//! code too.
//!
//! The portable code runs where the processor lacks a feature, where the
//! environment variable `DDSRS_PORTABLE` is set (to rule out this choice
//! when chasing a problem), and for a searcher told so
//! ([`Searcher::set_portable`]). Both codes take the same nodes and give
//! the same answers.

use std::sync::OnceLock;

use dds_model::Card;
use dds_tt::TransTable;

use super::{Searcher, Tricks};
use crate::position::Position;

/// The code of the search's recursion for one instruction set.
///
/// # Safety
///
/// Each function may be called only on a processor with the set's
/// features.
pub(super) trait Isa {
    /// `Searcher::search_in`: a node.
    unsafe fn search<T: TransTable>(s: &mut Searcher<T>, pos: &Position, target: Tricks) -> (bool, u64);
    /// `Searcher::search_lead_in`: a node at a trick boundary.
    unsafe fn search_lead<T: TransTable>(s: &mut Searcher<T>, pos: &Position, target: Tricks) -> (bool, u64);
    /// `Searcher::move_loop_in`: the move loop of the seat `C` cards into
    /// the trick.
    unsafe fn move_loop<T: TransTable, const C: u8>(s: &mut Searcher<T>, pos: &Position, target: Tricks)
        -> (bool, u64);
    /// `Searcher::complete_trick`: `pos`'s fourth seat plays `card`.
    unsafe fn complete_trick<T: TransTable>(s: &mut Searcher<T>, pos: &Position, card: Card, target: Tricks) -> bool;
}

/// The code every processor of the target runs (on x86-64, the
/// workspace's x86-64-v2 or whatever the build chose).
pub(super) struct Portable;

/// The wrappers of one [`Isa`], each carrying the attributes given (the
/// code's target features): written once, so that the codes cannot differ
/// in anything but their features.
macro_rules! isa_wrappers {
    ($isa:ty $(, #[$attr:meta])*) => {
        impl Isa for $isa {
            $(#[$attr])*
            unsafe fn search<T: TransTable>(s: &mut Searcher<T>, pos: &Position, target: Tricks) -> (bool, u64) {
                s.search_in::<Self>(pos, target)
            }
            $(#[$attr])*
            unsafe fn search_lead<T: TransTable>(s: &mut Searcher<T>, pos: &Position, target: Tricks) -> (bool, u64) {
                s.search_lead_in::<Self>(pos, target)
            }
            $(#[$attr])*
            unsafe fn move_loop<T: TransTable, const C: u8>(
                s: &mut Searcher<T>,
                pos: &Position,
                target: Tricks,
            ) -> (bool, u64) {
                s.move_loop_in::<Self, C>(pos, target)
            }
            $(#[$attr])*
            unsafe fn complete_trick<T: TransTable>(
                s: &mut Searcher<T>,
                pos: &Position,
                card: Card,
                target: Tricks,
            ) -> bool {
                s.complete_trick::<Self>(pos, card, target, pos.held()).0
            }
        }
    };
}

isa_wrappers!(Portable);

/// x86-64-v3's code.
#[cfg(target_arch = "x86_64")]
pub(super) struct V3;

/// Whether this processor runs [`V3`]'s code, and the environment does not
/// ask for the portable one: found once a process.
pub(super) fn v3_detected() -> bool {
    static DETECTED: OnceLock<bool> = OnceLock::new();
    *DETECTED.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        let features = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("movbe");
        #[cfg(not(target_arch = "x86_64"))]
        let features = false;
        features && std::env::var_os("DDSRS_PORTABLE").is_none()
    })
}

// The features of x86-64-v3 that code generation uses (with those of v2
// below them), as `v3_detected` checks them.
#[cfg(target_arch = "x86_64")]
isa_wrappers!(V3, #[target_feature(enable = "avx,avx2,bmi1,bmi2,lzcnt,popcnt,fma,movbe,sse4.1,sse4.2,ssse3")]);
