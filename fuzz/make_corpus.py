#!/usr/bin/env python3
"""Writes the seed corpora under fuzz/corpus/<target>/ from the fixtures and
a few hand-written cases. Run from anywhere: python3 fuzz/make_corpus.py.

Each seed is named after what it holds; running again rewrites the same
files (libFuzzer's own finds go to fuzz/work/, never here)."""

import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SAMPLE = os.path.join(ROOT, "fixtures", "sample")

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def write(target, name, data):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def deal_text():
    with open(os.path.join(SAMPLE, "deals.txt"), encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    for i, line in enumerate(lines[:4]):
        write("deal_text", f"sample-deal-{i}", line)
    seeds = {
        "partial": "N:A... K... Q... J...",
        "partial-unequal": "N:.A.. K... Q... JT...",
        "unknown-hands": "S:- AKQJT98765432... - -",
        "freak": "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        "ten-as-10": "W:AK10.Q.J.T 9.K.Q.J 8.A.K.Q 7.J.A.K",
        "card-list": "SQD2S8SA h10 \u26634",
        "card-list-10": "S10D2 10c",
        "contract": "3nx-s",
        "contract-by": "4S by North",
        "contract-xx": "6HXX by S",
        "hand": "AKQ.JT9.876.5432",
        "bad-seat": "X:A... K... Q... J...",
        "three-suits": "N:A.. K... Q... J...",
        "duplicate": "N:A... A... Q... J...",
    }
    for name, text in seeds.items():
        write("deal_text", name, text)


def pbn_file():
    with open(os.path.join(SAMPLE, "boards.pbn"), "rb") as f:
        boards = f.read()
    # Control bytes: decoding, operation, game, name, value, section.
    write("pbn_file", "sample-boards-set", bytes([0, 0, 1, 0, 2, 0]) + boards)
    write("pbn_file", "sample-boards-remove", bytes([0, 1, 0, 3, 0, 0]) + boards)
    write("pbn_file", "sample-boards-section", bytes([1, 2, 2, 5, 8, 6]) + boards)
    crlf = (
        "% PBN 2.1\n% EXPORT\n\n"
        "{ Hand records of the Tuesday game.\n\n  Analysis by the director. }\n\n"
        "[Event \"Tuesday \\\"Open\\\" Pairs\"]\n"
        "[Site \"Club\"] ; the usual place\n"
        "[Board \"1\"] [Dealer \"N\"]\n"
        "[Vulnerable \"None\"]\n"
        f"[Deal \"{DEAL}\"]\n"
        "{ North has a flat 10 count. }\n"
        "[Auction \"N\"]\n1D =1= Pass 1S Pass\n2NT Pass 3NT Pass ; 3NT is normal\nPass Pass\n"
        "[Note \"1:could be short\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n"
        "[Play \"W\"]\nS4 S6 S7 SK\nC2 C3 {a deceptive card} C4 C8\n*\n[Result \"9\"]\n\n\n"
        "; a comment block between games\n\n"
        "[Event \"Tuesday \\\"Open\\\" Pairs\"]\n[Board \"2\"]\t\n[Dealer \"E\"]\n"
        f"[Deal \"E{DEAL[1:]}\"]\n\n"
    ).replace("\n", "\r\n")
    write("pbn_file", "commented-crlf", bytes([0, 0, 0, 6, 4, 1]) + crlf.encode())
    inherited = (
        f"[Event \"Club Teams\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n\n"
        "[Event \"#\"]\n[Board \"1\"]\n[Dealer \"#\"]\n[Deal \"#\"]\n\n"
        f"[Event \"#\"]\n[Board \"2\"]\n[Deal \"E{DEAL[1:]}\"]"
    )
    write("pbn_file", "inherited-no-final-eol", bytes([0, 2, 2, 7, 8, 9]) + inherited.encode())
    table = (
        "[Board \"1\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n"
        "N NT 9\nS NT 9\n\n[Board \"2\"]\n"
    )
    write("pbn_file", "optimum-result-table", bytes([0, 2, 0, 1, 8, 13]) + table.encode())
    write("pbn_file", "latin1", bytes([1, 0, 0, 2, 14, 0]) + "[Event \"Caf\u00e9\"]\n".encode("latin-1"))
    write("pbn_file", "bom", bytes([0, 1, 0, 0, 0, 0]) + "\ufeff[Board \"1\"]\n".encode())
    write("pbn_file", "runaway-comment", bytes([0, 0, 0, 0, 0, 0]) + b"[Board \"1\"]\n{ open\n\n[Board \"2\"]\n}\n")


def lin():
    s, w, n, e = "SK5HT83DKQ9CA7652", "SAT942HAQ4D32CKJ3", "SQJ6HK652DJ85CT98", "S873HJ97DAT764CQ4"
    seeds = {
        "hand-record": f"qx|o1|md|3{s},{w},{n},|rh||ah|Board 1|sv|o|pg||\nqx|o2|md|4{s},{w},SAK,|sv|n|pg||\n",
        "four-hands": f"md|1{s},{w},{n},{e},|sv|b|",
        "no-qx": f"md|3{s},{w},{n},|ah|Board 7|\nmd|5,,,|\nmd|4{s},{w},{n},{e}|sv|e|",
        "movie": f"pn|a,b,c,d|st||md|2{s},{w},{n},|sv|-|mb|1N|mb|p|mb|p|mb|p|pc|SA|pc|S3|pg||\n",
        "closed-room": f"qx|c14|md|1{s},{w},{n},{e}|sv|B|pg||\n",
        "bad": "md|3SA,SA,,|",
    }
    for name, text in seeds.items():
        write("lin", name, text)


def position():
    rng = random.Random(2026)
    for k in range(24):
        b0 = rng.randrange(256)
        size = k % 16
        change = 255 if k % 4 else rng.randrange(32)
        rest = bytes(rng.randrange(256) for _ in range(40))
        write("position", f"random-{k:02}", bytes([b0, size, change]) + rest)


def par():
    tables = {
        # The sample deal's table: S, H, D, C, NT by N, E, S, W.
        "sample": [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6],
        "all-six": [6] * 20,
        "ns-slam": [12, 1, 12, 1] * 5,
        "hot": [10, 3, 10, 3, 3, 10, 3, 10, 7, 6, 7, 6, 6, 7, 6, 7, 9, 4, 9, 4],
        "uneven": [9, 4, 8, 4, 4, 9, 4, 8, 7, 5, 6, 6, 6, 6, 6, 7, 8, 5, 7, 5],
    }
    for name, table in tables.items():
        for vul in range(4):
            write("par", f"{name}-vul{vul}", bytes(table + [4 + vul]))
    write("par", "out-of-range", bytes([5, 8, 5, 8, 6, 6, 6, 14] + [6] * 12 + [0]))


def capi():
    def deal_compact(trump, first, suits, ranks, cards):
        out = bytes([trump, first] + suits + ranks)
        for hand in cards:
            for mask in hand:
                out += struct.pack("<H", mask)
        return out

    def bit(*ranks):
        return sum(1 << r for r in ranks)

    # Two tricks: N:A2... K.2.. .43.. .65.. (DDS bits: rank r at bit r).
    cards = [[bit(14, 2), 0, 0, 0], [bit(13), bit(2), 0, 0], [0, bit(4, 3), 0, 0], [0, bit(6, 5), 0, 0]]
    dl = deal_compact(4, 0, [0, 0, 0], [0, 0, 0], cards)
    solve = bytes([0, 0, 0]) + dl + bytes([0xFF, 3, 1])  # target -1, solutions 3, mode 1
    write("capi", "solve-board", solve)
    pbn = b"N:A2... K.2.. .43.. .65.."
    solve_pbn = bytes([1, 0, 0]) + bytes([4, 0, 0, 0, 0, 0, 0, 0]) + bytes([len(pbn)]) + pbn + bytes([0xFF, 2, 0])
    write("capi", "solve-board-pbn", solve_pbn)
    table_pbn = b"N:A2... K.2.. .43.. .65.."
    write("capi", "calc-table-pbn", bytes([3, 0, 0, len(table_pbn)]) + table_pbn)
    table_bin = b"".join(struct.pack("<H", m) for hand in cards for m in hand)
    write("capi", "calc-table", bytes([2, 0, 0]) + table_bin)
    play = bytes([2]) + bytes([0, 0] + [0] * 50) + bytes([14, 13] + [0] * 50)  # SA, SK
    write("capi", "analyse-play", bytes([4, 0, 0]) + deal_compact(0, 0, [0, 0, 0], [0, 0, 0], cards) + play)
    play_pbn = b"SASK"
    write("capi", "analyse-play-pbn", bytes([5, 0, 0]) + bytes([0] * 8) + bytes([len(pbn)]) + pbn + bytes([2, len(play_pbn)]) + play_pbn)
    table = bytes([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6])
    write("capi", "par", bytes([6, 0, 0]) + table + bytes([0]))
    write("capi", "dealer-par", bytes([7, 0, 0]) + table + bytes([0, 1]))
    write("capi", "sides-par", bytes([8, 0, 0]) + table + bytes([2]))
    write("capi", "dealer-par-bin", bytes([9, 0, 0]) + table + bytes([3, 3]))
    write("capi", "sides-par-bin", bytes([10, 0, 0]) + table + bytes([1]))
    master = bytes([0x92, 1] + [0, 0, 2, 1, 5] + [0] * 45)  # -110, one contract: EW 2S
    write("capi", "dealer-text", bytes([11, 0, 0]) + master)
    write("capi", "sides-text", bytes([12, 0, 0]) + master + bytes([110, 1, 0, 0, 2, 1, 5] + [0] * 45))
    write("capi", "sequence", solve + bytes([2, 0, 0]) + table_bin + bytes([6, 0, 0]) + table + bytes([0]))


def cli():
    # Byte 0 even: arguments, one a line; odd: an input text.
    args = {
        "args-table": ["table", "--json", "--threads", "2"],
        "args-layouts": ["layouts", "N:AKQT.AK2.K32.K32 J98.QJT.QJ.Q 5432.876.A54.A54 76.95.T98.T9", "--table", "--sample", "10"],
        "args-solve": ["solve", "N:A... K... Q... J...", "--trump", "NT", "--leader", "W", "--played", "SJ"],
        "args-pbn": ["pbn", "in.pbn", "-o", "out.pbn", "--keep-going"],
        "args-par": ["par", "--dealer", "E", "--vul", "NS", "-"],
    }
    for name, words in args.items():
        write("cli", name, b"\x00" + "\n".join(words).encode("utf-8"))
    with open(os.path.join(SAMPLE, "boards.pbn"), "rb") as f:
        write("cli", "input-pbn", b"\x01" + f.read())
    with open(os.path.join(SAMPLE, "deals.txt"), "rb") as f:
        write("cli", "input-deals", b"\x01" + f.read())
    with open(os.path.join(ROOT, "fixtures", "dds-hands", "list10.txt"), "rb") as f:
        write("cli", "input-dds-hands", b"\x01" + b"".join(f.readlines()[:15]))
    with open(os.path.join(HERE, "corpus", "lin", sorted(os.listdir(os.path.join(HERE, "corpus", "lin")))[0]), "rb") as f:
        write("cli", "input-lin", b"\x01" + f.read())


def dictionary():
    tokens = []
    for suit in "SHDC":
        for rank in "AKQJT98765432":
            tokens.append(suit + rank)
    tokens += ["10", "N:", "E:", "S:", "W:", "...", " - ", "NT", "by", "X", "XX", "*", "**"]
    tokens += ["\u2660", "\u2665", "\u2666", "\u2663"]
    for tag in ["Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result",
                "Auction", "Play", "Note", "OptimumResultTable", "DoubleDummyTricks", "OptimumScore", "ParContract"]:
        tokens.append(f"[{tag} \"")
    tokens += ["\"]", "\"]\n", "\\\"", "\\\\", "{", "}", ";", "%", "% PBN 2.1\n", "\r\n", "\n\n", "\ufeff", "#",
               "None", "NS", "EW", "All", "Both", "Declarer;Denomination\\2R;Result\\2R"]
    tokens += ["md|", "qx|", "sv|", "ah|", "pn|", "mb|", "pc|", "pg||", "rh||", "|", ",", "Board ", "qx|o1|", "qx|c1|",
               "md|1", "md|2", "md|3", "md|4", "sv|o|", "sv|n|", "sv|e|", "sv|b|"]
    lines = []
    for t in tokens:
        raw = t.encode("utf-8")
        escaped = "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f"\\x{b:02X}" for b in raw)
        lines.append(f"\"{escaped}\"")
    os.makedirs(os.path.join(HERE, "dict"), exist_ok=True)
    with open(os.path.join(HERE, "dict", "bridge.dict"), "w", encoding="ascii") as f:
        f.write("# libFuzzer dictionary: cards, deal and contract text, PBN tags and comments, LIN keys.\n")
        f.write("# Written by fuzz/make_corpus.py.\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    deal_text()
    pbn_file()
    lin()
    position()
    par()
    capi()
    cli()
    dictionary()
