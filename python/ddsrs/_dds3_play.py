"""DDS 3's play analysis (``ddsrs.dds3``'s ``analyse_play_pbn`` and
``analyse_all_plays_pbn``): the arguments checked as DDS 3's bindings check
them (``ddsrs._dds3_args``), the plays read and analysed by the native
module."""

from __future__ import annotations

from collections.abc import Sequence

from ddsrs import _ddsrs as _native
from ddsrs import _dds3_args as a
from ddsrs._dds3_args import NO_TRICK as _NO_TRICK


def _prepare_play(
    remain_cards: str, play: str, trump: int, first: int, suits: tuple, ranks: tuple, thread_index: int
) -> tuple:
    """DDS's AnalysePlayPBN set-up: the PBN read, the play read, the checks
    (as DDS, in DDS's order), and the request that gives its values (the
    current trick's cards put back in their hands and played first), with
    the slice of the answer DDS returns: ``(request, in_trick, analysed,
    number)``."""
    cards = _native._dds3_read_pbn(remain_cards)
    played = _native._dds3_read_play(play)
    return a.checked(_native._dds29_play(cards, trump, first, suits, ranks, played, thread_index))


def _solved_play(analysis, k: int, analysed: int, number: int) -> dict:
    tricks = list(analysis.tricks[k : k + analysed + 1])
    count = max(0, min(number, 53))
    return {"number": count, "tricks": tricks[:count]}


def analyse_play_pbn(
    remain_cards: str,
    play: str,
    trump: int = 4,
    first: int = 0,
    current_trick_suit: Sequence[int] = _NO_TRICK,
    current_trick_rank: Sequence[int] = _NO_TRICK,
    thread_index: int = 0,
) -> dict:
    """DDS's AnalysePlayPBN: declarer's side's double dummy tricks (declarer
    on the right of ``first``) before ``play`` (``"S6H2..."``, two
    characters a card) and after each of its cards, as ``{"number",
    "tricks"}``.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> analyse_play_pbn(pbn, "CTC4CACJ", trump=0, first=0)
    {'number': 5, 'tricks': [8, 8, 8, 8, 8]}
    """
    remain_cards, play, trump, first, trick_suit, trick_rank, thread_index = a.arguments(
        "analyse_play_pbn", remain_cards, play, trump, first, current_trick_suit, current_trick_rank, thread_index
    )
    suits, ranks = a.pbn_deal(remain_cards, trump, first, trick_suit, trick_rank)
    size = len(play.encode())
    if size > a.PLAY_MAX:
        raise ValueError(f"play string is too long ({size} chars, maximum {a.PLAY_MAX})")
    if size % 2:
        raise ValueError("play string length must be even (2 characters per card)")
    request, k, analysed, number = _prepare_play(remain_cards, play, trump, first, suits, ranks, thread_index)
    try:
        analysis = _native.analyse_play(*request)
    except _native.InputError as e:
        raise a.dds_error(e.code) from None
    return _solved_play(analysis, k, analysed, number)


def analyse_all_plays_pbn(deals: list) -> list:
    """DDS's AnalyseAllPlaysPBN: ``analyse_play_pbn`` for many deals on
    every core. Each deal is a dict with ``remain_cards`` and ``play`` and,
    optionally, ``trump`` (4), ``first`` (0) and
    ``current_trick_suit``/``current_trick_rank`` ((0, 0, 0)). No limit on
    the number of deals.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> analyse_all_plays_pbn([{"remain_cards": pbn, "play": "CT", "trump": 0}, {"remain_cards": pbn, "play": ""}])
    [{'number': 2, 'tricks': [8, 8]}, {'number': 1, 'tricks': [6]}]
    """
    deals = a.arguments("analyse_all_plays_pbn", deals)
    read = []
    for i, deal in enumerate(deals):
        remain_cards, play, trump, first, suits, ranks = a.fields(deal, a.PLAY_DEAL, "deals")
        suits, ranks = a.pbn_deal(remain_cards, trump, first, suits, ranks)
        size = len(play.encode())
        if size > a.PLAY_MAX or size % 2:
            raise ValueError(f"play string at index {i} is invalid (even length, at most {a.PLAY_MAX} chars)")
        read.append((remain_cards, play, trump, first, suits, ranks))
    # DDS analyses every board and returns the first failure by index.
    faults = {}
    prepared = []
    for i, (remain_cards, play, trump, first, suits, ranks) in enumerate(read):
        try:
            prepared.append((i, _prepare_play(remain_cards, play, trump, first, suits, ranks, 0)))
        except (ValueError, RuntimeError) as e:
            faults[i] = e
    answers, errors = _native.analyse_plays([p[1][0] for p in prepared], errors="return")
    for e in errors:
        faults[prepared[e.index][0]] = a.dds_error(e.code)
    if faults:
        raise faults[min(faults)]
    return [
        _solved_play(analysis, k, analysed, number)
        for analysis, (_i, (_r, k, analysed, number)) in zip(answers, prepared)
    ]
