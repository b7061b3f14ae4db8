"""Type stubs of ddsrs's native module (the Rust crate dds-python)."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal, Optional, Protocol, Union, final, overload

import numpy as np
import numpy.typing as npt

__version__: str

__all__ = [
    "__version__",
    "MISSING",
    "MAX_THREADS",
    "PAR_DTYPE",
    "InputError",
    "DealError",
    "BoardError",
    "PlayError",
    "ScoredCard",
    "Solution",
    "PlayAnalysis",
    "LineCard",
    "BestLine",
    "ParContract",
    "Par",
    "SidesPar",
    "ContractResult",
    "Board",
    "LayoutSummary",
    "dd_table",
    "dd_tables",
    "solve_board",
    "solve_boards",
    "analyse_play",
    "analyse_plays",
    "best_line",
    "par",
    "dealer_par",
    "contract_result",
    "solve_layouts",
    "deals_to_array",
    "deals_to_pbn",
    "board_info",
    "parse_seat",
    "parse_vulnerability",
    "_pbn_first_seat",
    "detect_format",
    "PbnRecord",
    "parse_pbn",
    "SolverContext",
    "_dds3_solve_pbns",
    "_dds3_solve",
    "_dds3_solve_all",
    "_dds3_read_pbn",
    "_dds3_read_play",
    "_dds3_error",
    "RETURN_NO_FAULT",
    "RETURN_UNKNOWN_FAULT",
    "RETURN_PLAY_FAULT",
    "RETURN_NO_SUIT",
    "_dds29_message",
    "_dds29_card",
    "_dds29_future_tricks",
    "_dds29_board",
    "_dds29_table_deal",
    "_dds29_short_tables",
    "_dds29_play",
    "_dds29_par_master",
    "_set_chunk_seconds",
]

#: The table entries of a deal that failed (``errors="return"``).
MISSING: int
#: The most threads a batch runs on (``threads``: None or 0 for every core,
#: else 1 to ``MAX_THREADS``).
MAX_THREADS: int
#: The numpy dtype of a par row (``dd_tables(..., par_format="array")``):
#: ``ok`` (False for a deal that failed), then ``ns_first`` and ``ew_first``,
#: each ``score`` (int32, North-South's point of view), ``count`` (uint8)
#: and ``contracts``: 10 slots of ``level``, ``strain`` (0-4: S, H, D, C,
#: NT), ``declarer`` (0-3: N, E, S, W; 4: NS; 5: EW), ``doubled``,
#: ``result`` (overtricks, or undertricks of a sacrifice when negative).
PAR_DTYPE: np.dtype[np.void]

class _HasToPbn(Protocol):
    def to_pbn(self) -> str: ...

#: One deal: PBN text ("N:AKQ.JT9.876.5432 ..."), an object with
#: ``to_pbn()`` (endplay's Deal), or a (4, 4) array of DDS's bit layout
#: (seats N, E, S, W by suits S, H, D, C; the rank of value r at bit r).
_DealLike = Union[str, _HasToPbn, npt.ArrayLike]
#: Deals: a sequence of deals, or an (n, 4, 4) array of DDS's bit layout.
_DealsLike = Union[Iterable[_DealLike], npt.NDArray[np.integer]]
#: A strain: "S", "H", "D", "C", "N"/"NT" (any case) or DDS's 0-4 (S, H, D, C, NT).
_StrainLike = Union[str, int]
#: A seat: "N", "E", "S", "W" (or the names; any case) or DDS's 0-3.
_SeatLike = Union[str, int]
#: A vulnerability: "None", "NS", "EW", "All"/"Both" (any case) or DDS's
#: 0 none, 1 both, 2 NS, 3 EW (as endplay's Vul).
_VulLike = Union[str, int]
#: Cards: "SA HK", "SAHK", "S10" or a sequence of card strings.
_CardsLike = Union[str, Sequence[str]]
#: A double dummy table: (5, 4) tricks, strains S, H, D, C, NT by declarers N, E, S, W;
#: ints, or floats of whole numbers (7.0); 7.9, NaN, inf or tricks out of 0-13 raise InputError.
_TableLike = npt.ArrayLike
#: A target: None or -1 (the most tricks), 0 to 13 (cards that take at
#: least that many), or "legal" (the legal cards, no search).
_TargetLike = Union[None, int, Literal["legal"]]
_ErrorsMode = Literal["raise", "return"]
#: A batch's progress callback: ``progress(done, total)``, called between
#: chunks; returning False stops the batch (the answers of the first
#: ``done`` items come back).
_Progress = Optional[Callable[[int, int], Optional[bool]]]

class InputError(ValueError):
    """Bad input."""

    #: The item's place in a batch; None for a one-item call.
    index: Optional[int]
    #: A short name of the fault: "pbn_syntax", "invalid_deal",
    #: "not_full_deal", "bad_bits", "strain", "seat", "card", "revoke",
    #: "played_card_held", "target_too_high", "illegal_play", ...
    kind: str
    #: The message without the item's place.
    reason: str
    #: DDS's status code for the fault (RETURN_* of DDS's dll.h, as the
    #: compatibility modules return or raise it): -14 for "not_full_deal"
    #: and "wrong_card_count", -4 "duplicate_card", -3 "target_too_high",
    #: -98 "illegal_play", ...; -1 when DDS has no code of its own for it.
    code: int

class DealError(InputError):
    """A deal does not parse, or its hands do not make a deal."""

class BoardError(InputError):
    """A position's cards, leader and trick do not fit, or the target is
    above the tricks left."""

class PlayError(InputError):
    """A card of a play sequence cannot be played."""

    #: The card's place in the sequence, from 0.
    card_index: int
    #: The card, as "SA".
    card: str
    #: The seat whose turn it was.
    seat: str
    #: "held_by_N" (.. "held_by_W"), "already_played" or "revoke".
    fault: str

@final
class ScoredCard:
    """A card with its score: tricks for the side to play (the current
    trick included), None when no search was made."""

    def __new__(cls, card: str, equals: Sequence[str] = ..., tricks: Optional[int] = None) -> "ScoredCard": ...
    @property
    def card(self) -> str: ...
    @property
    def equals(self) -> list[str]:
        """The lower cards of the same hand equivalent to the card."""
    @property
    def tricks(self) -> Optional[int]: ...

@final
class Solution(Sequence[ScoredCard]):
    """DDS's futureTricks: the cards, highest score first, in DDS's order."""

    def __new__(cls, cards: Sequence[ScoredCard], forced: bool = False, nodes: int = 0) -> "Solution": ...
    @property
    def cards(self) -> list[ScoredCard]: ...
    @property
    def best(self) -> Optional[int]:
        """The first card's score."""
    @property
    def forced(self) -> bool: ...
    @property
    def nodes(self) -> int: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int, /) -> ScoredCard: ...
    @overload
    def __getitem__(self, key: slice, /) -> list[ScoredCard]: ...
    def __iter__(self) -> Iterator[ScoredCard]: ...

