"""Every result class pickles (and copies) to an equal object."""

import copy
import pickle

import ddsrs
from conftest import DEAL


def round_trip(obj):
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(obj, protocol=protocol))
        assert type(back) is type(obj)
        assert repr(back) == repr(obj)
        yield back


def test_results_pickle():
    table = ddsrs.dd_table(DEAL)
    objects = [
        ddsrs.solve_board(DEAL, "S", "N"),
        ddsrs.solve_board(DEAL, "S", "N")[3],
        ddsrs.analyse_play(DEAL, "S", "N", "CT C4 CA CJ"),
        ddsrs.best_line(DEAL, "S", "N"),
        ddsrs.best_line(DEAL, "S", "N")[3],
        ddsrs.par(table, "None"),
        ddsrs.par(table, "None").ns_first,
        ddsrs.dealer_par(table, "E", "All").contracts[0],
        ddsrs.contract_result(table, "4SX by W", "All"),
        ddsrs.Board(DEAL, "S", "N").after("CT"),
    ]
    for obj in objects:
        for back in round_trip(obj):
            assert back == obj
            assert hash(back) == hash(obj)
        assert copy.deepcopy(obj) == obj


def test_layout_summary_pickles():
    pbn = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98"
    summary = ddsrs.solve_layouts(pbn, "S", "E", limit=12, keep=True)
    for back in round_trip(summary):
        assert (back.population, back.planned, back.solved) == (20, 12, 12)
        assert back.cells == summary.cells
        assert back.distribution("S", "N") == summary.distribution("S", "N")
        assert back.make_probability(5, "S", "N") == summary.make_probability(5, "S", "N")
        assert back.standard_error(0.3) == summary.standard_error(0.3)
        assert back.expected_score(4, "S", "N", "NS") == summary.expected_score(4, "S", "N", "NS")
        assert (back.tables == summary.tables).all() and back.deals == summary.deals
    leads = ddsrs.solve_layouts(pbn, "NT", "E", every_lead=True)
    for back in round_trip(leads):
        assert back.lead_cards == leads.lead_cards
        assert all(back.lead_distribution(c) == leads.lead_distribution(c) for c in leads.lead_cards)
        assert back.lead_mean_tricks("HQ") == leads.lead_mean_tricks("HQ")


def test_exceptions_pickle():
    _, errors = ddsrs.dd_tables([DEAL, "N:A... K... Q... J..."], errors="return")
    err = errors[0]
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is ddsrs.DealError
    assert str(back) == str(err) and back.index == 1 and back.kind == "not_full_deal"


def test_tables_are_plain_arrays():
    tables = ddsrs.dd_tables([DEAL, DEAL])
    assert (pickle.loads(pickle.dumps(tables)) == tables).all()
