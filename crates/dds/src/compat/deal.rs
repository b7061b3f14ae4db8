//! DDS's `deal` structure, its checks in DDS's order, SolveBoard's request
//! and its answer, `futureTricks`.

use dds_tt::TransTable;

use super::codes::*;
use crate::model::{Card, Deal, Rank, Seat, Suit};
use crate::{Board, Error, Solution, Solutions, Solver, Strain, Target};

/// The strain of DDS's `trump` (0 spades .. 3 clubs, 4 notrump).
///
/// ```
/// use dds::compat::strain;
/// use dds::Strain;
/// assert_eq!(strain(4), Some(Strain::NoTrump));
/// assert_eq!(strain(5), None);
/// ```
pub fn strain(trump: i32) -> Option<Strain> {
    usize::try_from(trump).ok().and_then(Strain::try_new)
}

/// The seat of DDS's hand number (0 North .. 3 West).
///
/// ```
/// use dds::compat::seat;
/// use dds::Seat;
/// assert_eq!(seat(3), Some(Seat::West));
/// assert_eq!(seat(-1), None);
/// ```
pub fn seat(hand: i32) -> Option<Seat> {
    usize::try_from(hand).ok().and_then(Seat::try_new)
}

/// A card from DDS's suit (0 spades .. 3 clubs) and rank (2 .. 14).
///
/// ```
/// use dds::compat::card;
/// assert_eq!(card(3, 10), Some("CT".parse()?));
/// assert_eq!(card(0, 1), None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn card(suit: i32, rank: i32) -> Option<Card> {
    let suit = usize::try_from(suit).ok().and_then(Suit::try_new)?;
    let rank = u8::try_from(rank).ok().and_then(Rank::try_new)?;
    Some(Card::new(suit, rank))
}

/// DDS's mask of one rank (rank `r` at bit `r - 2`, as DDS's `bitMapRank`).
fn rank_bit(rank: i32) -> u32 {
    if (2..=14).contains(&rank) {
        1 << (rank - 2)
    } else {
        0
    }
}

/// DDS's `struct deal` in plain integers, as a C caller fills it: a
/// position before any check. `remain_cards[hand][suit]` holds the cards
/// of hand 0-3 (N, E, S, W) in suit 0-3 (S, H, D, C), rank `r` at bit `r`;
/// the current trick's cards are `current_trick_suit[k]` and
/// `current_trick_rank[k]` (rank 0: no card), led by `first`.
///
/// ```
/// use dds::compat::{RawDeal, RETURN_CARD_COUNT, RETURN_SUIT_OR_RANK};
/// // West's ace of spades is led to the trick; North, East and South hold one spade each.
/// let mut raw = RawDeal { trump: 4, first: 3, ..RawDeal::default() };
/// raw.remain_cards = [[1 << 13, 0, 0, 0], [1 << 12, 0, 0, 0], [1 << 11, 0, 0, 0], [0; 4]];
/// raw.current_trick_suit[0] = 0;
/// raw.current_trick_rank[0] = 14;
/// let board = raw.board(-1)?;
/// assert_eq!(board.played()[0].to_string(), "SA");
/// // Without the led card, which the count of cards says was played: bad trick data.
/// raw.current_trick_rank[0] = 0;
/// assert_eq!(raw.board(-1), Err(RETURN_SUIT_OR_RANK));
/// // East's card gone as well: the hands' sizes do not fit.
/// raw.current_trick_rank[0] = 14;
/// raw.remain_cards[1][0] = 0;
/// assert_eq!(raw.board(-1), Err(RETURN_CARD_COUNT));
/// # Ok::<_, i32>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct RawDeal {
    /// The strain: 0 spades .. 3 clubs, 4 notrump.
    pub trump: i32,
    /// The seat that led to the current trick: 0 North .. 3 West.
    pub first: i32,
    /// The suits of the cards played to the current trick.
    pub current_trick_suit: [i32; 3],
    /// Their ranks (2 .. 14; 0 for none).
    pub current_trick_rank: [i32; 3],
    /// The cards held by hand and suit, rank `r` at bit `r`.
    pub remain_cards: [[u32; 4]; 4],
}

impl RawDeal {
    /// The position DDS checks for a table of `cards` (CalcDDtable's):
    /// spades, North first, no card in the trick.
    ///
    /// ```
    /// use dds::compat::RawDeal;
    /// let raw = RawDeal::table([[0; 4]; 4]);
    /// assert_eq!((raw.trump, raw.first, raw.current_trick_rank), (0, 0, [0; 3]));
    /// ```
    pub fn table(cards: [[u32; 4]; 4]) -> RawDeal {
        RawDeal { remain_cards: cards, ..RawDeal::default() }
    }