@final
class PlayAnalysis(Sequence[int]):
    """Declarer's side's tricks before the play and after each card."""

    def __new__(cls, tricks: Sequence[int]) -> "PlayAnalysis": ...
    @property
    def tricks(self) -> list[int]: ...
    @property
    def dds_trace(self) -> list[int]:
        """DDS's AnalysePlay values: at most 49."""
    def changes(self) -> list[tuple[int, int]]:
        """(place, -1 or +1) of each card that changed the result."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int, /) -> int: ...
    @overload
    def __getitem__(self, key: slice, /) -> list[int]: ...
    def __iter__(self) -> Iterator[int]: ...

@final
class LineCard:
    def __new__(cls, seat: str, card: str, wins: Optional[str], tricks: int) -> "LineCard": ...
    @property
    def seat(self) -> str: ...
    @property
    def card(self) -> str: ...
    @property
    def wins(self) -> Optional[str]:
        """The trick's winner, on its last card."""
    @property
    def tricks(self) -> int:
        """What the card keeps: its side's tricks from this trick on."""

@final
class BestLine(Sequence[LineCard]):
    def __new__(cls, cards: Sequence[LineCard], ns_tricks: int) -> "BestLine": ...
    @property
    def cards(self) -> list[LineCard]: ...
    @property
    def ns_tricks(self) -> int: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int, /) -> LineCard: ...
    @overload
    def __getitem__(self, key: slice, /) -> list[LineCard]: ...
    def __iter__(self) -> Iterator[LineCard]: ...

