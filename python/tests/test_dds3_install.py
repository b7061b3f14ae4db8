"""``import dds3`` on ddsrs, as a BEN user gets it: ``python -m ddsrs.dds3
--install`` in a fresh virtual environment holding the wheel, then BEN's
kind of import and calls in a new process, against the hand files' known
answers; and the user told, never silently shadowed, when a ``dds3`` that
is not ddsrs's (DDS 3's own, here a fake one) is installed too.

The wheel is ``$DDSRS_WHEEL`` (python/ci.sh sets it), else the newest in
``target/python-wheels``. It is installed with this environment's pip into
the site-packages of a venv of its own; numpy, its dependency, is this environment's, linked
from a folder of a ``.pth`` line (read after the venv's own
``site-packages``).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import textwrap

import numpy
import pytest
from conftest import ROOT, card

FAKE_DDS3 = 'REAL_DDS3 = True\n\n\ndef module_name():\n    return "_dds3"\n'


def wheel_path() -> str:
    path = os.environ.get("DDSRS_WHEEL")
    if path:
        return path
    wheels = sorted(glob.glob(os.path.join(ROOT, "target", "python-wheels", "ddsrs-*.whl")), key=os.path.getmtime)
    if not wheels:
        pytest.skip("no ddsrs wheel: run python/ci.sh, or set DDSRS_WHEEL")
    return wheels[-1]


class Venv:
    """A fresh virtual environment with the wheel installed."""

    def __init__(self, folder):
        self.folder = str(folder)
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", self.folder], check=True)
        bindir = "Scripts" if os.name == "nt" else "bin"
        self.python = os.path.join(self.folder, bindir, "python.exe" if os.name == "nt" else "python")
        self.site = self.run_python("-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
        # numpy alone (links to this environment's), not the rest of this
        # environment's site-packages, which holds ddsrs too.
        deps = os.path.join(self.folder, "numpy-of-the-tests")
        os.makedirs(deps)
        site = os.path.dirname(os.path.dirname(os.path.abspath(numpy.__file__)))
        for name in ("numpy", "numpy.libs"):
            if os.path.exists(os.path.join(site, name)):
                os.symlink(os.path.join(site, name), os.path.join(deps, name))
        with open(os.path.join(self.site, "_numpy_of_the_tests.pth"), "w") as f:
            f.write(deps + "\n")
        # Into the venv's site-packages (--target: any pip version does it).
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
             "--disable-pip-version-check", "--target", self.site, wheel_path()],
            check=True,
        )  # fmt: skip
        self.cwd = os.path.join(self.folder, "work")
        os.makedirs(self.cwd)

    def run_python(self, *args, check=False):
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONWARNINGS")}
        run = subprocess.run([self.python, *args], capture_output=True, text=True, env=env,
                             cwd=getattr(self, "cwd", None), timeout=300)  # fmt: skip
        if check:
            assert run.returncode == 0, run.stderr
        return run

    def command(self, *args):
        """``python -m ddsrs.dds3 ARGS``: (status, stdout, stderr)."""
        run = self.run_python("-m", "ddsrs.dds3", *args)
        return run.returncode, run.stdout, run.stderr


@pytest.fixture
def venv(tmp_path):
    return Venv(tmp_path / "venv")


# BEN's way: ``import dds3``, its functions by name, one context per thread.
BEN_STYLE = textwrap.dedent("""
    import json, sys
    import dds3
    from dds3 import SolverContext, calc_dd_table, par, solve_board_pbn

    with open(sys.argv[1]) as f:
        records = json.load(f)
    ctx = SolverContext()
    out = {"file": dds3.__file__, "futs": [], "tables": [], "pars": []}
    for r in records:
        if r["fut"]:
            fut = solve_board_pbn(r["deal"], trump=r["strain"], first=r["leader"], target=-1, solutions=3, mode=1,
                                  context=ctx)
            out["futs"].append(fut)
        table = dds3.calc_all_tables_pbn([r["deal"]])["tables"][0]
        out["tables"].append(table["res_table"])
        out["pars"].append(par(table, vulnerable=r["vul"]) if r["par"] else None)
    import ddsrs.dds3
    out["same"] = dds3.solve_board_pbn is ddsrs.dds3.solve_board_pbn and calc_dd_table is ddsrs.dds3.calc_dd_table
    print(json.dumps(out))
