//! DDS's answers beyond one search: the table of a deal with fewer than 13
//! cards a hand, and AnalysePlay (its counting of the play, its values).

use dds_tt::TransTable;

use super::codes::{code_of, RETURN_PLAY_FAULT};
use super::deal::{card, RawDeal};
use super::text::RawPlay;
use crate::model::{BySeat, ByStrain, Deal, Seat, Side};
use crate::{Board, Solutions, Solver, Strain, Target};

/// Declarer's tricks by strain and seat, for the strains asked (`None` for
/// the others).
pub type StrainTricks = ByStrain<Option<BySeat<u8>>>;

/// DDS 2.9's table of a deal with fewer than 13 cards a hand (equal hands;
/// CalcDDtable on a deal of 13 a hand is an ordinary table): for each
/// strain asked and each leader, declarer (the leader's right-hand
/// opponent) gets 13 less the leader's side's tricks, as DDS 2.9 counts
/// them. Each position is solved on `solver`; an error is DDS's status
/// code ([`code_of`]).
///
/// ```
/// use dds::compat::short_deal_table;
/// use dds::model::{Deal, Seat};
/// use dds::{Solver, Strain};
/// let deal: Deal = "N:A... K... Q... J...".parse()?;
/// let table = short_deal_table(&mut Solver::new(), &deal, &[Strain::NoTrump]).map_err(|_| "a status code")?;
/// let row = table[Strain::NoTrump].ok_or("no row")?;
/// // West leads (North declares): West's side takes no trick, North 13 less none.
/// assert_eq!(row[Seat::North], 13);
/// // North leads and wins: West declares 13 less one.
/// assert_eq!(row[Seat::West], 12);
/// assert!(table[Strain::Spades].is_none());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn short_deal_table<T: TransTable>(
    solver: &mut Solver<T>,
    deal: &Deal,
    strains: &[Strain],
) -> Result<StrainTricks, i32> {
    let mut tricks: StrainTricks = ByStrain::from_fn(|_| None);
    for &strain in strains {
        let mut row = BySeat([0u8; 4]);
        for leader in Seat::ALL {
            let board = Board::new(deal, strain, leader, &[]).map_err(|e| code_of(&e))?;
            let best = solver.solve_board(&board, Target::Max, Solutions::One).map_err(|e| code_of(&e))?;
            let defenders = best.cards.first().and_then(|c| c.tricks).unwrap_or(0);
            row[leader.prev()] = 13u8.saturating_sub(defenders);
        }
        tricks[strain] = Some(row);
    }
    Ok(tricks)
}

/// How much of a play DDS's AnalysePlay analyses, and the count it
/// reports: DDS counts the play's `number` cards from the start of the
/// current trick (the cards already in it included, though the play holds
/// only the cards after them) and stops before the last trick, whose
/// result is forced.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PlayCount {
    /// The cards of the play analysed, from its first.
    pub analysed: usize,
    /// DDS's `solvedPlay.number`: the values reported, the one before the
    /// play included; 0 or less when the play ends inside the cards
    /// already in the trick.
    pub number: i32,
}

impl PlayCount {
    /// The count of a play of `cards` cards from `board`; more than 52
    /// cards (or fewer than none) is [`RETURN_PLAY_FAULT`].
    ///
    /// ```
    /// use dds::compat::PlayCount;
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// // Two tricks left, one card in the trick: 4 + 3 cards counted, 3 of them after the trick's.
    /// let board = Board::from_pbn("N:A2... K3... Q4... J...", Strain::NoTrump, Seat::West, &["S5".parse()?])?;
    /// assert_eq!(PlayCount::new(&board, 8), Ok(PlayCount { analysed: 3, number: 4 }));
    /// assert_eq!(PlayCount::new(&board, 0), Ok(PlayCount { analysed: 0, number: 0 }));
    /// assert!(PlayCount::new(&board, 53).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(board: &Board, cards: i32) -> Result<PlayCount, i32> {
        let n = usize::try_from(cards).map_err(|_| RETURN_PLAY_FAULT)?;
        if n > 52 {
            return Err(RETURN_PLAY_FAULT);
        }
        let in_trick = board.played().len();
        let counted = n.min(4 * (usize::from(board.tricks_left()) - 1));
        let analysed = counted.saturating_sub(in_trick);
        Ok(PlayCount { analysed, number: counted as i32 + 1 - in_trick as i32 })
    }
}

/// DDS's `struct solvedPlay` in plain integers: declarer's side's tricks
/// before the play and after each card analysed (`number` values, 0
/// beyond them).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct SolvedPlay {
    /// DDS's count ([`PlayCount::number`]).
    pub number: i32,
    /// The values.
    pub tricks: [i32; 53],
}

/// Declarer's side's tricks from `board` on (its current trick included).
fn declarer_tricks<T: TransTable>(solver: &mut Solver<T>, board: &Board, declarer: Side) -> Result<u8, i32> {
    let best = solver.solve_board(board, Target::Max, Solutions::One).map_err(|e| code_of(&e))?;
    let to_play = best.cards.first().and_then(|c| c.tricks).unwrap_or(0);
    Ok(if board.to_play().side() == declarer { to_play } else { board.tricks_left() - to_play })
}

impl RawDeal {
    /// DDS's AnalysePlay (`AnalysePlayBin`): declarer's side's tricks
    /// (declarer on the right of `first`) before the play and after each
    /// card analysed ([`PlayCount`]), on `solver`. The position is checked
    /// as SolveBoard checks it; each card must be held by the seat to play
    /// ([`RETURN_PLAY_FAULT`] otherwise), and, as in DDS, a revoke is
    /// analysed as played.
    ///
    /// ```
    /// use dds::compat::{read_pbn, read_play_pbn, RawDeal};
    /// use dds::Solver;
    /// let cards = read_pbn(b"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")?;
    /// let raw = RawDeal { trump: 0, first: 0, remain_cards: cards, ..RawDeal::default() };
    /// let solved = raw.analyse_play(&read_play_pbn(4, b"CTC4CACJ")?, &mut Solver::new())?;
    /// assert_eq!(solved.tricks[..solved.number as usize], [8, 8, 8, 8, 8]);
    /// # Ok::<_, i32>(())
    /// ```
    pub fn analyse_play<T: TransTable>(&self, play: &RawPlay, solver: &mut Solver<T>) -> Result<SolvedPlay, i32> {
        self.range_checks(-1, 1, 1)?;
        let mut board = self.board(-1)?;
        let count = PlayCount::new(&board, play.number)?;
        let declarer = board.leader().prev().side();
        let mut out = SolvedPlay { number: count.number, tricks: [0; 53] };
        out.tricks[0] = i32::from(declarer_tricks(solver, &board, declarer)?);
        let mut won = 0u8;
        for i in 0..count.analysed {
            let card = card(play.suit[i], play.rank[i]).ok_or(RETURN_PLAY_FAULT)?;
            // As DDS: the card must be held; a revoke is analysed as played.
            let next = board.after_held(card).map_err(|_| RETURN_PLAY_FAULT)?;
            if next.tricks_left() < board.tricks_left() && next.leader().side() == declarer {
                won += 1;
            }
            board = next;
            out.tricks[i + 1] = i32::from(won + declarer_tricks(solver, &board, declarer)?);
        }
        Ok(out)
    }
}
