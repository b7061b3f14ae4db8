"""DDS 3's tables and par (``ddsrs.dds3``'s ``calc_dd_table``,
``calc_all_tables_pbn``, ``par``, ``calc_par``, ``calc_par_from_table``,
``dealer_par``): the arguments checked as DDS 3's bindings check them
(``ddsrs._dds3_args``), the tables and par the native module's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ddsrs import _ddsrs as _native
from ddsrs import _dds3_args as a


def _checked_table_cards(cards: list) -> tuple:
    """DDS's checks of a table deal's cards (CalcDDtable's), raising DDS
    3's exception; the cards held and whether the deal is full."""
    return a.checked(_native._dds29_table_deal(cards))


def _tables(deals: list, strains: list, threads: Optional[int]) -> list:
    """The tables (5 x 4 lists; strains not asked for hold 0) of checked
    deals (``_checked_table_cards``'s)."""
    out: list = [None] * len(deals)
    full = [i for i, (_held, is_full) in enumerate(deals) if is_full]
    if full:
        try:
            tables = _native.dd_tables([deals[i][0] for i in full], threads=threads, strains=strains)
        except _native.InputError as e:
            raise a.dds_error(e.code) from None
        for i, table in zip(full, tables.tolist()):
            out[i] = [[int(t) if s in strains else 0 for t in row] for s, row in enumerate(table)]
    short = [i for i, (_held, is_full) in enumerate(deals) if not is_full]
    if short:
        # DDS 2.9's tables of deals with fewer than 13 cards a hand.
        tables = a.checked(_native._dds29_short_tables([deals[i][0] for i in short], strains, threads))
        for i, rows in zip(short, tables):
            out[i] = rows
    return out


def _table_of(cards: list) -> list:
    return _tables([_checked_table_cards(cards)], list(range(5)), 1)[0]


def calc_dd_table(table_deal: dict) -> dict:
    """DDS's CalcDDtable: the double dummy table of ``table_deal["cards"]``
    (4 x 4 rank masks, hand by suit) as ``{"res_table": 5 x 4}``, strains
    S, H, D, C, NT by declarers N, E, S, W.

    >>> R = {r: 1 << (i + 2) for i, r in enumerate("23456789TJQKA")}
    >>> hands = ["QJ6.K652.J85.T98", "873.J97.AT764.Q4", "K5.T83.KQ9.A7652", "AT942.AQ4.32.KJ3"]
    >>> cards = [[sum(R[c] for c in suit) for suit in hand.split(".")] for hand in hands]
    >>> calc_dd_table({"cards": cards})["res_table"]
    [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]
    """
    table_deal = a.arguments("calc_dd_table", table_deal)
    cards = a.masks(table_deal["cards"], "cards", "cards")
    return {"res_table": _table_of(cards)}


def _par_dict(rows: list, vulnerable: int) -> dict:
    try:
        sides = _native.par(rows, vulnerable)
    except (_native.InputError, OverflowError, TypeError):
        raise a.dds_error(_native.RETURN_UNKNOWN_FAULT) from None
    return {"par_score": sides.score_texts(), "par_contracts_string": sides.contract_texts()}


def calc_all_tables_pbn(
    deals_pbn: list,
    mode: int = -1,
    trump_filter: Sequence[int] = (0, 0, 0, 0, 0),
    max_threads: int = 0,
) -> dict:
    """DDS's CalcAllTablesPBN: the tables of many PBN deals on every core
    (``max_threads`` > 0: that many threads). ``trump_filter`` leaves
    strains out (1: out; order S, H, D, C, NT; their rows hold 0); ``mode``
    is the vulnerability of par (-1 no par, 0 none, 1 both, 2 NS, 3 EW; par
    needs every strain). Returns ``{"no_of_boards", "tables":
    [{"res_table"}...], "par_results": [{"par_score",
    "par_contracts_string"}...]}``. No limit on the number of deals.

    >>> pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    >>> result = calc_all_tables_pbn([pbn], mode=0)
    >>> result["no_of_boards"], result["tables"][0]["res_table"][4]
    (20, [6, 6, 6, 6])
    >>> result["par_results"][0]
    {'par_score': ['NS -110', 'EW 110'], 'par_contracts_string': ['NS:EW 2S', 'EW:EW 2S']}
    """
    deals_pbn, mode, trump_filter, max_threads = a.arguments(
        "calc_all_tables_pbn", deals_pbn, mode, trump_filter, max_threads
    )
    if not -1 <= mode <= 3:
        raise ValueError(f"mode has invalid value {mode} (expected -1=disabled, 0=none, 1=both, 2=NS, 3=EW)")
    skipped = a.bounded_ints(trump_filter, 5, 0, 1, "trump_filter")
    strains = [s for s in range(5) if not skipped[s]]
    if mode != -1 and len(strains) != 5:
        raise ValueError(
            "Par computation (mode != -1) requires all strains to be included (trump_filter must be all zeros)"
        )
    texts = []
    for i, pbn in enumerate(deals_pbn):
        text = a.cast(a.TEXT, pbn, "deals_pbn")
        if len(text.encode()) > a.PBN_MAX:
            raise ValueError(f"PBN string at index {i} is too long (max {a.PBN_MAX} characters)")
        texts.append(text)
    cards = [_native._dds3_read_pbn(text) for text in texts]
    if not strains:
        raise a.dds_error(_native.RETURN_NO_SUIT)
    checked = [_checked_table_cards(c) for c in cards]
    tables = _tables(checked, strains, max_threads if max_threads > 0 else None)
    result = {
        "no_of_boards": 4 * len(strains) * len(tables),
        "tables": [{"res_table": rows} for rows in tables],
        "par_results": [],
    }
    if mode != -1:
        result["par_results"] = [_par_dict(rows, mode) for rows in tables]
    return result


def par(table_results: dict, vulnerable: int = 0) -> dict:
    """DDS's Par: par for each side starting the bidding, from a table
    (``{"res_table": 5 x 4}``, as ``calc_dd_table`` gives), as
    ``{"par_score": ["NS ...", "EW ..."], "par_contracts_string": [...]}``.

    >>> table = {"res_table": [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]}
    >>> par(table, vulnerable=0)
    {'par_score': ['NS -110', 'EW 110'], 'par_contracts_string': ['NS:EW 2S', 'EW:EW 2S']}
    """
    table_results, vulnerable = a.arguments("par", table_results, vulnerable)
    vulnerable = a.vulnerable(vulnerable)
    return _par_dict(a.table_rows(table_results), vulnerable)


def calc_par(table_deal: dict, vulnerable: int = 0) -> dict:
    """DDS 3's calc_par: the table of ``table_deal["cards"]`` and its par,
    as ``{"dd_table": {"res_table"}, "par_results": {"par_score",
    "par_contracts_string"}}``.

    >>> R = {r: 1 << (i + 2) for i, r in enumerate("23456789TJQKA")}
    >>> hands = ["QJ6.K652.J85.T98", "873.J97.AT764.Q4", "K5.T83.KQ9.A7652", "AT942.AQ4.32.KJ3"]
    >>> cards = [[sum(R[c] for c in suit) for suit in hand.split(".")] for hand in hands]
    >>> calc_par({"cards": cards}, vulnerable=1)["par_results"]["par_score"]
    ['NS -110', 'EW 110']
    """
    table_deal, vulnerable = a.arguments("calc_par", table_deal, vulnerable)
    vulnerable = a.vulnerable(vulnerable)
    cards = a.masks(table_deal["cards"], "cards", "cards")
    rows = _table_of(cards)
    return {"dd_table": {"res_table": rows}, "par_results": _par_dict(rows, vulnerable)}


def calc_par_from_table(table_results: dict, vulnerable: int = 0) -> dict:
    """DDS 3's calc_par_from_table: ``par`` of a table.

    >>> table = {"res_table": [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]}
    >>> calc_par_from_table(table, vulnerable=3)["par_contracts_string"]
    ['NS:EW 2S', 'EW:EW 2S']
    """
    table_results, vulnerable = a.arguments("calc_par_from_table", table_results, vulnerable)
    vulnerable = a.vulnerable(vulnerable)
    return _par_dict(a.table_rows(table_results), vulnerable)


def dealer_par(table_results: dict, dealer: int, vulnerable: int = 0) -> dict:
    """DDS's DealerPar: par when ``dealer`` (0-3 N, E, S, W) starts the
    auction, from a table, as ``{"score", "number", "contracts"}``
    (North-South's score, DDS's contract texts).

    >>> table = {"res_table": [[4, 9, 4, 9], [10, 2, 10, 2], [8, 3, 8, 3], [6, 7, 6, 7], [9, 3, 9, 3]]}
    >>> dealer_par(table, dealer=1, vulnerable=2)
    {'score': 100, 'number': 1, 'contracts': ['4S*-EW-1']}
    """
    table_results, dealer, vulnerable = a.arguments("dealer_par", table_results, dealer, vulnerable)
    if not 0 <= dealer <= 3:
        raise ValueError(f"dealer has invalid value {dealer} (expected 0=N, 1=E, 2=S, 3=W)")
    a.vulnerable(vulnerable)
    rows = a.table_rows(table_results)
    try:
        result = _native.dealer_par(rows, dealer, vulnerable)
    except (_native.InputError, OverflowError, TypeError):
        raise a.dds_error(_native.RETURN_UNKNOWN_FAULT) from None
    contracts = result.dealer_texts()[:10]
    return {"score": result.score, "number": len(contracts), "contracts": contracts}
