//! Sure tricks: counts that settle a node before its moves are searched.
//!
//! At the start of a trick, in the search's order:
//!
//! 1. [`quick_tricks()`] (DDS's `QuickTricks`): the tricks the side on lead
//!    can cash at once;
//! 2. [`later_tricks`] (DDS's `LaterTricks`): the tricks the other side
//!    surely takes sooner or later;
//! 3. [`sure_trump_tricks`] (after bridge-solver): both sides' trump tricks,
//!    and the side on lead's fast tricks (`fast`).
//!
//! After the lead, [`quick_second_hand`] (DDS's `QuickTricksSecondHand`)
//! asks whether the second hand's side surely wins the trick. All of them
//! read the node's cards from one [`Unpacked`] (`unpack`, with the lane
//! helpers they share), and answer with the winning ranks they depend on.

mod fast;
mod later;
mod quick_tricks;
mod second_hand;
mod sure_trump;
#[cfg(test)]
mod testing;
mod unpack;

pub(crate) use later::later_tricks;
pub(crate) use quick_tricks::quick_tricks;
pub(crate) use second_hand::quick_second_hand;
pub(crate) use sure_trump::sure_trump_tricks;
pub(crate) use unpack::Unpacked;
