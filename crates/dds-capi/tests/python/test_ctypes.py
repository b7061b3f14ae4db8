"""DDS's C interface through Python's ctypes, as endplay, ddstable and
redeal use it: the library under test is loaded by path (argv[1] or
$DDS_LIBRARY) and run on the TABLE, FUT, PAR, PAR2 and TRACE lines of a
DDS hand file (argv[2], default fixtures/dds-hands/list10.txt).

Exit status 0 when every answer equals DDS's, 1 otherwise."""

import ctypes as C
import os
import sys


class FutureTricks(C.Structure):
    _fields_ = [("nodes", C.c_int), ("cards", C.c_int), ("suit", C.c_int * 13),
                ("rank", C.c_int * 13), ("equals", C.c_int * 13), ("score", C.c_int * 13)]


class DealPBN(C.Structure):
    _fields_ = [("trump", C.c_int), ("first", C.c_int), ("currentTrickSuit", C.c_int * 3),
                ("currentTrickRank", C.c_int * 3), ("remainCards", C.c_char * 80)]


class DdTableDealPBN(C.Structure):
    _fields_ = [("cards", C.c_char * 80)]


class DdTableResults(C.Structure):
    _fields_ = [("resTable", (C.c_int * 4) * 5)]


class ParResults(C.Structure):
    _fields_ = [("parScore", (C.c_char * 16) * 2), ("parContractsString", (C.c_char * 128) * 2)]


class ParResultsDealer(C.Structure):
    _fields_ = [("number", C.c_int), ("score", C.c_int), ("contracts", (C.c_char * 10) * 10)]


class PlayTracePBN(C.Structure):
    _fields_ = [("number", C.c_int), ("cards", C.c_char * 106)]


class SolvedPlay(C.Structure):
    _fields_ = [("number", C.c_int), ("tricks", C.c_int * 53)]


def records(path):
    """The records of a DDS hand file: each PBN line with the lines after it."""
    out = []
    for line in open(path):
        words = line.split()
        if not words or words[0] == "NUMBER":
            continue
        if words[0] == "PBN":
            quoted = line.split('"')[1]
            out.append({"numbers": [int(w) for w in words[1:5]], "deal": quoted})
        else:
            out[-1][words[0]] = line.split(None, 1)[1].strip()
    return out


def quoted(text):
    return text.split('"')[1::2]


def main():
    library = sys.argv[1] if len(sys.argv) > 1 else os.environ["DDS_LIBRARY"]
    hands = sys.argv[2] if len(sys.argv) > 2 else "fixtures/dds-hands/list10.txt"
    dds = C.CDLL(os.path.abspath(library))
    failures = 0

    def check(what, got, want):
        nonlocal failures
        if got != want:
            failures += 1
            print(f"FAIL {what}: got {got!r}, want {want!r}")

    for n, rec in enumerate(records(hands)):
        dealer, vul, trump, first = rec["numbers"]
        deal = rec["deal"].encode()
        table = DdTableResults()
        check(f"{n} CalcDDtablePBN status", dds.CalcDDtablePBN(DdTableDealPBN(deal), C.byref(table)), 1)
        if "TABLE" in rec:
            got = [table.resTable[s][h] for s in range(5) for h in range(4)]
            check(f"{n} TABLE", got, [int(w) for w in rec["TABLE"].split()])
        if "FUT" in rec:
            dl = DealPBN(trump, first, (C.c_int * 3)(), (C.c_int * 3)(), deal)
            fut = FutureTricks()
            check(f"{n} SolveBoardPBN status", dds.SolveBoardPBN(dl, -1, 3, 1, C.byref(fut), 0), 1)
            k = fut.cards
            got = [k] + list(fut.suit[:k]) + list(fut.rank[:k]) + list(fut.equals[:k]) + list(fut.score[:k])
            check(f"{n} FUT", got, [int(w) for w in rec["FUT"].split()])
        if "PAR" in rec:
            par = ParResults()
            check(f"{n} Par status", dds.Par(C.byref(table), C.byref(par), vul), 1)
            got = [par.parScore[0].value.decode(), par.parScore[1].value.decode(),
                   par.parContractsString[0].value.decode(), par.parContractsString[1].value.decode()]
            check(f"{n} PAR", got, quoted(rec["PAR"]))
        if "PAR2" in rec:
            res = ParResultsDealer()
            check(f"{n} DealerPar status", dds.DealerPar(C.byref(table), C.byref(res), dealer, vul), 1)
            got = [str(res.score)] + [res.contracts[i].value.decode() for i in range(res.number)]
            check(f"{n} PAR2", got, quoted(rec["PAR2"]))
        if "PLAY" in rec and "TRACE" in rec:
            count, cards = rec["PLAY"].split(None, 1)
            dl = DealPBN(trump, first, (C.c_int * 3)(), (C.c_int * 3)(), deal)
            play = PlayTracePBN(int(count), quoted(cards)[0].encode())
            solved = SolvedPlay()
            check(f"{n} AnalysePlayPBN status", dds.AnalysePlayPBN(dl, play, C.byref(solved), 0), 1)
            got = [solved.number] + list(solved.tricks[:solved.number])
            check(f"{n} TRACE", got, [int(w) for w in rec["TRACE"].split()])
    line = C.create_string_buffer(80)
    dds.ErrorMessage(-99, line)
    check("ErrorMessage(-99)", line.value.decode(), "PBN string error")
    print(f"{len(records(hands))} records, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
