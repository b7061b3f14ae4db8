//! The auction: calls (`Call`), the rules of the bidding (a bid must be
//! higher than the last, a double must be of the opponents' undoubled bid,
//! a redouble of the opponents' double, three passes end the auction) and
//! the final contract with its declarer (`Auction::outcome`).

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::{Contract, Level, Penalty, Seat, Strain};

/// One call of an auction: a pass, a double, a redouble or a bid.
///
/// The text is `P`, `X`, `XX`, or the level and strain of a bid (`1S`,
/// `3NT`). Parsing accepts, in any case: `P` or `Pass`; `X`, `D`, `Dbl` or
/// `Double` for a double; `XX`, `R`, `Rdbl` or `Redouble` for a redouble;
/// a bid with `N` or `NT` for no trump; and ignores the alert marks (`!`,
/// `*`) after a call, as BBO's LIN and PBN write them.
///
/// ```
/// use dds_model::{Call, Level, Strain};
/// assert_eq!("1s".parse::<Call>()?, Call::Bid(Level::new(1), Strain::Spades));
/// assert_eq!("2n!".parse::<Call>()?.to_string(), "2NT");
/// assert_eq!("p".parse::<Call>()?, Call::Pass);
/// assert_eq!("d".parse::<Call>()?, Call::Double);
/// assert_eq!("r".parse::<Call>()?, Call::Redouble);
/// assert_eq!(Call::Redouble.to_string(), "XX");
/// assert!("8S".parse::<Call>().is_err());
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// A bid: a level and a strain.
    Bid(Level, Strain),
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("P"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(level, strain) => write!(f, "{level}{strain}"),
        }
    }
}

impl FromStr for Call {
    type Err = ParseError;

    /// See the type's documentation for the accepted forms.
    fn from_str(s: &str) -> Result<Call, ParseError> {
        let word = s.trim().trim_end_matches(['!', '*']).to_ascii_uppercase();
        match word.as_str() {
            "P" | "PASS" => Ok(Call::Pass),
            "X" | "D" | "DBL" | "DOUBLE" => Ok(Call::Double),
            "XX" | "R" | "RDBL" | "REDOUBLE" => Ok(Call::Redouble),
            _ => {
                let level = word.get(..1).ok_or(ParseError::Call)?.parse::<Level>().map_err(|_| ParseError::Call)?;
                let strain = match word.get(1..) {
                    Some("N") => Strain::NoTrump,
                    Some(rest) => rest.parse::<Strain>().map_err(|_| ParseError::Call)?,
                    None => return Err(ParseError::Call),
                };
                Ok(Call::Bid(level, strain))
            }
        }
    }
}

/// Why a sequence of calls is not an auction.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum AuctionError {
    /// A call that is not a call (`index` from 0, `text` as written).
    NotACall {
        /// The call's place in the auction, from 0.
        index: usize,
        /// The text.
        text: String,
    },
    /// A call the rules do not allow at that point: a bid not higher than
    /// the last, a double of no bid of the opponents' (or of one already
    /// doubled), a redouble of no double of the opponents'.
    NotAllowed {
        /// The call's place in the auction, from 0.
        index: usize,
        /// The call.
        call: Call,
        /// The seat that made it.
        seat: Seat,
    },
    /// A call after the auction ended (three passes after a bid, or four
    /// passes).
    AfterTheEnd {
        /// The call's place in the auction, from 0.
        index: usize,
    },
}

impl fmt::Display for AuctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuctionError::NotACall { index, text } => {
                write!(
                    f,
                    "call {} of the auction, {text:?}, is not a call (expected P, X, XX or a bid such as 1S)",
                    index + 1
                )
            }
            AuctionError::NotAllowed { index, call, seat } => {
                let why = match call {
                    Call::Bid(..) => "not higher than the bid before it",
                    Call::Double => "not after a bid of the opponents' that is not doubled",
                    Call::Redouble => "not after a double of the opponents'",
                    Call::Pass => "not allowed",
                };
                write!(f, "call {} of the auction, {}'s {call}, is {why}", index + 1, seat.name())
            }
            AuctionError::AfterTheEnd { index } => {
                write!(f, "call {} of the auction comes after the auction ended", index + 1)
            }
        }
    }
}

