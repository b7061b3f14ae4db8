//! DDS 2.9's C conventions: what a front-end that answers as DDS's C
//! library (`dll.h`) needs beyond the solver, in plain Rust integers, so
//! that the C library (`dds-capi`) and the Python compatibility modules
//! (`ddsrs.endplay`, `ddsrs.dds3`) share one copy.
//!
//! * DDS's status codes (`RETURN_*`, with DDS's values), their texts
//!   ([`message`], [`message_c`]: `ErrorMessage`'s) and the code of a
//!   solver error ([`code_of`]).
//! * DDS's `deal` ([`RawDeal`]) with SolveBoard's checks in DDS's order
//!   ([`RawDeal::range_checks`], [`RawDeal::board`]), so a bad input gets
//!   the code DDS gives it; the checked request ([`SolveRequest`]) and its
//!   answer as DDS's `futureTricks` ([`FutureTricks`]); the checks of a
//!   table's deal ([`table_deal`]).
//! * DDS's lenient readers of text: a PBN deal ([`read_pbn`]) and a play
//!   ([`read_play_pbn`], into [`RawPlay`]).
//! * DDS 2.9's answers where they are its own: the table of a deal with
//!   fewer than 13 cards a hand ([`short_deal_table`]) and AnalysePlay
//!   ([`PlayCount`], [`RawDeal::analyse_play`], [`SolvedPlay`]).
//! * DDS's par in numbers: DDS's table and vulnerability codes ([`dd_table`],
//!   [`vulnerability`]) and the answers of `DealerParBin` and `SidesParBin`
//!   ([`ParResultsMaster`], [`ContractType`]).
//!
//! Errors are DDS's status codes (`i32`), as the C library returns them.
//!
//! ```
//! use dds::compat::{message, read_pbn, FutureTricks, RawDeal, RETURN_SUIT_OR_RANK};
//! use dds::Solver;
//! let cards = read_pbn(b"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")?;
//! let raw = RawDeal { trump: 0, first: 0, remain_cards: cards, ..RawDeal::default() };
//! // SolveBoard(raw, target -1, solutions 1, mode 1): North's best lead takes 5 tricks.
//! let request = raw.request(-1, 1, 1)?;
//! let solution = request.solve(&mut Solver::new()).map_err(|e| dds::compat::code_of(&e))?;
//! let fut = FutureTricks::new(&solution, request.target);
//! assert_eq!((fut.cards, fut.score[0]), (1, 5));
//! // One card fewer for North: DDS counts it as led to the trick, where no card is given.
//! let mut short = raw;
//! short.remain_cards[0][0] &= !(1 << 12);
//! assert_eq!(short.request(-1, 1, 1).err(), Some(RETURN_SUIT_OR_RANK));
//! assert_eq!(message(RETURN_SUIT_OR_RANK), "currentTrickSuit or currentTrickRank has wrong data");
//! # Ok::<_, i32>(())
//! ```

mod codes;
mod deal;
mod par;
mod play;
mod text;

pub use codes::*;
pub use deal::{card, seat, strain, table_deal, FutureTricks, RawDeal, SolveRequest};
pub use par::{dd_table, vulnerability, ContractType, ParResultsMaster};
pub use play::{short_deal_table, PlayCount, SolvedPlay, StrainTricks};
pub use text::{read_pbn, read_play_pbn, RawPlay};
