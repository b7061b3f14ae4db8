"""Shared test helpers: DDS's hand files with their known answers (read here,
never computed by the code under test) and seeded random deals."""

from __future__ import annotations

import os
import random
import shlex
from dataclasses import dataclass, field
from typing import Optional

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HANDS = os.path.join(ROOT, "fixtures", "dds-hands")

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SEATS = "NESW"
STRAINS = ["S", "H", "D", "C", "NT"]
# DDS's vulnerability codes (the hand files' PBN field 2).
VULS = ["None", "All", "NS", "EW"]


@dataclass
class Record:
    """One record of a DDS hand file (list10.txt, list100.txt ...)."""

    line: int
    dealer: int
    vul: int
    strain: int
    leader: int
    deal: str
    fut: Optional[list] = None  # [(card, equals [cards], score)]
    table: Optional[list] = None  # 5 x 4, strains S H D C NT by N E S W
    par: Optional[tuple] = None  # (score texts [2], contract texts [2])
    par2: Optional[tuple] = None  # (score, contract texts)
    play: Optional[list] = None  # cards
    trace: Optional[list] = None  # ints
    extra: dict = field(default_factory=dict)


def card(suit: int, rank: int) -> str:
    return SUITS[suit] + RANKS[rank - 2]


def parse_hand_file(path: str) -> list:
    """DDS's "txt" format (crates/dds-fixtures/src/txt.rs,
    fixtures/dds-hands/PROVENANCE.md)."""
    records = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            tokens = shlex.split(line)
            if not tokens:
                continue
            tag, values = tokens[0], tokens[1:]
            if tag == "NUMBER":
                continue
            if tag == "PBN":
                dealer, vul, strain, leader = map(int, values[:4])
                records.append(Record(number, dealer, vul, strain, leader, values[4]))
                continue
            r = records[-1]
            if tag == "FUT":
                n = int(values[0])
                v = list(map(int, values[1:]))
                suits, ranks, equals, scores = v[:n], v[n : 2 * n], v[2 * n : 3 * n], v[3 * n :]
                r.fut = []
                for s, rk, eq, sc in zip(suits, ranks, equals, scores):
                    eq_cards = [card(s, q) for q in range(14, 1, -1) if eq & (1 << q)]
                    r.fut.append((card(s, rk), eq_cards, sc))
            elif tag == "TABLE":
                v = list(map(int, values))
                r.table = [v[4 * s : 4 * s + 4] for s in range(5)]
            elif tag == "PAR":
                r.par = (values[:2], values[2:4])
            elif tag == "PAR2":
                r.par2 = (int(values[0]), values[1:])
            elif tag == "PLAY":
                text = values[1]
                r.play = [text[i : i + 2] for i in range(0, len(text), 2)]
                assert len(r.play) == int(values[0])
            elif tag == "TRACE":
                r.trace = list(map(int, values[1:]))
                assert len(r.trace) == int(values[0])
            else:
                raise ValueError(f"{path}:{number}: unknown tag {tag}")
    return records


@pytest.fixture(scope="session")
def list10():
    return parse_hand_file(os.path.join(HANDS, "list10.txt"))


@pytest.fixture(scope="session")
def list100():
    return parse_hand_file(os.path.join(HANDS, "list100.txt"))


def random_pbn(rng: random.Random) -> str:
    """A random full deal as PBN text (North first)."""
    cards = [s + r for s in SUITS for r in reversed(RANKS)]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = set(cards[13 * h : 13 * (h + 1)])
        hands.append(".".join("".join(r for r in reversed(RANKS) if s + r in mine) for s in SUITS))
    return "N:" + " ".join(hands)


@pytest.fixture(scope="session")
def random_deals():
    rng = random.Random(20)
    return [random_pbn(rng) for _ in range(60)]


DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
