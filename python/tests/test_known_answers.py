"""Known answers: DDS 2.9's own results in fixtures/dds-hands (TABLE, FUT,
PAR, PAR2, TRACE lines of list10.txt and list100.txt)."""

import numpy as np
import pytest

import ddsrs
from conftest import DEAL, SEATS, STRAINS, VULS


def test_dd_table_of_one_deal(list10):
    for r in list10:
        table = ddsrs.dd_table(r.deal)
        assert table.shape == (5, 4) and table.dtype == np.uint8
        assert table.tolist() == r.table, f"line {r.line}"


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_dd_table_of_one_deal_on_threads(list10, threads):
    # One table spread over threads (strains in parallel) or on the
    # calling thread: DDS's table either way.
    for r in list10:
        assert ddsrs.dd_table(r.deal, threads=threads).tolist() == r.table, f"line {r.line}"


def test_dd_table_threads_are_checked():
    with pytest.raises(ValueError, match="threads"):
        ddsrs.dd_table(DEAL, threads=-1)
    with pytest.raises(TypeError, match="threads"):
        ddsrs.dd_table(DEAL, threads="2")


def test_dd_tables_of_list100(list100):
    deals = [r.deal for r in list100]
    tables = ddsrs.dd_tables(deals)
    assert tables.shape == (100, 5, 4) and tables.dtype == np.uint8
    for r, table in zip(list100, tables):
        assert table.tolist() == r.table, f"line {r.line}"


def test_dd_tables_from_dds_bit_arrays(list10):
    deals = [r.deal for r in list10]
    bits = ddsrs.deals_to_array(deals)
    assert bits.shape == (10, 4, 4) and bits.dtype == np.uint32
    # DDS's layout: the ace of spades of the first deal's North? Check a
    # known card: list10's first deal, North holds the queen of spades
    # (rank 12 at bit 12).
    assert bits[0, 0, 0] & (1 << 12)
    assert ddsrs.dd_tables(bits).tolist() == [r.table for r in list10]
    # Other integer dtypes and one (4, 4) array.
    assert ddsrs.dd_tables(bits.astype(np.int64)).tolist() == [r.table for r in list10]
    assert ddsrs.dd_table(bits[3]).tolist() == list10[3].table
    assert ddsrs.deals_to_pbn(bits) == [ddsrs.deals_to_pbn([d])[0] for d in deals]


def test_dd_tables_with_threads_and_strains(list10):
    deals = [r.deal for r in list10]
    one = ddsrs.dd_tables(deals, threads=1, strains=["NT", "S"])
    for r, table in zip(list10, one):
        assert table[4].tolist() == r.table[4]
        assert table[0].tolist() == r.table[0]
        assert table[1:4].sum() == 0  # left out
    two = ddsrs.dd_tables(deals, threads=2, strains=[4])
    assert two[:, 4].tolist() == [r.table[4] for r in list10]


def test_solve_board_gives_dds_futures(list10):
    for r in list10:
        solution = ddsrs.solve_board(r.deal, r.strain, r.leader)
        got = [(c.card, list(c.equals), c.tricks) for c in solution]
        assert got == r.fut, f"line {r.line}"
        assert solution.best == r.fut[0][2]


def test_solve_boards_gives_dds_futures(list100):
    boards = [(r.deal, STRAINS[r.strain], SEATS[r.leader]) for r in list100 if r.fut]
    answers = ddsrs.solve_boards(boards)
    expected = [r.fut for r in list100 if r.fut]
    assert len(answers) == len(expected)
    for solution, fut in zip(answers, expected):
        assert [(c.card, list(c.equals), c.tricks) for c in solution] == fut
    # The best card only (solutions 1): its score is the best score.
    best = ddsrs.solve_boards([ddsrs.Board(*b) for b in boards[:20]], solutions=1, threads=1)
    assert [s.best for s in best] == [f[0][2] for f in expected[:20]]


def test_par_and_dealer_par(list100):
    for r in list100:
        sides = ddsrs.par(r.table, r.vul)
        assert sides.score_texts() == r.par[0], f"line {r.line}"
        assert sides.contract_texts() == r.par[1], f"line {r.line}"
        dealer = ddsrs.dealer_par(np.array(r.table), SEATS[r.dealer], VULS[r.vul])
        assert dealer.score == r.par2[0], f"line {r.line}"
        assert dealer.dealer_texts() == r.par2[1], f"line {r.line}"


def test_dd_tables_with_par(list100):
    # One vulnerability per call: the records of each.
    for vul in range(4):
        records = [r for r in list100 if r.vul == vul][:12]
        tables, pars = ddsrs.dd_tables([r.deal for r in records], par=vul)
        assert tables.tolist() == [r.table for r in records]
        assert [p.score_texts() for p in pars] == [r.par[0] for r in records]
        assert [p.contract_texts() for p in pars] == [r.par[1] for r in records]
        tables2, rows = ddsrs.dd_tables([r.deal for r in records], par=VULS[vul], par_format="array")
        assert rows.dtype == ddsrs.PAR_DTYPE and rows.shape == (len(records),)
        assert (tables2 == tables).all()
        for p, row in zip(pars, rows):
            assert row["ok"]
            for name, view in (("ns_first", p.ns_first), ("ew_first", p.ew_first)):
                assert row[name]["score"] == view.score
                assert row[name]["count"] == len(view.contracts)
                for c, slot in zip(view.contracts, row[name]["contracts"]):
                    assert STRAINS[slot["strain"]] == c.strain and slot["level"] == c.level
                    assert slot["result"] == c.result and bool(slot["doubled"]) == c.doubled
                    assert (SEATS + "  ")[slot["declarer"]] == c.declarer or (
                        ["NS", "EW"][slot["declarer"] - 4] == c.declarer
                    )


