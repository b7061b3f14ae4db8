"""The native ``_dds29_par_master`` (DDS's DealerParBin in numbers, the
facade's ``dds::compat::ParResultsMaster``) against the PAR2 lines of DDS's
``list100.txt`` (each deal's DealerPar for its dealer and vulnerability):
DealerParBin lists the same contracts, sorted by DDS's strain code
(notrump first, a stable sort)."""

import re

from ddsrs import _ddsrs as native

STRAIN_CODE = {"N": 0, "S": 1, "H": 2, "D": 3, "C": 4}
SEATS = {"N": 0, "E": 1, "S": 2, "W": 3, "NS": 4, "EW": 5}


def numbers(text: str) -> tuple:
    """A DealerPar text ("2S-EW", "3N-S+1", "4S*-EW-1") as DDS's
    contractType: (underTricks, overTricks, level, denom, seats)."""
    m = re.fullmatch(r"([1-7])([NSHDC])(\*?)-(NS|EW|N|E|S|W)([+-]\d+)?", text)
    assert m, text
    result = int(m.group(5) or 0)
    return (max(-result, 0), max(result, 0), int(m.group(1)), STRAIN_CODE[m.group(2)], SEATS[m.group(4)])


def test_the_numbers_of_dealer_par_are_its_texts_sorted_by_strain_code(list100):
    sorted_somewhere = False
    for r in list100:
        score, texts = r.par2
        code, value = native._dds29_par_master(r.table, r.dealer, r.vul)
        assert code == native.RETURN_NO_FAULT, r.number
        want = sorted((numbers(t) for t in texts), key=lambda c: c[3])
        sorted_somewhere |= want != [numbers(t) for t in texts]
        assert value == (score, want), (r.number, texts)
    assert sorted_somewhere, "no deal whose texts are out of strain order"


def test_a_passed_out_deal_is_one_contract_of_zeros():
    # Six tricks for everyone in every strain: no contract makes.
    assert native._dds29_par_master([[6] * 4] * 5, 2, 1) == (native.RETURN_NO_FAULT, (0, [(0, 0, 0, 0, 0)]))


def test_bad_input_is_a_general_error():
    good = [[6] * 4] * 5
    bad_entry = [[6] * 4] * 4 + [[6, 6, 14, 6]]
    for args in [(bad_entry, 0, 0), (good, 4, 0), (good, -1, 0), (good, 0, 4), (good, 0, 2**40)]:
        assert native._dds29_par_master(*args) == (native.RETURN_UNKNOWN_FAULT, None), args