@final
class ParContract:
    def __new__(
        cls, level: int, strain: _StrainLike, declarer: str, doubled: bool = False, result: int = 0
    ) -> "ParContract": ...
    @property
    def level(self) -> int: ...
    @property
    def strain(self) -> str: ...
    @property
    def declarer(self) -> str:
        """"N", "E", "S", "W", or "NS" / "EW" when both seats make it."""
    @property
    def doubled(self) -> bool: ...
    @property
    def result(self) -> int: ...
    def dealer_text(self) -> str: ...
    def par_text(self) -> str: ...

@final
class Par:
    def __new__(cls, score: int, contracts: Sequence[ParContract] = ...) -> "Par": ...
    @property
    def score(self) -> int:
        """North-South's point of view."""
    @property
    def contracts(self) -> list[ParContract]: ...
    def dealer_texts(self) -> list[str]: ...

@final
class SidesPar:
    def __new__(cls, ns_first: Par, ew_first: Par) -> "SidesPar": ...
    @property
    def ns_first(self) -> Par: ...
    @property
    def ew_first(self) -> Par: ...
    def score_texts(self) -> list[str]: ...
    def contract_texts(self) -> list[str]: ...
    def sides_texts(self) -> list[list[str]]: ...

@final
class ContractResult:
    def __new__(cls, contract: str, tricks: int, result: int, score: int, score_ns: int) -> "ContractResult": ...
    @property
    def contract(self) -> str: ...
    @property
    def tricks(self) -> int: ...
    @property
    def result(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def score_ns(self) -> int: ...

@final
class Board:
    def __new__(
        cls, deal: _DealLike, strain: _StrainLike, leader: _SeatLike, played: Optional[_CardsLike] = None
    ) -> "Board": ...
    @property
    def strain(self) -> str: ...
    @property
    def leader(self) -> str: ...
    @property
    def to_play(self) -> str: ...
    @property
    def played(self) -> list[str]: ...
    @property
    def winning(self) -> Optional[str]: ...
    @property
    def tricks_left(self) -> int: ...
    @property
    def remaining(self) -> str: ...
    def hand(self, seat: _SeatLike) -> str: ...
    def legal_cards(self) -> list[str]: ...
    def after(self, card: _CardsLike) -> Board: ...

@final
class LayoutSummary:
    def __new__(
        cls,
        population: int,
        planned: int,
        solved: int,
        cells: Sequence[Sequence[bool]],
        counts: Sequence[Sequence[Sequence[int]]],
        units: int,
        indices: Any = None,
        tables: Any = None,
        deals: Any = None,
        leads: Optional[Sequence[tuple[str, Sequence[int]]]] = None,
    ) -> "LayoutSummary": ...
    @property
    def population(self) -> int: ...
    @property
    def planned(self) -> int: ...
    @property
    def solved(self) -> int: ...
    @property
    def complete(self) -> bool: ...
    @property
    def cells(self) -> list[tuple[str, str]]: ...
    @property
    def indices(self) -> Optional[npt.NDArray[np.uint64]]: ...
    @property
    def tables(self) -> Optional[npt.NDArray[np.uint8]]: ...
    @property
    def deals(self) -> Optional[list[str]]: ...
    def distribution(self, strain: _StrainLike, declarer: _SeatLike) -> Optional[list[int]]: ...
    def mean_tricks(self, strain: _StrainLike, declarer: _SeatLike) -> Optional[float]: ...
    def make_probability(self, level: int, strain: _StrainLike, declarer: _SeatLike) -> Optional[float]: ...
    def standard_error(self, share: float) -> Optional[float]: ...
    @property
    def lead_cards(self) -> list[str]: ...
    def lead_distribution(self, card: str) -> Optional[list[int]]: ...
    def lead_mean_tricks(self, card: str) -> Optional[float]: ...
    def lead_make_probability(self, card: str, level: int) -> Optional[float]: ...
    def expected_score(
        self, level: int, strain: _StrainLike, declarer: _SeatLike, vul: Optional[_VulLike] = None
    ) -> Optional[float]: ...

def dd_table(deal: _DealLike, threads: Optional[int] = None) -> npt.NDArray[np.uint8]: ...
@overload
def dd_tables(
    deals: _DealsLike,
    threads: Optional[int] = None,
    strains: Union[None, _StrainLike, Iterable[_StrainLike]] = None,
    par: None = None,
    errors: Literal["raise"] = "raise",
    par_format: Literal["objects", "array"] = "objects",
    *,
    progress: _Progress = None,
) -> npt.NDArray[np.uint8]: ...
@overload
def dd_tables(
    deals: _DealsLike,
    threads: Optional[int] = None,
    strains: Union[None, _StrainLike, Iterable[_StrainLike]] = None,
    par: None = None,
    *,
    errors: Literal["return"],
    par_format: Literal["objects", "array"] = "objects",
    progress: _Progress = None,
) -> tuple[npt.NDArray[np.uint8], list[InputError]]: ...
@overload
def dd_tables(
    deals: _DealsLike,
    threads: Optional[int] = None,
    strains: Union[None, _StrainLike, Iterable[_StrainLike]] = None,
    *,
    par: _VulLike,
    errors: Literal["raise"] = "raise",
    par_format: Literal["objects"] = "objects",
    progress: _Progress = None,
) -> tuple[npt.NDArray[np.uint8], list[SidesPar]]: ...
@overload
def dd_tables(
    deals: _DealsLike,
    threads: Optional[int] = None,
    strains: Union[None, _StrainLike, Iterable[_StrainLike]] = None,
    *,
    par: _VulLike,
    errors: Literal["raise"] = "raise",
    par_format: Literal["array"],
    progress: _Progress = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.void]]: ...