impl std::error::Error for AuctionError {}

/// How an auction ends.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AuctionOutcome {
    /// The auction is not over.
    Unfinished,
    /// Four passes: no contract.
    PassedOut,
    /// The final contract, with its declarer.
    Contract(Contract),
}

/// An auction: the dealer and the calls in order, checked against the
/// rules of the bidding.
///
/// The declarer is the player of the side that won the contract who
/// first named its strain.
///
/// ```
/// use dds_model::{Auction, AuctionOutcome, Call, Seat};
/// let calls: Vec<Call> = ["1S", "P", "2H", "X", "P", "P", "2S", "P", "4S", "X", "P", "P", "P"]
///     .iter()
///     .map(|c| c.parse())
///     .collect::<Result<_, _>>()?;
/// // North deals and opens 1S; South bids spades last, but North named them first.
/// let auction = Auction::new(Seat::North, calls)?;
/// let AuctionOutcome::Contract(contract) = auction.outcome() else { panic!("a contract") };
/// assert_eq!(contract.to_string(), "4SX by N");
/// let passed = Auction::new(Seat::East, vec![Call::Pass; 4])?;
/// assert_eq!(passed.outcome(), AuctionOutcome::PassedOut);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Auction {
    dealer: Seat,
    calls: Vec<Call>,
}

impl Auction {
    /// The auction of `calls`, the dealer making the first; an error names
    /// the first call the rules do not allow, or one after the end.
    ///
    /// ```
    /// use dds_model::{Auction, AuctionError, Call, Level, Seat, Strain};
    /// let calls = vec![Call::Bid(Level::new(2), Strain::Hearts), Call::Bid(Level::new(2), Strain::Clubs)];
    /// let err = Auction::new(Seat::South, calls).unwrap_err();
    /// assert!(matches!(err, AuctionError::NotAllowed { index: 1, seat: Seat::West, .. }));
    /// assert_eq!(err.to_string(), "call 2 of the auction, West's 2C, is not higher than the bid before it");
    /// ```
    pub fn new(dealer: Seat, calls: Vec<Call>) -> Result<Auction, AuctionError> {
        let auction = Auction { dealer, calls };
        let mut state = State::default();
        for (index, &call) in auction.calls.iter().enumerate() {
            if state.is_over() {
                return Err(AuctionError::AfterTheEnd { index });
            }
            let seat = dealer.offset(index);
            if !state.call(seat, call) {
                return Err(AuctionError::NotAllowed { index, call, seat });
            }
        }
        Ok(auction)
    }