    /// DDS's checks of SolveBoard's arguments (`BoardRangeChecks`), in
    /// DDS's order: the target, `solutions`, the mode, the strain, the
    /// leader, the cards of the current trick (a card after a missing one
    /// is bad trick data) and the bits of the masks (below bit 2 or above
    /// bit 14: bad trick data too).
    ///
    /// ```
    /// use dds::compat::{RawDeal, RETURN_MODE_WRONG_HI, RETURN_TARGET_WRONG_LO, RETURN_TRUMP_WRONG};
    /// let raw = RawDeal { trump: 5, ..RawDeal::default() };
    /// assert_eq!(raw.range_checks(-1, 3, 3), Err(RETURN_MODE_WRONG_HI));
    /// assert_eq!(raw.range_checks(-2, 3, 3), Err(RETURN_TARGET_WRONG_LO));
    /// assert_eq!(raw.range_checks(-1, 3, 1), Err(RETURN_TRUMP_WRONG));
    /// ```
    pub fn range_checks(&self, target: i32, solutions: i32, mode: i32) -> Result<(), i32> {
        let checks = [
            (target < -1, RETURN_TARGET_WRONG_LO),
            (target > 13, RETURN_TARGET_WRONG_HI),
            (solutions < 1, RETURN_SOLNS_WRONG_LO),
            (solutions > 3, RETURN_SOLNS_WRONG_HI),
            (mode < 0, RETURN_MODE_WRONG_LO),
            (mode > 2, RETURN_MODE_WRONG_HI),
            (!(0..=4).contains(&self.trump), RETURN_TRUMP_WRONG),
            (!(0..=3).contains(&self.first), RETURN_FIRST_WRONG),
        ];
        if let Some(&(_, code)) = checks.iter().find(|(fails, _)| *fails) {
            return Err(code);
        }
        let mut seen = [false; 3];
        let trick = self.current_trick_rank.iter().zip(&self.current_trick_suit);
        for (seen, (&rank, &suit)) in seen.iter_mut().zip(trick) {
            if rank == 0 {
                continue;
            }
            *seen = true;
            if !(2..=14).contains(&rank) || !(0..=3).contains(&suit) {
                return Err(RETURN_SUIT_OR_RANK);
            }
        }
        // A card given after a missing one.
        if (seen[2] && !seen[1]) || (seen[1] && !seen[0]) {
            return Err(RETURN_SUIT_OR_RANK);
        }
        let bad_bits = self.remain_cards.iter().flatten().any(|&c| c != 0 && !(0x0004..0x8000).contains(&c));
        if bad_bits {
            return Err(RETURN_SUIT_OR_RANK);
        }
        Ok(())
    }