@overload
def dd_tables(
    deals: _DealsLike,
    threads: Optional[int] = None,
    strains: Union[None, _StrainLike, Iterable[_StrainLike]] = None,
    *,
    par: _VulLike,
    errors: Literal["return"],
    par_format: Literal["objects"] = "objects",
    progress: _Progress = None,
) -> tuple[npt.NDArray[np.uint8], list[Optional[SidesPar]], list[InputError]]: ...
@overload
def dd_tables(
    deals: _DealsLike,
    threads: Optional[int] = None,
    strains: Union[None, _StrainLike, Iterable[_StrainLike]] = None,
    *,
    par: _VulLike,
    errors: Literal["return"],
    par_format: Literal["array"],
    progress: _Progress = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.void], list[InputError]]: ...
def solve_board(
    deal: Union[_DealLike, Board],
    strain: Optional[_StrainLike] = None,
    leader: Optional[_SeatLike] = None,
    played: Optional[_CardsLike] = None,
    target: _TargetLike = None,
    solutions: Literal[1, 2, 3] = 3,
    skip_forced: bool = False,
) -> Solution: ...

_BoardLike = Union[
    Board,
    tuple[_DealLike, _StrainLike, _SeatLike],
    tuple[_DealLike, _StrainLike, _SeatLike, _CardsLike],
]

