//! The vocabulary of contract bridge: seats, suits, ranks, cards, hands,
//! deals, PBN text, contracts and scores, and a seeded random generator
//! for shuffles and samples.
//!
//! A bridge tool can depend on this crate alone. It knows nothing about
//! search, lookup tables or transposition tables, and its only dependency is
//! `bitflags`.
//!
//! Index orders are DDS's, so results cross-check without remapping: suits
//! and strains S, H, D, C, NT (0..4); seats N, E, S, W (0..3); rank values
//! 2..14.
//!
//! ```
//! use dds_model::{Deal, Seat, Suit, Rank, Card};
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let ace_of_spades = Card::new(Suit::Spades, Rank::Ace);
//! assert_eq!(deal.owner(ace_of_spades), Some(Seat::West));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod auction;
mod by;
mod card;
mod contract;
mod dds_hands;
mod deal;
mod error;
mod gib;
mod hand;
mod holding;
mod input_format;
mod lin;
mod pbn_file;
mod pbn_results;
mod rank;
mod recorded;
mod rng;
mod score;
mod seat;
mod suit;
mod vulnerability;

pub use auction::{Auction, AuctionError, AuctionOutcome, Call};
pub use by::{BySeat, ByStrain, BySuit};
pub use card::Card;
pub use dds_hands::{DdsHandField, DdsHandLine, DdsHandLineError};
pub use deal::{Deal, PbnDeal};
pub use error::{DealError, DealErrorKinds, ParseCardsError, ParseDealError, ParseError, PositionError};
pub use gib::gib_line;
pub use hand::{Hand, HandIter};
pub use holding::{Holding, HoldingIter};
pub use input_format::InputFormat;
pub use lin::{is_lin, parse_lin, LinBoard, LinError};
pub use rank::Rank;
pub use recorded::{trick_winner, RecordError, RecordedPlay};
pub use rng::SplitMix64;
pub use seat::{Seat, Side};
pub use suit::{Strain, Suit};

pub use contract::{Contract, Level, Penalty};
pub use pbn_file::{
    PbnCarry, PbnCharset, PbnFile, PbnFileError, PbnGame, PbnRecord, PbnRecordError, PbnRecords, PbnTag, PbnTagError,
    RunawayComment,
};
pub use pbn_results::{
    double_dummy_tricks, optimum_result_table, parse_double_dummy_tricks, parse_optimum_result_table, ParseTricksError,
    OPTIMUM_RESULT_TABLE_COLUMNS,
};
pub use score::{duplicate_score, score_ns};
pub use vulnerability::{dealer_for_board, Vulnerability};