""")


def fut_cards(fut: dict) -> list:
    """A futureTricks dict as the hand files write FUT: [card, equals, score]."""
    out = []
    for i in range(fut["cards"]):
        s = fut["suit"][i]
        equals = [card(s, q) for q in range(14, 1, -1) if fut["equals"][i] & (1 << q)]
        out.append([card(s, fut["rank"][i]), equals, fut["score"][i]])
    return out


def test_install_makes_ben_style_import_dds3_give_dds_answers(venv, list10, tmp_path):
    shim = os.path.join(venv.site, "dds3", "__init__.py")
    assert not os.path.exists(shim)
    assert venv.run_python("-c", "import dds3").returncode != 0  # nothing named dds3 before

    status, stdout, stderr = venv.command("--install")
    assert status == 0, stderr
    assert stderr == ""
    assert f"installed ddsrs's dds3 at {shim}" in stdout, stdout
    assert os.path.exists(shim)

    records = [{"deal": r.deal, "strain": r.strain, "leader": r.leader, "vul": r.vul, "fut": bool(r.fut),
                "par": bool(r.par)} for r in list10]  # fmt: skip
    with open(tmp_path / "records.json", "w") as f:
        json.dump(records, f)
    # A fresh process, as BEN starts: no warning at all (-W error turns one into a failure).
    run = venv.run_python("-W", "error", "-c", BEN_STYLE, str(tmp_path / "records.json"), check=True)
    assert run.stderr == ""
    got = json.loads(run.stdout)
    assert got["file"] == shim and got["same"]
    assert [fut_cards(f) for f in got["futs"]] == [[list(c) for c in r.fut] for r in list10 if r.fut]
    assert len(got["futs"]) >= 5
    assert got["tables"] == [r.table for r in list10]
    for r, p in zip(list10, got["pars"]):
        if r.par:
            assert p == {"par_score": list(r.par[0]), "par_contracts_string": list(r.par[1])}, f"line {r.line}"

    # What `import dds3` gives, said.
    status, stdout, _ = venv.command()
    assert status == 0 and stdout.strip() == f"import dds3 gives {shim}: ddsrs's stand-in"
    # Again: the stand-in refreshed, still alone.
    status, stdout, stderr = venv.command("--install")
    assert status == 0 and stdout.startswith("updated ddsrs's dds3"), stderr

    status, stdout, stderr = venv.command("--uninstall")
    assert status == 0 and "removed ddsrs's dds3" in stdout, stderr
    assert not os.path.exists(os.path.dirname(shim))
    run = venv.run_python("-c", "import dds3")
    assert run.returncode != 0 and "No module named 'dds3'" in run.stderr


def test_install_refuses_beside_a_real_dds3(venv):
    # DDS 3's wheel installs a package dds3 in site-packages: ddsrs's would
    # take its place. Refused, in one line naming it; the fake is left alone.
    fake = os.path.join(venv.site, "dds3", "__init__.py")
    os.makedirs(os.path.dirname(fake))
    with open(fake, "w") as f:
        f.write(FAKE_DDS3)
    status, stdout, stderr = venv.command("--install")
    assert status == 1 and stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("python -m ddsrs.dds3: error: not installed: a dds3 that is not ddsrs's is installed "
                               f"at {fake}"), lines[0]  # fmt: skip
    assert "pip uninstall dds3" in lines[0]
    with open(fake) as f:
        assert f.read() == FAKE_DDS3
    run = venv.run_python("-c", "import dds3; print(dds3.REAL_DDS3)", check=True)
    assert run.stdout.strip() == "True"
    # Nor is it removed as if it were ddsrs's.
    status, _, stderr = venv.command("--uninstall")
    assert status == 1 and f"the dds3 at {fake} is not ddsrs's stand-in" in stderr
    assert os.path.exists(fake)
    status, stdout, _ = venv.command()
    assert status == 0 and stdout.strip() == f"import dds3 gives {fake}: not ddsrs's (DDS 3's?)"


def test_stand_in_warns_when_it_shadows_a_dds3_installed_after_it(venv, tmp_path):
    status, _, stderr = venv.command("--install")
    assert status == 0, stderr
    shim = os.path.join(venv.site, "dds3", "__init__.py")
    # A DDS 3 installed afterwards in a folder further along sys.path (a .pth
    # line): ddsrs's stand-in, found first, now hides it.
    other = tmp_path / "other"
    (other / "dds3").mkdir(parents=True)
    (other / "dds3" / "__init__.py").write_text(FAKE_DDS3)
    with open(os.path.join(venv.site, "zz_other.pth"), "w") as f:
        f.write(str(other) + "\n")
    run = venv.run_python("-c", "import dds3; print(dds3.module_name(), hasattr(dds3, 'REAL_DDS3'))", check=True)
    assert run.stdout.split() == ["_dds3", "False"]  # ddsrs's answers...
    fake = str(other / "dds3" / "__init__.py")
    assert "RuntimeWarning" in run.stderr, run.stderr  # ... said loudly
    assert f"dds3 is ddsrs's stand-in ({shim}), which shadows another dds3 at {fake}" in run.stderr, run.stderr
    assert "python -m ddsrs.dds3 --uninstall" in run.stderr
    status, stdout, _ = venv.command()
    assert stdout.splitlines() == [f"import dds3 gives {shim}: ddsrs's stand-in",
                                   f"shadowed: {fake}: not ddsrs's (DDS 3's?)"]  # fmt: skip
    # Uninstalled, the other one is back.
    status, _, stderr = venv.command("--uninstall")
    assert status == 0, stderr
    run = venv.run_python("-W", "error", "-c", "import dds3; print(dds3.REAL_DDS3)", check=True)
    assert run.stdout.strip() == "True"


def test_stand_in_without_ddsrs_says_what_it_is(venv):
    # pip uninstall ddsrs leaves the stand-in: importing it says what to do.
    status, _, stderr = venv.command("--install")
    assert status == 0, stderr
    for path in glob.glob(os.path.join(venv.site, "ddsrs*")):  # the package and its dist-info, as pip removes them
        shutil.rmtree(path)
    run = venv.run_python("-c", "import dds3")
    assert run.returncode == 1
    assert "is ddsrs's stand-in for DDS 3's, but ddsrs cannot be imported" in run.stderr, run.stderr


def test_an_extension_dds3_beside_the_stand_in_is_not_missed(venv):
    # DDS 3 installed later into the same site-packages as a bare extension
    # module: the stand-in's package, found first there, hides it. It is
    # told at import and by the status, and --install refuses.
    status, _, stderr = venv.command("--install")
    assert status == 0, stderr
    shim = os.path.join(venv.site, "dds3", "__init__.py")
    suffix = venv.run_python("-c", "import importlib.machinery as m; print(m.EXTENSION_SUFFIXES[0])",
                             check=True).stdout.strip()  # fmt: skip
    extension = os.path.join(venv.site, "dds3" + suffix)
    with open(extension, "wb") as f:
        f.write(b"\x7fELF not a real extension")
    run = venv.run_python("-c", "import dds3; print(dds3.module_name())", check=True)
    assert run.stdout.strip() == "_dds3"
    assert f"which shadows another dds3 at {extension}" in run.stderr, run.stderr
    status, stdout, _ = venv.command()
    assert stdout.splitlines() == [f"import dds3 gives {shim}: ddsrs's stand-in",
                                   f"shadowed: {extension}: not ddsrs's (DDS 3's?)"]  # fmt: skip
    status, _, stderr = venv.command("--install")
    assert status == 1 and f"a dds3 that is not ddsrs's is installed at {extension}" in stderr, stderr
    assert os.path.exists(extension)


def test_uninstall_removes_only_the_package_install_writes(venv):
    # A marked single-file dds3.py (a user's copy of the stand-in) is not
    # what --install writes: --uninstall leaves it and its folder's cache.
    status, _, stderr = venv.command("--install")
    assert status == 0, stderr
    with open(os.path.join(venv.site, "dds3", "__init__.py")) as f:
        text = f.read()
    shutil.rmtree(os.path.join(venv.site, "dds3"))
    single = os.path.join(venv.site, "dds3.py")
    with open(single, "w") as f:
        f.write(text)
    cache = os.path.join(venv.site, "__pycache__")
    os.makedirs(cache, exist_ok=True)
    status, _, stderr = venv.command("--uninstall")
    assert status == 1 and f"the dds3 at {single} is not ddsrs's stand-in" in stderr, stderr
    assert os.path.exists(single) and os.path.isdir(cache)