@overload
def solve_boards(
    boards: Iterable[_BoardLike],
    target: _TargetLike = None,
    solutions: Literal[1, 2, 3] = 3,
    threads: Optional[int] = None,
    errors: Literal["raise"] = "raise",
    *,
    progress: _Progress = None,
) -> list[Solution]: ...
@overload
def solve_boards(
    boards: Iterable[_BoardLike],
    target: _TargetLike = None,
    solutions: Literal[1, 2, 3] = 3,
    threads: Optional[int] = None,
    *,
    errors: Literal["return"],
    progress: _Progress = None,
) -> tuple[list[Optional[Solution]], list[InputError]]: ...
def analyse_play(deal: _DealLike, strain: _StrainLike, leader: _SeatLike, play: _CardsLike) -> PlayAnalysis: ...

_PlayLike = tuple[_DealLike, _StrainLike, _SeatLike, _CardsLike]

@overload
def analyse_plays(
    plays: Iterable[_PlayLike],
    threads: Optional[int] = None,
    errors: Literal["raise"] = "raise",
    *,
    progress: _Progress = None,
) -> list[PlayAnalysis]: ...
@overload
def analyse_plays(
    plays: Iterable[_PlayLike],
    threads: Optional[int] = None,
    *,
    errors: Literal["return"],
    progress: _Progress = None,
) -> tuple[list[Optional[PlayAnalysis]], list[InputError]]: ...
def best_line(
    deal: Union[_DealLike, Board],
    strain: Optional[_StrainLike] = None,
    leader: Optional[_SeatLike] = None,
    played: Optional[_CardsLike] = None,
) -> BestLine: ...
def par(table: Union[_TableLike, _DealLike], vul: _VulLike) -> SidesPar: ...
def dealer_par(table: Union[_TableLike, _DealLike], dealer: _SeatLike, vul: _VulLike) -> Par: ...
def contract_result(
    deal: Union[_TableLike, _DealLike], contract: str, vul: Optional[_VulLike] = None
) -> ContractResult: ...
def solve_layouts(
    deal: str,
    strain: Optional[_StrainLike] = None,
    leader: Optional[_SeatLike] = None,
    *,
    sample: Optional[int] = None,
    limit: Optional[int] = None,
    time_limit: Optional[float] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    progress: _Progress = None,
    keep: bool = False,
    every_lead: bool = False,
    hide: Optional[Iterable[_SeatLike]] = None,
) -> LayoutSummary: ...
def deals_to_array(deals: _DealsLike) -> npt.NDArray[np.uint32]: ...
def deals_to_pbn(deals: _DealsLike) -> list[str]: ...
def _set_chunk_seconds(seconds: float) -> float: ...

# Boards and PBN files as the model reads them.

def board_info(board: int) -> tuple[str, str]: ...
def parse_seat(seat: _SeatLike) -> str: ...
def parse_vulnerability(vulnerability: _VulLike) -> str: ...
def _pbn_first_seat(deal: str) -> str: ...
def detect_format(text: Union[str, bytes]) -> Optional[str]: ...
@final
class PbnRecord:
    """A game of a PBN file read as a board (parse_pbn)."""

    def __new__(
        cls,
        game: int,
        deal: str,
        dealer: Optional[str] = None,
        vulnerability: Optional[str] = None,
        board: Optional[str] = None,
        board_number: Optional[int] = None,
        event: Optional[str] = None,
        date: Optional[str] = None,
    ) -> "PbnRecord": ...
    #: The game's place in the file, from 1.
    @property
    def game(self) -> int: ...
    #: The deal's PBN text (as written, or as the game it copies with "#" has it).
    @property
    def deal(self) -> str: ...
    #: "N", "E", "S" or "W": the Dealer tag, else the board number's; None when neither says.
    @property
    def dealer(self) -> Optional[str]: ...
    #: "None", "NS", "EW" or "All": the Vulnerable tag, else the board number's; None when neither says.
    @property
    def vulnerability(self) -> Optional[str]: ...
    #: The Board tag, trimmed.
    @property
    def board(self) -> Optional[str]: ...
    #: The Board tag as an int, when it is one.
    @property
    def board_number(self) -> Optional[int]: ...
    #: The Event tag.
    @property
    def event(self) -> Optional[str]: ...
    #: The Date tag.
    @property
    def date(self) -> Optional[str]: ...

