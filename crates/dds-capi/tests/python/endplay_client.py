#!/usr/bin/env python3
"""Run an unchanged third-party client, the `endplay` package (tested with
0.5.12), against our DDS-compatible library and against the DDS build that
endplay bundles, and compare everything the client gets back.

endplay loads DDS with ctypes from <site-packages>/endplay/_dds/libdds.so.
This script:

1. finds that file without importing endplay in this process;
2. runs a workload (endplay.dds public API only) in a subprocess with the
   bundled library and records the results as JSON;
3. backs the bundled file up, puts ours in its place (inside the venv only),
   runs the same workload in a subprocess, and restores the bundled file
   (in a `finally`; an interrupted earlier run is also repaired at start);
4. compares both result sets: every value must be equal.

Each workload subprocess checks /proc/self/maps after importing endplay: the
mapped libdds.so must have the inode of the file on disk and that file must
have the sha256 of the library meant for that run.

Setup and use:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install endplay==0.5.12
    cargo build --release -p dds-capi
    /tmp/venv/bin/python crates/dds-capi/tests/python/endplay_client.py \\
        --ours target/release/libddscapi.so [--deals 40] [--seed 1]

Exit status 0 when everything is equal, 1 on any difference or error.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BACKUP_SUFFIX = ".endplay_client_backup"
ASCII_SUITS = str.maketrans({"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"})


def sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ---------------------------------------------------------------------------
# Worker: runs inside a subprocess, imports endplay, runs the workload.
# ---------------------------------------------------------------------------

SUITS = "SHDC"
RANKS = "AKQJT98765432"


def random_pbn(rng: random.Random) -> str:
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = set(cards[13 * h : 13 * (h + 1)])
        hands.append(
            ".".join("".join(r for r in RANKS if s + r in mine) for s in SUITS)
        )
    return "N:" + " ".join(hands)


def check_loaded_library(expect_sha: str) -> dict:
    """Find the libdds.so mapped into this process and check it is the
    expected file (same inode as the file on disk, whose sha256 matches)."""
    maps = []
    with open("/proc/self/maps") as f:
        for line in f:
            parts = line.split(None, 5)
            if len(parts) == 6 and parts[5].strip().endswith("/libdds.so"):
                maps.append((parts[3], int(parts[4]), parts[5].strip()))
    if not maps:
        raise RuntimeError("no libdds.so mapping found in /proc/self/maps")
    paths = {(inode, path) for _, inode, path in maps}
    if len(paths) != 1:
        raise RuntimeError(f"several libdds.so mappings: {sorted(paths)}")
    inode, path = paths.pop()
    st = os.stat(path)
    if st.st_ino != inode:
        raise RuntimeError(
            f"mapped {path} has inode {inode} but the file on disk has {st.st_ino}"
        )
    got = sha256(path)
    if got != expect_sha:
        raise RuntimeError(
            f"loaded {path} has sha256 {got}, expected {expect_sha}"
        )
    return {"path": path, "inode": inode, "size": st.st_size, "sha256": got}


def worker(args) -> int:
    t_import = time.perf_counter()
    import ctypes

    import endplay.dds as dds
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player, Vul

    t_import = time.perf_counter() - t_import
    loaded = check_loaded_library(args.expect_sha)

    # Informational only (not compared): what the library says it is.
    # endplay wraps no function for GetDDSInfo, and its _dds.DDSInfo
    # structure is an older, smaller layout than DDS 2.9's: passing it to
    # GetDDSInfo overruns it and corrupts the heap (with either library).
    # So use DDS 2.9's layout (dll.h) here, on endplay's loaded handle.
    class DDSInfo29(ctypes.Structure):
        _fields_ = [
            ("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
            ("versionString", ctypes.c_char * 10),
            ("system", ctypes.c_int), ("numBits", ctypes.c_int),
            ("compiler", ctypes.c_int), ("constructor", ctypes.c_int),
            ("numCores", ctypes.c_int), ("threading", ctypes.c_int),
            ("noOfThreads", ctypes.c_int),
            ("threadSizes", ctypes.c_char * 128),
            ("systemString", ctypes.c_char * 1024),
        ]

    info = {}
    try:
        import endplay._dds as _dds

        buf = (ctypes.c_char * 4096)()  # generous, in case of a larger layout
        _dds._dll.GetDDSInfo(buf)
        di = DDSInfo29.from_buffer(buf)
        info = {
            "version": di.versionString.decode("latin-1"),
            "threads": di.noOfThreads,
        }
    except Exception as e:  # pragma: no cover - diagnostic only
        info = {"error": repr(e)}

    results: dict = {}
    inputs: dict = {}
    times: dict = {}

    trace = bool(os.environ.get("ENDPLAY_CLIENT_TRACE"))

    def call(key: str, fn: str, inp: dict, f):
        if trace:
            print(key, file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        try:
            value = {"ok": f()}
        except Exception as e:
            value = {"error": f"{type(e).__name__}: {e}"}
        times[fn] = times.get(fn, 0.0) + time.perf_counter() - t0
        assert key not in results, key
        results[key] = {"fn": fn, "value": value}
        inputs[key] = inp

    def cs(card) -> str:
        "A card as ASCII, e.g. 'HT' (endplay's str() uses suit symbols)."
        return "SHDC"[card.suit] + card.rank.abbr

    # ---- serialisers: everything the client can see, minus node counts
    def ser_board(sb):
        d = sb._data
        n = d.cards
        m = max(0, min(n, 13))
        return {
            "cards": n,
            "suit": list(d.suit[:m]),
            "rank": list(d.rank[:m]),
            "equals": list(d.equals[:m]),
            "score": list(d.score[:m]),
            "iter": [f"{cs(c)}:{s}" for c, s in sb],
        }

    def ser_par(p):
        d = p._data
        raw = [
            [c.underTricks, c.overTricks, c.level, c.denom, c.seats]
            for c in d.contracts[: max(0, min(d.number, 10))]
        ]
        # ParList.__iter__ mutates the raw data, so take `raw` first.
        return {
            "score": p.score,
            "number": d.number,
            "raw": raw,
            "contracts": [str(c).translate(ASCII_SUITS) for c in p],
        }

    def ser_plays(spl):
        return [list(sp) for sp in spl]

    # ---- deterministic positions (pure Python; no library output used)
    def legal(deal) -> list:
        hand = list(deal.curhand)
        trick = deal.curtrick
        if trick:
            follow = [c for c in hand if c.suit == trick[0].suit]
            if follow:
                return follow
        return hand

    def play_random(deal, rng, ncards) -> list:
        played = []
        for _ in range(ncards):
            moves = legal(deal)
            if not moves:
                break
            c = rng.choice(moves)
            deal.play(c)
            played.append(cs(c))
        return played

    def position(pbn, first, trump, history):
        d = Deal(pbn, first=first, trump=trump)
        for c in history:
            d.play(c)
        return d

    def desc(pbn, first, trump, history=(), **extra):
        r = {
            "pbn": pbn,
            "first": "NESW"[first],
            "trump": "SHDCN"[trump],
            "history": list(history),
        }
        r.update(extra)
        return r

    def chunks(seq, n):
        return [seq[k : k + n] for k in range(0, len(seq), n)]

    modes_targets = [
        (SolveMode.Default, None),
        (SolveMode.OptimalOne, None),
        (SolveMode.OptimalAll, None),
        (SolveMode.LegalOne, None),
        (SolveMode.LegalAll, None),
    ]

    t_work = time.perf_counter()
    pbns = [random_pbn(random.Random(f"endplay-client:{args.seed}:{i}")) for i in range(args.deals)]
    # ---- errors the client can provoke: the DDSError text must be equal too.
    # Run first, while the library is fresh: DDS keeps per-thread search
    # state between calls (e.g. the previous search's best move, which
    # orders the next call's root moves), and after the
    # multi-threaded calls that state depends on scheduling (the bundled DDS
    # once answered the revoke case below with [4,4,4] there, [5,6,6] here).
    pbn0 = pbns[0]
    call(
        "error/calc_all_tables/exclude_all",
        "errors",
        {"pbns": [pbn0], "exclude": "SHDCN"},
        lambda: [t.to_list() for t in dds.calc_all_tables([Deal(pbn0)], list(Denom))],
    )
    too_many = (pbns * 41)[:41]
    call(
        "error/calc_all_tables/41_tables",
        "errors",
        {"pbns": too_many},
        lambda: [t.to_list() for t in dds.calc_all_tables([Deal(x) for x in too_many])],
    )
    call(
        "error/solve_board/target=14",
        "errors",
        desc(pbn0, 1, 4, mode="TargetOne", target=14),
        lambda: ser_board(dds.solve_board(Deal(pbn0, Player.east), SolveMode.TargetOne, 14)),
    )

    def short_hand():
        d = Deal(pbn0, Player.east)
        d.north.remove(list(d.north)[0])
        return ser_board(dds.solve_board(d))

    call("error/solve_board/12_cards_north", "errors", desc(pbn0, 1, 4, note="one card removed from N"), short_hand)

    def duplicate_card():
        d = Deal(pbn0, Player.east)
        n0 = list(d.north)[0]
        e0 = list(d.east)[0]
        d.east.remove(e0)
        d.east.add(n0)
        return ser_board(dds.solve_board(d))

    call("error/solve_board/duplicate", "errors", desc(pbn0, 1, 4, note="E's first card replaced by N's first"), duplicate_card)

    # A revoke: E leads, S discards although S holds the suit led.
    d = Deal(pbn0, Player.east, Denom.nt)
    lead = list(d.east)[0]
    d.play(lead)
    off = [c for c in d.curhand if c.suit != lead.suit]
    follow = [c for c in d.curhand if c.suit == lead.suit]
    if off and follow:
        revoke_play = [cs(lead), cs(off[0])]
        call(
            "error/analyse_play/revoke",
            "errors",
            desc(pbn0, 1, 4, play=revoke_play, note="2nd card revokes"),
            lambda: list(dds.analyse_play(Deal(pbn0, Player.east, Denom.nt), revoke_play)),
        )

    w0 = cs(list(Deal(pbn0).west)[0])
    call(
        "error/analyse_play/not_in_hand",
        "errors",
        desc(pbn0, 1, 4, play=[w0], note="E leads W's card"),
        lambda: list(dds.analyse_play(Deal(pbn0, Player.east, Denom.nt), [w0])),
    )

    open_positions = []  # (pbn, first, trump) for batch calls
    mid_positions = []  # (pbn, first, trump, history)
    batch_plays = []  # (pbn, first, trump, play)

    for i, pbn in enumerate(pbns):
        rng = random.Random(f"endplay-client:{args.seed}:{i}:play")
        deal = Deal(pbn)
        p = f"d{i:03d}"

        # -- double dummy table and par
        table_holder = {}

        def table_fn(deal=deal):
            t = dds.calc_dd_table(deal)
            table_holder["t"] = t
            return t.to_list()

        call(f"{p}/calc_dd_table", "calc_dd_table", desc(pbn, 0, 4), table_fn)
        if "t" in table_holder:
            table = table_holder["t"]
            for vul in Vul:
                for dealer in Player:
                    call(
                        f"{p}/par/vul={vul.name}/dealer={'NESW'[dealer]}",
                        "par",
                        desc(pbn, 0, 4, vul=vul.name, dealer="NESW"[dealer], via="DDTable"),
                        lambda vul=vul, dealer=dealer: ser_par(dds.par(table, vul, dealer)),
                    )
        if i % 4 == 0:
            board_no = i + 1
            dealer = Player.west.next(board_no)
            call(
                f"{p}/par/board={board_no}",
                "par",
                desc(pbn, 0, 4, board=board_no, dealer="NESW"[dealer], via="Deal"),
                lambda deal=deal, b=board_no, dl=dealer: ser_par(dds.par(deal, b, dl)),
            )

        # -- solve_board at the opening lead, several strains and leaders
        strains = [Denom.nt, Denom(rng.randrange(4)), Denom(rng.randrange(4))]
        for si, trump in enumerate(strains):
            first = Player(rng.randrange(4))
            base = f"{p}/s{si}/{'SHDCN'[trump]}/lead={'NESW'[first]}"
            open_positions.append((pbn, first, trump))
            mt = list(modes_targets) if si == 0 else [(SolveMode.Default, None)]
            if si == 0:
                for t in sorted({rng.randint(1, 13), rng.randint(5, 9)}):
                    mt.append((SolveMode.TargetOne, t))
                    mt.append((SolveMode.TargetAll, t))
            for mode, target in mt:
                tag = mode.name + ("" if target is None else f"/t={target}")
                call(
                    f"{base}/open/solve_board/{tag}",
                    "solve_board",
                    desc(pbn, first, trump, mode=mode.name, target=target),
                    lambda pos=(pbn, first, trump, ()), mode=mode, target=target: ser_board(
                        dds.solve_board(position(*pos), mode, target)
                    ),
                )
            if si == 0:
                call(
                    f"{base}/open/legal_moves",
                    "Deal.legal_moves",
                    desc(pbn, first, trump),
                    lambda pos=(pbn, first, trump, ()): [
                        cs(c) for c in position(*pos).legal_moves()
                    ],
                )
                for dif in (False, True):
                    call(
                        f"{base}/open/analyse_start/dif={int(dif)}",
                        "analyse_start",
                        desc(pbn, first, trump, declarer_is_first=dif),
                        lambda pos=(pbn, first, trump, ()), dif=dif: dds.analyse_start(
                            position(*pos), dif
                        ),
                    )

            # -- mid-trick positions: 1, 2, 3 cards into the opening trick
            d = Deal(pbn, first=first, trump=trump)
            history = []
            for k in range(3):
                history += play_random(d, rng, 1)
                if k == (i + si) % 3:
                    mid_positions.append((pbn, first, trump, tuple(history)))
                call(
                    f"{base}/trick1+{k + 1}/solve_board/Default",
                    "solve_board",
                    desc(pbn, first, trump, history, mode="Default"),
                    lambda pos=(pbn, first, trump, tuple(history)): ser_board(
                        dds.solve_board(position(*pos))
                    ),
                )
            # -- later: finish the trick, a few more tricks, 0-3 cards more
            history += play_random(d, rng, 1 + 4 * rng.randint(1, 6) + rng.randint(0, 3))
            mid_positions.append((pbn, first, trump, tuple(history)))
            for mode in (SolveMode.Default, SolveMode.OptimalAll):
                call(
                    f"{base}/later{len(history)}/solve_board/{mode.name}",
                    "solve_board",
                    desc(pbn, first, trump, history, mode=mode.name),
                    lambda pos=(pbn, first, trump, tuple(history)), mode=mode: ser_board(
                        dds.solve_board(position(*pos), mode)
                    ),
                )
            if si == 0:
                call(
                    f"{base}/later{len(history)}/legal_moves",
                    "Deal.legal_moves",
                    desc(pbn, first, trump, history),
                    lambda pos=(pbn, first, trump, tuple(history)): [
                        cs(c) for c in position(*pos).legal_moves()
                    ],
                )

            # -- analyse_play: a random legal play of a few tricks
            if si < 2:
                d = Deal(pbn, first=first, trump=trump)
                play = play_random(d, rng, rng.randint(4, 20))
                batch_plays.append((pbn, first, trump, play))
                dif = (i + si) % 2 == 1
                call(
                    f"{base}/open/analyse_play/n={len(play)}/dif={int(dif)}",
                    "analyse_play",
                    desc(pbn, first, trump, play=play, declarer_is_first=dif),
                    lambda pos=(pbn, first, trump, ()), play=play, dif=dif: list(
                        dds.analyse_play(position(*pos), play, dif)
                    ),
                )
                if si == 0:
                    # From a mid-trick position as well.
                    h2 = tuple(history[:2]) if len(history) >= 2 else ()
                    d = position(pbn, first, trump, h2)
                    play2 = play_random(d, rng, rng.randint(2, 9))
                    call(
                        f"{base}/trick1+2/analyse_play/n={len(play2)}",
                        "analyse_play",
                        desc(pbn, first, trump, h2, play=play2),
                        lambda pos=(pbn, first, trump, h2), play=play2: list(
                            dds.analyse_play(position(*pos), play)
                        ),
                    )

    # ---- batch (multi-threaded) calls

    # DDS allows 40 tables with all five strains (MAXNOOFTABLES * 5 boards);
    # each deal goes to one of three strain filters, to keep the run short.
    q = (len(pbns) + 3) // 4
    groups = (
        ((), 40, pbns[:q]),
        ((Denom.nt,), 50, pbns[q : 2 * q]),
        ((Denom.spades, Denom.hearts, Denom.diamonds), 100, pbns[2 * q :]),
    )
    for exclude, size, group in groups:
        ex = "".join("SHDCN"[d] for d in exclude) or "none"
        for ci, chunk in enumerate(chunks(group, size)):
            call(
                f"batch/calc_all_tables/exclude={ex}/chunk{ci}",
                "calc_all_tables",
                {"pbns": chunk, "exclude": ex},
                lambda chunk=chunk, exclude=exclude: [
                    t.to_list() for t in dds.calc_all_tables([Deal(x) for x in chunk], exclude)
                ],
            )

    # Opening leads in the second strain of each deal (all cards scored),
    # mid-trick positions with OptimalAll.
    open2 = open_positions[1::3]
    for ci, chunk in enumerate(chunks(open2, 200)):
        call(
            f"batch/solve_all_boards/open/chunk{ci}",
            "solve_all_boards",
            {"positions": [desc(*x) for x in chunk]},
            lambda chunk=chunk: [
                ser_board(b) for b in dds.solve_all_boards([position(*x, ()) for x in chunk])
            ],
        )
    for ci, chunk in enumerate(chunks(mid_positions, 200)):
        call(
            f"batch/solve_all_boards/mid/OptimalAll/chunk{ci}",
            "solve_all_boards",
            {"positions": [desc(*x, mode="OptimalAll") for x in chunk]},
            lambda chunk=chunk: [
                ser_board(b)
                for b in dds.solve_all_boards([position(*x) for x in chunk], SolveMode.OptimalAll)
            ],
        )
    for ci, chunk in enumerate(chunks(batch_plays, 200)):
        dif = ci % 2 == 1
        call(
            f"batch/analyse_all_plays/chunk{ci}/dif={int(dif)}",
            "analyse_all_plays",
            {"plays": [desc(*x[:3], play=x[3]) for x in chunk], "declarer_is_first": dif},
            lambda chunk=chunk, dif=dif: ser_plays(
                dds.analyse_all_plays(
                    [position(*x[:3], ()) for x in chunk], [x[3] for x in chunk], dif
                )
            ),
        )
    for ci, chunk in enumerate(chunks(open2, 200)):
        call(
            f"batch/analyse_all_starts/chunk{ci}",
            "analyse_all_starts",
            {"positions": [desc(*x) for x in chunk]},
            lambda chunk=chunk: dds.analyse_all_starts([position(*x, ()) for x in chunk]),
        )

    t_work = time.perf_counter() - t_work
    out = {
        "loaded": loaded,
        "info": info,
        "deals": args.deals,
        "seed": args.seed,
        "import_s": t_import,
        "work_s": t_work,
        "times": times,
        "results": results,
        "inputs": inputs,
    }
    with open(args.worker, "w") as f:
        json.dump(out, f)
    return 0


# ---------------------------------------------------------------------------
# Parent: swaps the library, runs the workers, compares.
# ---------------------------------------------------------------------------


def find_bundled_library() -> str:
    spec = importlib.util.find_spec("endplay")  # top level: does not import it
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("endplay is not installed for " + sys.executable)
    pkg_dir = list(spec.submodule_search_locations)[0]
    lib = os.path.join(pkg_dir, "_dds", "libdds.so")
    if not os.path.isfile(lib):
        raise SystemExit(f"endplay's bundled library not found at {lib}")
    return lib


def replace_file(src: str, dst: str) -> None:
    """Copy src over dst atomically (new inode; a loaded old copy is unaffected)."""
    tmp = dst + ".endplay_client_tmp"
    shutil.copyfile(src, tmp)
    os.chmod(tmp, 0o755)
    os.replace(tmp, dst)


def run_worker(label: str, expect_sha: str, args, tmpdir: str):
    out = os.path.join(tmpdir, f"{label}.json")
    cmd = [
        sys.executable,
        os.path.abspath(__file__),
        "--worker", out,
        "--expect-sha", expect_sha,
        "--deals", str(args.deals),
        "--seed", str(args.seed),
    ]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    wall = time.perf_counter() - t0
    if p.returncode != 0 or not os.path.exists(out):
        sys.stdout.write(p.stdout)
        sys.stderr.write(p.stderr)
        how = f"signal {-p.returncode}" if p.returncode < 0 else f"exit status {p.returncode}"
        raise RuntimeError(f"{label} run failed ({how})")
    if p.stderr.strip():
        print(f"[{label} stderr]\n{p.stderr.rstrip()}")
    with open(out) as f:
        res = json.load(f)
    res["wall_s"] = wall
    return res


def short(v, limit=400) -> str:
    s = json.dumps(v, separators=(",", ":"))
    return s if len(s) <= limit else s[:limit] + "..."


def order_only(a, b) -> bool:
    """The same items in another order? (solve_board cards, par contracts,
    legal_moves lists)"""
    try:
        if isinstance(a, list) and isinstance(b, list):
            return a != b and sorted(map(json.dumps, a)) == sorted(map(json.dumps, b))
        if isinstance(a, dict) and "suit" in a:
            ka = sorted(zip(a["suit"], a["rank"], a["equals"], a["score"]))
            kb = sorted(zip(b["suit"], b["rank"], b["equals"], b["score"]))
            return a["cards"] == b["cards"] and ka == kb
        if isinstance(a, dict) and "raw" in a:
            return (a["score"], a["number"]) == (b["score"], b["number"]) and order_only(
                a["raw"], b["raw"]
            )
    except Exception:
        pass
    return False


def known_difference(key: str, rb: dict, vb, vo) -> str:
    """The documented difference a result shows, or "" (README, "What
    equals DDS"): with a target (or target 0) and solutions 1 or 2, which
    card DDS lists first depends on what the same DDS thread solved before;
    after a revoke in a play given to AnalysePlay, our values are the double
    dummy ones (checked against minimax in crates/dds/tests/play.rs) and
    DDS's may differ."""
    if key.endswith("/revoke") and "ok" in vb and "ok" in vo:
        # Both analyse the play; after a revoke DDS's search state is not
        # the position's (its values differ from plain minimax), ours is.
        return "values after a revoke"
    if "ok" not in vb or "ok" not in vo:
        return ""
    root_order = ("/LegalAll", "/legal_moves") + tuple(f"/TargetAll/t={t}" for t in range(14))
    if key.endswith(root_order) and order_only(vb["ok"], vo["ok"]):
        return "root order"
    one = next((m for m in ("/LegalOne", "/TargetOne") if m in key), None)
    if one and vb["ok"].get("cards") == vo["ok"].get("cards") == 1:
        every = rb.get(key.replace(one, one.replace("One", "All")))
        if every and "ok" in every["value"]:
            a = every["value"]["ok"]
            cards = set(zip(a["suit"], a["rank"], a["score"]))
            o = vo["ok"]
            if (o["suit"][0], o["rank"][0], o["score"][0]) in cards:
                return "another card reaching the target"
    return ""


def compare(bund: dict, ours: dict) -> int:
    rb, ro = bund["results"], ours["results"]
    fns: dict = {}
    diffs = []
    known: dict = {}
    for key in list(rb) + [k for k in ro if k not in rb]:
        fn = (rb.get(key) or ro.get(key))["fn"]
        st = fns.setdefault(fn, [0, 0])
        st[0] += 1
        if key not in rb or key not in ro:
            st[1] += 1
            diffs.append((key, "missing in " + ("bundled" if key not in rb else "ours")))
            continue
        vb, vo = rb[key]["value"], ro[key]["value"]
        if vb != vo and known_difference(key, rb, vb, vo):
            reason = known_difference(key, rb, vb, vo)
            known[reason] = known.get(reason, 0) + 1
        elif vb != vo:
            st[1] += 1
            note = ""
            if "ok" in vb and "ok" in vo and order_only(vb["ok"], vo["ok"]):
                note = " (same items, different order)"
            diffs.append(
                (key, f"input:   {short(bund['inputs'][key], 2000)}\n"
                      f"    bundled: {short(vb)}\n    ours:    {short(vo)}{note}")
            )

    print(f"deals: {bund['deals']} (seed {bund['seed']})")
    print(f"bundled DDS: {bund['loaded']['path']} sha256 {bund['loaded']['sha256'][:16]} "
          f"({bund['loaded']['size']} bytes) info {bund['info']}")
    print(f"ours:        {ours['loaded']['path']} sha256 {ours['loaded']['sha256'][:16]} "
          f"({ours['loaded']['size']} bytes) info {ours['info']}")
    print()
    print(f"{'function':<20} {'calls':>6} {'differ':>6} {'bundled s':>10} {'ours s':>10}")
    for fn, (n, nd) in fns.items():
        tb = bund["times"].get(fn, 0.0)
        to = ours["times"].get(fn, 0.0)
        print(f"{fn:<20} {n:>6} {nd:>6} {tb:>10.3f} {to:>10.3f}")
    print(f"{'workload total':<34} {bund['work_s']:>10.3f} {ours['work_s']:>10.3f}")
    print(f"{'subprocess wall':<34} {bund['wall_s']:>10.3f} {ours['wall_s']:>10.3f}")
    print()
    for reason, n in known.items():
        print(f"documented difference ({reason}): {n}")
    if diffs:
        print(f"{len(diffs)} DIFFERENCE(S):")
        for key, text in diffs:
            print(f"  {key}\n    {text}")
        print("reproduce: d = Deal(pbn, first=Player.find(first), trump=Denom.find(trump)); "
              "for c in history: d.play(c); then the call named in the key")
        return 1
    print(f"all {sum(n for n, _ in fns.values())} results equal")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ours", help="path to our libddscapi.so")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=900.0, help="per run, seconds")
    ap.add_argument("--keep", help="directory to keep both JSON result files in")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--expect-sha", help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.worker:
        return worker(args)
    if not args.ours:
        ap.error("--ours is required")
    ours = os.path.abspath(args.ours)
    if not os.path.isfile(ours):
        ap.error(f"{ours} does not exist")

    lib = find_bundled_library()
    backup = lib + BACKUP_SUFFIX
    if os.path.exists(backup):
        print(f"restoring {lib} from {backup} left by an interrupted run")
        replace_file(backup, lib)
        os.remove(backup)
    # Snapshot ours first: the build output may be rewritten while we run.
    tmpdir = tempfile.mkdtemp(prefix="endplay_client_")
    snapshot = os.path.join(tmpdir, "libdds.ours.so")
    shutil.copyfile(ours, snapshot)
    sha_bundled, sha_ours = sha256(lib), sha256(snapshot)
    if sha_bundled == sha_ours:
        print(f"error: {lib} is already identical to {ours}; reinstall endplay "
              f"(pip install --force-reinstall endplay==0.5.12)")
        shutil.rmtree(tmpdir, ignore_errors=True)
        return 1

    # SIGTERM/SIGHUP -> exception, so that the finally below restores the file.
    def _term(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, _term)
    signal.signal(signal.SIGHUP, _term)

    try:
        print(f"endplay's library: {lib}\nours: {ours} (sha256 {sha_ours[:16]})\n", flush=True)
        bund = run_worker("bundled", sha_bundled, args, tmpdir)
        shutil.copyfile(lib, backup)
        try:
            replace_file(snapshot, lib)
            mine = run_worker("ours", sha_ours, args, tmpdir)
        finally:
            replace_file(backup, lib)
            if sha256(lib) != sha_bundled:
                print(f"error: {lib} was not restored; backup kept at {backup}")
                return 1
            os.remove(backup)
        rc = compare(bund, mine)
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            for name in ("bundled.json", "ours.json"):
                shutil.copyfile(os.path.join(tmpdir, name), os.path.join(args.keep, name))
        return rc
    except KeyboardInterrupt as e:
        print(f"interrupted ({e}); endplay's library restored")
        return 130
    except Exception as e:
        print(f"error: {e}")
        return 1
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