    /// DDS's checks of the cards (`BoardValueChecks`), in DDS's order, then
    /// the position, once [`RawDeal::range_checks`] has passed: the count
    /// of cards (none, more than 52), `target` against DDS's count of the
    /// tricks left, the hands' sizes (with the cards the count says were
    /// played to the trick), a played card still held, a card held twice.
    /// DDS ignores bits 0 and 1 of a mask. A fault the solver finds beyond
    /// DDS's checks has the code [`code_of`] gives it.
    ///
    /// ```
    /// use dds::compat::{RawDeal, RETURN_DUPLICATE_CARDS, RETURN_TARGET_TOO_HIGH};
    /// let mut raw = RawDeal::table([[1 << 14, 0, 0, 0], [1 << 13, 0, 0, 0], [1 << 12, 0, 0, 0], [1 << 11, 0, 0, 0]]);
    /// assert_eq!(raw.board(1)?.tricks_left(), 1);
    /// assert_eq!(raw.board(2), Err(RETURN_TARGET_TOO_HIGH));
    /// raw.remain_cards[3][0] = 1 << 14;
    /// assert_eq!(raw.board(-1), Err(RETURN_DUPLICATE_CARDS));
    /// # Ok::<_, i32>(())
    /// ```
    pub fn board(&self, target: i32) -> Result<Board, i32> {
        // DDS ignores bits 0 and 1 of a mask.
        let cards = self.remain_cards.map(|hand| hand.map(|c| c & 0x7ffc));
        let count: i32 = cards.iter().flatten().map(|c| c.count_ones() as i32).sum();
        if count <= 0 {
            return Err(RETURN_ZERO_CARDS);
        }
        if count > 52 {
            return Err(RETURN_TOO_MANY_CARDS);
        }
        // DDS's count of the tricks left, the current trick included.
        let total_tricks = if count % 4 != 0 { ((count - 4) >> 2) + 2 } else { ((count - 4) >> 2) + 1 };
        if total_tricks < target {
            return Err(RETURN_TARGET_TOO_HIGH);
        }
        // The cards played to the current trick, as the count of cards tells.
        let played = ((52 - count) % 4) as usize;
        let mut per_hand = [0i32; 4];
        for k in 0..played {
            per_hand[(self.first as usize + k) % 4] = 1;
        }
        for (h, hand) in cards.iter().enumerate() {
            per_hand[h] += hand.iter().map(|c| c.count_ones() as i32).sum::<i32>();
        }
        if per_hand.iter().any(|&n| n != per_hand[0]) {
            return Err(RETURN_CARD_COUNT);
        }
        for k in 0..played {
            // Only the suits of real cards index the hands (DDS reads
            // whatever is there; a missing card has no rank bit and
            // matches nothing).
            let Ok(suit) = usize::try_from(self.current_trick_suit[k]) else { continue };
            let all = cards.iter().map(|hand| hand.get(suit).copied().unwrap_or(0)).fold(0, |a, b| a | b);
            if (all >> 2) & rank_bit(self.current_trick_rank[k]) != 0 {
                return Err(RETURN_PLAYED_CARD);
            }
        }
        for suit in 0..4 {
            let mut seen = 0u32;
            for hand in &cards {
                if seen & hand[suit] != 0 {
                    return Err(RETURN_DUPLICATE_CARDS);
                }
                seen |= hand[suit];
            }
        }
        let remaining = Deal::from_dds_bits(&cards).ok_or(RETURN_SUIT_OR_RANK)?;
        let trick: Option<Vec<Card>> =
            (0..played).map(|k| card(self.current_trick_suit[k], self.current_trick_rank[k])).collect();
        let trick = trick.ok_or(RETURN_SUIT_OR_RANK)?;
        let strain = strain(self.trump).ok_or(RETURN_TRUMP_WRONG)?;
        let leader = seat(self.first).ok_or(RETURN_FIRST_WRONG)?;
        Board::new(&remaining, strain, leader, &trick).map_err(|e| code_of(&e))
    }

    /// SolveBoard's request, checked as DDS checks it
    /// ([`RawDeal::range_checks`], then [`RawDeal::board`]).
    ///
    /// ```
    /// use dds::compat::{RawDeal, RETURN_SOLNS_WRONG_HI};
    /// use dds::{Solutions, Target};
    /// let raw = RawDeal::table([[1 << 14, 0, 0, 0], [1 << 13, 0, 0, 0], [1 << 12, 0, 0, 0], [1 << 11, 0, 0, 0]]);
    /// let request = raw.request(-1, 3, 0)?;
    /// assert_eq!((request.target, request.solutions, request.skip_forced), (Target::Max, Solutions::All, true));
    /// assert_eq!(raw.request(-1, 4, 0).err(), Some(RETURN_SOLNS_WRONG_HI));
    /// # Ok::<_, i32>(())
    /// ```
    pub fn request(&self, target: i32, solutions: i32, mode: i32) -> Result<SolveRequest, i32> {
        self.range_checks(target, solutions, mode)?;
        let board = self.board(target)?;
        // In range: `range_checks` has refused any other number.
        let goal = Target::from_dds(i64::from(target)).ok_or(RETURN_TARGET_WRONG_HI)?;
        let solutions = Solutions::from_dds(i64::from(solutions)).ok_or(RETURN_SOLNS_WRONG_HI)?;
        Ok(SolveRequest { board, target: goal, solutions, skip_forced: mode == 0 })
    }
}

/// DDS's checks of a deal for a table (CalcDDtable's: those of SolveBoard
/// for [`RawDeal::table`], no target), then the deal: the cards held,
/// hands of any equal size.
///
/// ```
/// use dds::compat::{table_deal, RETURN_CARD_COUNT};
/// let deal = table_deal(&[[1 << 14, 0, 0, 0], [1 << 13, 0, 0, 0], [1 << 12, 0, 0, 0], [1 << 11, 0, 0, 0]])?;
/// assert_eq!(deal.to_string(), "N:A... K... Q... J...");
/// assert_eq!(table_deal(&[[1 << 14, 0, 0, 0], [0; 4], [0; 4], [0; 4]]), Err(RETURN_CARD_COUNT));
/// # Ok::<_, i32>(())
/// ```
pub fn table_deal(cards: &[[u32; 4]; 4]) -> Result<Deal, i32> {
    let raw = RawDeal::table(*cards);
    raw.range_checks(-1, 1, 1)?;
    Ok(raw.board(-1)?.remaining())
}