    /// Reads calls as written (see [`Call`]'s forms), then checks them as
    /// [`Auction::new`] does.
    ///
    /// ```
    /// use dds_model::{Auction, AuctionError, Seat};
    /// let auction = Auction::parse(Seat::West, ["1n", "p", "3n!", "p", "p", "p"])?;
    /// assert_eq!(auction.calls().len(), 6);
    /// let err = Auction::parse(Seat::West, ["1n", "pp"]).unwrap_err();
    /// assert_eq!(err, AuctionError::NotACall { index: 1, text: "pp".to_owned() });
    /// # Ok::<_, AuctionError>(())
    /// ```
    pub fn parse<'a>(dealer: Seat, calls: impl IntoIterator<Item = &'a str>) -> Result<Auction, AuctionError> {
        let calls = calls
            .into_iter()
            .enumerate()
            .map(|(index, text)| {
                text.parse::<Call>().map_err(|_| AuctionError::NotACall { index, text: text.to_owned() })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Auction::new(dealer, calls)
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The calls, the dealer's first.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// How the auction ends: unfinished, passed out, or its final contract
    /// and declarer.
    ///
    /// ```
    /// use dds_model::{Auction, AuctionOutcome, Seat};
    /// let auction = Auction::parse(Seat::North, ["1C", "1H", "P", "2H", "P"])?;
    /// assert_eq!(auction.outcome(), AuctionOutcome::Unfinished);
    /// // East named hearts first, West raised: East declares.
    /// let auction = Auction::parse(Seat::North, ["1C", "1H", "P", "2H", "XX", "P", "P", "P"]);
    /// assert!(auction.is_err()); // a redouble needs a double of the opponents'
    /// let auction = Auction::parse(Seat::North, ["1C", "1H", "X", "XX", "P", "P", "P"])?;
    /// let AuctionOutcome::Contract(contract) = auction.outcome() else { panic!() };
    /// assert_eq!(contract.to_string(), "1HXX by E");
    /// # Ok::<_, dds_model::AuctionError>(())
    /// ```
    pub fn outcome(&self) -> AuctionOutcome {
        let mut state = State::default();
        for (index, &call) in self.calls.iter().enumerate() {
            state.call(self.dealer.offset(index), call);
        }
        if !state.is_over() {
            return AuctionOutcome::Unfinished;
        }
        let Some((level, strain, seat)) = state.bid else { return AuctionOutcome::PassedOut };
        let side = seat.side();
        // The first of the side to name the strain.
        let declarer = self
            .calls
            .iter()
            .enumerate()
            .find_map(|(index, call)| {
                let by = self.dealer.offset(index);
                matches!(call, Call::Bid(_, s) if *s == strain && by.side() == side).then_some(by)
            })
            .unwrap_or(seat);
        AuctionOutcome::Contract(Contract::new(level, strain, state.penalty, declarer))
    }
}

/// The bidding so far: the last bid and who made it, its doubling, and
/// the passes since the last call that was not a pass.
#[derive(Default)]
struct State {
    bid: Option<(Level, Strain, Seat)>,
    penalty: Penalty,
    /// The seat that made the last double or redouble.
    doubled_by: Option<Seat>,
    calls: usize,
    passes: usize,
}

impl State {
    /// Three passes after a bid, or four passes.
    fn is_over(&self) -> bool {
        match self.bid {
            Some(_) => self.passes >= 3,
            None => self.passes >= 4,
        }
    }

    /// Makes `call` by `seat`; `false` when the rules do not allow it.
    fn call(&mut self, seat: Seat, call: Call) -> bool {
        let opponents = |other: Seat| other.side() != seat.side();
        match call {
            Call::Pass => {
                self.passes += 1;
                self.calls += 1;
                return true;
            }
            Call::Bid(level, strain) => {
                if let Some((last, last_strain, _)) = self.bid {
                    if (level, strain.bidding_rank()) <= (last, last_strain.bidding_rank()) {
                        return false;
                    }
                }
                self.bid = Some((level, strain, seat));
                self.penalty = Penalty::Undoubled;
                self.doubled_by = None;
            }
            Call::Double => match self.bid {
                Some((_, _, by)) if opponents(by) && self.penalty == Penalty::Undoubled => {
                    self.penalty = Penalty::Doubled;
                    self.doubled_by = Some(seat);
                }
                _ => return false,
            },
            Call::Redouble => match (self.penalty, self.doubled_by) {
                (Penalty::Doubled, Some(by)) if opponents(by) => {
                    self.penalty = Penalty::Redoubled;
                    self.doubled_by = Some(seat);
                }
                _ => return false,
            },
        }
        self.passes = 0;
        self.calls += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(dealer: Seat, calls: &[&str]) -> Result<AuctionOutcome, AuctionError> {
        Ok(Auction::parse(dealer, calls.iter().copied())?.outcome())
    }

    fn contract(dealer: Seat, calls: &[&str]) -> String {
        match outcome(dealer, calls) {
            Ok(AuctionOutcome::Contract(c)) => c.to_string(),
            other => panic!("{calls:?}: {other:?}"),
        }
    }

    #[test]
    fn bbo_spellings_and_alerts_are_calls() {
        let calls: Vec<String> = ["p", "P", "pass", "d", "x", "Dbl", "r", "xx", "1c!", "2N", "3nt", "7s*"]
            .iter()
            .map(|c| c.parse::<Call>().map(|c| c.to_string()).unwrap_or_else(|e| panic!("{c}: {e}")))
            .collect();
        assert_eq!(calls, ["P", "P", "P", "X", "X", "X", "XX", "XX", "1C", "2NT", "3NT", "7S"]);
        for bad in ["", "8C", "0S", "1", "1Z", "XXX", "PP", "1SS", "!"] {
            assert_eq!(bad.parse::<Call>(), Err(ParseError::Call), "{bad:?}");
        }
    }

    #[test]
    fn the_declarer_is_the_first_of_the_side_to_name_the_strain() {
        // South opens 1H, North raises to 4H: South declares.
        assert_eq!(contract(Seat::South, &["1H", "P", "4H", "P", "P", "P"]), "4H by S");
        // North bids spades first, South's last: North declares.
        assert_eq!(contract(Seat::North, &["1S", "P", "2C", "P", "2S", "P", "4S", "P", "P", "P"]), "4S by N");
        // West (the opponents) named spades first: it does not count for
        // North-South, whose first to name them is South (the cue bid).
        assert_eq!(contract(Seat::West, &["1S", "X", "P", "2S", "P", "3NT", "P", "4S", "P", "P", "P"]), "4S by S");
        // A balancing double, a redouble, the passes.
        assert_eq!(contract(Seat::East, &["1NT", "X", "XX", "P", "P", "P"]), "1NTXX by E");
        assert_eq!(contract(Seat::East, &["P", "P", "P", "1D", "P", "P", "X", "P", "P", "P"]), "1DX by N");
        // A bid after a double clears it.
        assert_eq!(contract(Seat::North, &["1C", "X", "1H", "P", "P", "P"]), "1H by S");
    }

    #[test]
    fn unfinished_and_passed_out_auctions() {
        assert_eq!(outcome(Seat::North, &[]), Ok(AuctionOutcome::Unfinished));
        assert_eq!(outcome(Seat::North, &["P", "P", "P"]), Ok(AuctionOutcome::Unfinished));
        assert_eq!(outcome(Seat::North, &["P", "P", "P", "P"]), Ok(AuctionOutcome::PassedOut));
        assert_eq!(outcome(Seat::North, &["P", "P", "P", "1S", "P", "P"]), Ok(AuctionOutcome::Unfinished));
    }

    #[test]
    fn calls_against_the_rules_are_errors_naming_the_call() {
        let not_allowed = |dealer, calls: &[&str], at: usize| match outcome(dealer, calls) {
            Err(AuctionError::NotAllowed { index, .. }) => assert_eq!(index, at, "{calls:?}"),
            other => panic!("{calls:?}: {other:?}"),
        };
        not_allowed(Seat::North, &["1S", "P", "1S"], 2);
        not_allowed(Seat::North, &["1NT", "2S", "2H"], 2);
        not_allowed(Seat::North, &["X"], 0);
        not_allowed(Seat::North, &["1S", "P", "X"], 2); // partner's bid
        not_allowed(Seat::North, &["1S", "X", "X"], 2);
        not_allowed(Seat::North, &["1S", "X", "P", "XX"], 3); // partner's double
        not_allowed(Seat::North, &["1S", "XX"], 1);
        assert_eq!(outcome(Seat::North, &["1S", "P", "P", "P", "P"]), Err(AuctionError::AfterTheEnd { index: 4 }));
        assert_eq!(outcome(Seat::North, &["P", "P", "P", "P", "1C"]), Err(AuctionError::AfterTheEnd { index: 4 }));
        let err = outcome(Seat::North, &["1S", "P", "X"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "call 3 of the auction, South's X, is not after a bid of the opponents' that is not doubled"
        );
    }
}