def test_analyse_play_gives_dds_traces(list10):
    for r in list10:
        analysis = ddsrs.analyse_play(r.deal, r.strain, r.leader, r.play)
        assert analysis.dds_trace == r.trace, f"line {r.line}"
        assert len(analysis) == len(r.play) + 1


def test_analyse_plays_gives_dds_traces(list100):
    plays = [(r.deal, r.strain, SEATS[r.leader], "".join(r.play)) for r in list100]
    answers = ddsrs.analyse_plays(plays)
    for r, analysis in zip(list100, answers):
        assert analysis.dds_trace == r.trace, f"line {r.line}"


def test_best_line_keeps_the_value(list10):
    r = list10[0]
    line = ddsrs.best_line(r.deal, r.strain, r.leader)
    assert len(line) == 52
    # North-South's tricks with best play: the leader's side's FUT score
    # when North-South lead.
    leader_side = r.fut[0][2]
    assert line.ns_tricks == (leader_side if r.leader % 2 == 0 else 13 - leader_side)
    ns_won = sum(1 for c in line if c.wins in ("N", "S"))
    assert ns_won == line.ns_tricks


def test_contract_result():
    # README's example: 4SX by West, both vulnerable, 8 tricks: 500 to NS.
    result = ddsrs.contract_result(DEAL, "4SX by W", "All")
    assert (result.tricks, result.result, result.score, result.score_ns) == (8, -2, -500, 500)
    from_table = ddsrs.contract_result(ddsrs.dd_table(DEAL), "4SX by W", vul=1)
    assert from_table == result
    assert ddsrs.contract_result(DEAL, "2S W").score_ns == -110


def test_solve_layouts():
    # README's example: East-West share six unknown cards, 20 layouts; 5S
    # by North makes in 4.
    pbn = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98"
    seen = []
    summary = ddsrs.solve_layouts(pbn, "S", "E", progress=lambda done, total: seen.append((done, total)), keep=True)
    assert (summary.population, summary.planned, summary.solved, summary.complete) == (20, 20, 20, True)
    assert summary.make_probability(5, "S", "N") == 0.2
    assert summary.standard_error(0.2) == 0.0
    assert summary.cells == [("S", "N")]
    assert sum(summary.distribution("S", "N")) == 20
    assert summary.distribution("H", "N") is None
    assert seen and seen[-1] == (20, 20)
    assert sorted(summary.indices.tolist()) == list(range(20))
    assert summary.tables.shape == (20, 5, 4)
    assert sum(1 for t in summary.tables if t[0, 0] >= 11) == 4
    # Each kept layout is a deal whose table agrees.
    for deal, table in zip(summary.deals[:3], summary.tables[:3]):
        assert ddsrs.dd_table(deal)[0, 0] == table[0, 0]
    # A progress callback returning False stops the run.
    stopped = ddsrs.solve_layouts(pbn, "S", "E", threads=1, progress=lambda done, total: False)
    assert 1 <= stopped.solved < 20
    limited = ddsrs.solve_layouts(pbn, limit=5)
    assert limited.solved == 5 and not limited.complete
    assert len(limited.cells) == 20


def test_solve_layouts_every_lead_and_hide():
    # Every lead of East against North's no trump, against solve_board with
    # every card on each of the 20 layouts (kept); East's cards vary, so a
    # card counts where East held it.
    pbn = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98"
    summary = ddsrs.solve_layouts(pbn, "NT", "E", every_lead=True, keep=True)
    want = {}
    for deal in summary.deals:
        for card in ddsrs.solve_board(ddsrs.Board(deal, "NT", "E")).cards:
            for led in [card.card, *card.equals]:
                want.setdefault(led, [0] * 14)[13 - card.tricks] += 1
    assert sorted(summary.lead_cards) == sorted(want)
    for card, counts in want.items():
        assert summary.lead_distribution(card) == counts
    assert summary.lead_distribution("SA") is None
    assert ddsrs.solve_layouts(pbn, "NT", "E").lead_cards == []
    with pytest.raises(TypeError):
        ddsrs.solve_layouts(pbn, every_lead=True)
    # hide: the full deal with East and West hidden is the deal with them as "-".
    full = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    hidden = ddsrs.solve_layouts(full, "S", "E", hide=["E", "W"], sample=30, seed=3)
    dashes = ddsrs.solve_layouts("N:QJ6.K652.J85.T98 - K5.T83.KQ9.A7652 -", "S", "E", sample=30, seed=3)
    assert hidden.population == dashes.population == 10400600
    assert hidden.distribution("S", "N") == dashes.distribution("S", "N")
    with pytest.raises(ddsrs.DealError):
        ddsrs.solve_layouts("N:- - - -")


def test_board_object():
    board = ddsrs.Board("N:A... K... Q... J...", "NT", "W")
    assert (board.to_play, board.tricks_left, board.legal_cards()) == ("W", 1, ["SJ"])
    after = board.after("SJ")
    assert (after.to_play, after.winning, after.played) == ("N", "W", ["SJ"])
    assert after.remaining == "N:A... K... Q... ..."
    solution = ddsrs.solve_board(after)
    assert solution.best == 1 and solution.forced
    with pytest.raises(ddsrs.BoardError):
        board.after("SA")