/// A position with SolveBoard's other arguments, checked
/// ([`RawDeal::request`]) and ready to solve.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SolveRequest {
    /// The position.
    pub board: Board,
    /// DDS's `target`.
    pub target: Target,
    /// DDS's `solutions`.
    pub solutions: Solutions,
    /// DDS's mode 0: a forced card is not searched (its score is -2).
    pub skip_forced: bool,
}

impl SolveRequest {
    /// Solves the request on `solver`, as DDS's mode asks (the solver's
    /// own setting is off again afterwards).
    ///
    /// ```
    /// use dds::compat::RawDeal;
    /// use dds::Solver;
    /// // Two tricks: each hand holds the ace and king of a suit of its own.
    /// let raw = RawDeal::table([[3 << 13, 0, 0, 0], [0, 3 << 13, 0, 0], [0, 0, 3 << 13, 0], [0, 0, 0, 3 << 13]]);
    /// let mut solver = Solver::new();
    /// // Mode 0: North's one choice (the ace, the king equal to it) is not searched.
    /// let solution = raw.request(-1, 3, 0)?.solve(&mut solver).map_err(|_| -1)?;
    /// assert_eq!(solution.cards[0].tricks, None);
    /// let solution = raw.request(-1, 3, 1)?.solve(&mut solver).map_err(|_| -1)?;
    /// assert_eq!(solution.cards[0].tricks, Some(2));
    /// # Ok::<_, i32>(())
    /// ```
    pub fn solve<T: TransTable>(&self, solver: &mut Solver<T>) -> Result<Solution, Error> {
        solver.set_skip_forced(self.skip_forced);
        let answer = solver.solve_board(&self.board, self.target, self.solutions);
        solver.set_skip_forced(false);
        answer
    }
}

/// DDS's `struct futureTricks`, SolveBoard's answer, in plain integers:
/// `cards` cards listed, with their suits (0-3), ranks (2-14), the lower
/// cards equivalent to each (a rank mask, rank `r` at bit `r`) and their
/// scores (tricks for the side to play; -2: a forced card not searched,
/// mode 0), 0 beyond `cards`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct FutureTricks {
    /// Search nodes (this solver's, not DDS's).
    pub nodes: i32,
    /// Cards listed.
    pub cards: i32,
    /// Their suits (0 spades .. 3 clubs).
    pub suit: [i32; 13],
    /// Their ranks (2 .. 14).
    pub rank: [i32; 13],
    /// The equivalent lower cards of each, rank `r` at bit `r`.
    pub equals: [i32; 13],
    /// Tricks for the side to play, -2 for a forced card not searched.
    pub score: [i32; 13],
}

impl FutureTricks {
    /// DDS's answer of `solution` for `target`. With no card reaching the
    /// target, `cards` is 0 and `score[0]` -1 (0 for a target of 0 or 1:
    /// no card reaching 1 means no trick at all).
    ///
    /// ```
    /// use dds::compat::{FutureTricks, RawDeal};
    /// use dds::{Solution, Solver, Target};
    /// let raw = RawDeal::table([[1 << 14, 0, 0, 0], [1 << 13, 0, 0, 0], [1 << 12, 0, 0, 0], [1 << 11, 0, 0, 0]]);
    /// let solution = raw.request(-1, 3, 1)?.solve(&mut Solver::new()).map_err(|_| -1)?;
    /// let fut = FutureTricks::new(&solution, Target::Max);
    /// assert_eq!((fut.cards, fut.suit[0], fut.rank[0], fut.score[0]), (1, 0, 14, 1));
    /// let none = Solution { cards: Vec::new(), forced: false, nodes: 0 };
    /// assert_eq!(FutureTricks::new(&none, Target::AtLeast(2)).score[0], -1);
    /// # Ok::<_, i32>(())
    /// ```
    pub fn new(solution: &Solution, target: Target) -> FutureTricks {
        let mut fut = FutureTricks { nodes: i32::try_from(solution.nodes).unwrap_or(i32::MAX), ..Default::default() };
        fut.cards = solution.cards.len().min(13) as i32;
        for (i, c) in solution.cards.iter().take(13).enumerate() {
            let suit = c.card.suit();
            fut.suit[i] = suit.index() as i32;
            fut.rank[i] = i32::from(c.card.rank().value());
            fut.equals[i] = c.equals.holding(suit).to_dds_bits() as i32;
            fut.score[i] = c.tricks.map_or(-2, i32::from);
        }
        if solution.cards.is_empty() {
            fut.score[0] = if matches!(target, Target::AtLeast(t) if t > 1) { -1 } else { 0 };
        }
        fut
    }
}