def parse_pbn(text: Union[str, bytes]) -> list[PbnRecord]: ...

# DDS 3's Python interface (ddsrs.dds3, which re-exports SolverContext):
# DDS's structures as ints, tuples and dicts.

#: DDS's futureTricks as DDS 3's dict: "nodes" and "cards" (ints), "suit",
#: "rank", "equals" and "score" (tuples of 13 ints).
_FutureTricks = dict[str, Any]
#: DDS's remainCards: 4 x 4 rank masks (hand N, E, S, W by suit S, H, D, C;
#: rank r at bit r).
_Masks = Sequence[Sequence[int]]

@final
class SolverContext:
    """DDS 3's SolverContext: a solver of its own, its table kept between
    the calls given it."""

    def __new__(cls) -> "SolverContext": ...

def _dds3_solve_pbns(
    pbns: list[str],
    trump: int,
    first: int,
    trick_suit: Sequence[int],
    trick_rank: Sequence[int],
    target: int,
    solutions: int,
    mode: int,
    threads: Optional[int],
) -> list[_FutureTricks]: ...
def _dds3_solve(
    cards: Union[str, _Masks],
    trump: int,
    first: int,
    trick_suit: Sequence[int],
    trick_rank: Sequence[int],
    target: int,
    solutions: int,
    mode: int,
    thread_index: int,
    context: Optional[SolverContext],
) -> _FutureTricks: ...
def _dds3_solve_all(
    items: list[tuple[Union[str, _Masks], int, int, Sequence[int], Sequence[int], int, int, int]], threads: int
) -> list[_FutureTricks]: ...
def _dds3_read_pbn(text: str) -> list[list[int]]: ...
def _dds3_read_play(play: str) -> list[str]: ...
def _dds3_error(code: int) -> Exception: ...

# DDS 2.9's conventions for the compatibility modules (ddsrs.endplay,
# ddsrs.dds3): each returns (code, value), code 1 with the value or DDS's
# status code with None.

#: DDS's status codes the compatibility modules use themselves (dds::compat's).
RETURN_NO_FAULT: int
RETURN_UNKNOWN_FAULT: int
RETURN_PLAY_FAULT: int
RETURN_NO_SUIT: int

def _dds29_message(code: int) -> str: ...
def _dds29_card(suit: int, rank: int) -> Optional[str]: ...
def _dds29_future_tricks(
    solution: Solution, target: int
) -> tuple[int, int, list[int], list[int], list[int], list[int]]: ...
def _dds29_board(
    cards: _Masks,
    trump: int,
    first: int,
    trick_suit: Sequence[int],
    trick_rank: Sequence[int],
    target: int = -1,
    solutions: int = 1,
    mode: int = 1,
) -> tuple[int, Optional[Board]]: ...
def _dds29_table_deal(cards: _Masks) -> tuple[int, Optional[tuple[list[list[int]], bool]]]: ...
def _dds29_short_tables(
    deals: Sequence[_Masks], strains: Sequence[int], threads: Optional[int] = None
) -> tuple[int, Optional[list[list[list[int]]]]]: ...
def _dds29_play(
    cards: _Masks,
    trump: int,
    first: int,
    trick_suit: Sequence[int],
    trick_rank: Sequence[int],
    play: Sequence[str],
    thread_index: Optional[int] = None,
) -> tuple[int, Optional[tuple[tuple[list[list[int]], int, int, list[str]], int, int, int]]]: ...
def _dds29_par_master(
    table: Sequence[Sequence[int]], dealer: int, vulnerable: int
) -> tuple[int, Optional[tuple[int, list[tuple[int, int, int, int, int]]]]]: ...
