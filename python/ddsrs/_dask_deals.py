"""The deals of a ``ddsrs.dask`` run: ``Deal`` (PBN text, dealer,
vulnerability, board number), the sources (``read_deals``' file of PBN
deals or games, ``RandomSource``'s seeded random deals, ``ListSource``'s
deals in memory) and the shards a worker receives of them. A file's
format, dealers, vulnerabilities and PBN games are read by the model (the
native module's ``detect_format``, ``parse_seat``, ``parse_vulnerability``,
``board_info``, ``parse_pbn``)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Tuple, Union

import ddsrs

#: The ranks, the ace first: the order of ``random_deal``'s cards in a suit.
RANKS = "AKQJT98765432"


@dataclass(frozen=True)
class Deal:
    """One deal to solve: PBN text, its dealer (or None) and vulnerability."""

    deal: str
    dealer: Optional[str] = None
    vul: str = "None"
    board: Optional[int] = None


def _vul(text: str) -> str:
    """A vulnerability's PBN name, from any of the names the model reads."""
    return ddsrs.parse_vulnerability(text)


def _dealer(text: Optional[str]) -> Optional[str]:
    """A seat's letter, from any of the names the model reads; None for
    none given."""
    if text is None or not text.strip():
        return None
    return ddsrs.parse_seat(text)


def board_dealer_vul(board: int) -> Tuple[str, str]:
    """The dealer and vulnerability of a duplicate board number (1, 2, ...),
    the model's (``ddsrs.board_info``)."""
    return ddsrs.board_info(board)


# --- sources -----------------------------------------------------------------

def read_deals(path: str, vul: str = "None", dealer: Optional[str] = None) -> List[Deal]:
    """The deals of a file, its format told by the model as the ``dds``
    command tells it (``ddsrs._ddsrs.detect_format``: the first line that
    is not blank or a comment): a PBN file's games, read by the model
    (``ddsrs.parse_pbn``: PBN's ``#`` copy rule, the dealer and
    vulnerability from the tags, else from the board number), or one PBN
    deal a line (blank lines and lines starting with ``#`` are skipped, as
    ``dds`` skips them; a deal in double quotes is read without them),
    those with ``dealer`` and ``vul``. LIN and DDS's hand files raise
    ``ValueError``."""
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    kind = ddsrs._ddsrs.detect_format(text)
    if kind == "pbn":
        return [Deal(r.deal, r.dealer, r.vulnerability or "None", r.board_number) for r in ddsrs.parse_pbn(text)]
    if kind not in ("deals", None):
        raise ValueError(f"{path}: {_FORMATS[kind]}: read_deals reads a PBN file, or PBN deals one a line")
    v, d = _vul(vul), _dealer(dealer)
    out = []
    for line in text.splitlines():
        deal = line.strip().strip('"')
        if deal and not deal.startswith("#"):
            out.append(Deal(deal, d, v))
    return out


#: What ``read_deals`` calls the formats it does not read.
_FORMATS = {"lin": "a LIN file (BBO's)", "dds-hands": "DDS's hand file"}


def random_deal(rng: random.Random) -> str:
    """A random full deal as PBN text, North first, from ``rng``: the
    shuffled cards dealt 13 a hand (N, E, S, W), written by the model
    (``ddsrs.deals_to_pbn``)."""
    import numpy as np

    cards = list(range(52))
    rng.shuffle(cards)
    # Card c: suit c // 13 (S, H, D, C), rank RANKS[c % 13] (the ace first);
    # DDS's layout: seat by suit, the rank of value r at bit r.
    masks = np.zeros((1, 4, 4), dtype=np.uint32)
    for k, c in enumerate(cards):
        masks[0, k // 13, c // 13] |= 1 << (14 - c % 13)
    return ddsrs.deals_to_pbn(masks)[0]


class DealSource:
    """A sequence of deals cut into shards; ``shard(i, size)`` is what a
    worker receives (small for generated deals), ``key`` names the source
    (an output folder holds the parts of one source and shard size)."""

    count: int
    key: str

    def shard(self, index: int, size: int) -> Any:
        raise NotImplementedError


@dataclass
class RandomSource(DealSource):
    """``count`` random deals; shard ``i`` is drawn by ``random.Random`` seeded
    from ``(seed, i)``, so every shard is reproducible on its own. Deal
    ``k`` (from 0) is board ``k + 1``, with that board's dealer and
    vulnerability."""

    count: int
    seed: int = 0

    @property
    def key(self) -> str:  # type: ignore[override]
        return f"random:{self.count}:{self.seed}"

    def shard(self, index: int, size: int) -> Any:
        start = index * size
        return ("random", self.seed, index, start, min(size, self.count - start))


@dataclass
class ListSource(DealSource):
    """Deals in memory (``read_deals``' list, or PBN strings)."""

    deals: Sequence[Union[Deal, str]]
    name: str = ""
    _key: str = field(default="", repr=False)

    def __post_init__(self) -> None:
        self.deals = [d if isinstance(d, Deal) else Deal(d) for d in self.deals]
        h = hashlib.sha256()
        for d in self.deals:
            h.update(f"{d.deal}|{d.dealer}|{d.vul}|{d.board}\n".encode())
        self._key = f"deals:{len(self.deals)}:{h.hexdigest()[:16]}"

    @property
    def count(self) -> int:  # type: ignore[override]
        return len(self.deals)

    @property
    def key(self) -> str:  # type: ignore[override]
        return self._key

    def shard(self, index: int, size: int) -> Any:
        part = self.deals[index * size : (index + 1) * size]
        return ("deals", [(d.deal, d.dealer, d.vul, d.board) for d in part])  # type: ignore[union-attr]


def _shard_deals(spec: Any) -> List[Deal]:
    if spec[0] == "random":
        _, seed, index, start, count = spec
        rng = random.Random(seed * 1_000_003 + index)
        out = []
        for k in range(start, start + count):
            dealer, vul = board_dealer_vul(k + 1)
            out.append(Deal(random_deal(rng), dealer, vul, k + 1))
        return out
    return [Deal(*t) for t in spec[1]]
