"""``python -m ddsrs.dask`` where ddsrs's ``dask`` extra is not installed,
and its argument errors, run as a user runs it: a new process.

The extra's absence is made in the child: a finder first on
``sys.meta_path`` answers the imports of ``dask``, ``distributed`` and
``pyarrow`` (and their submodules) with the ``ModuleNotFoundError`` of a
module that is not installed, before any finder could find them; the child
checks that it does. Nothing here needs the extra.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

WITHOUT_EXTRA = """
import importlib.abc, runpy, signal, sys

class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("dask", "distributed", "pyarrow"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NotInstalled())
for name in ("dask", "distributed", "pyarrow"):
    try:
        __import__(name)
    except ModuleNotFoundError:
        pass
    else:
        raise SystemExit(f"the test's finder let {name} through")
signal.signal(signal.SIGINT, signal.default_int_handler)
if sys.argv[1] == "--python":
    exec(sys.argv[2])
else:
    runpy.run_module("ddsrs.dask", run_name="__main__", alter_sys=True)
"""


def command(args, cwd):
    """``python -m ddsrs.dask ARGS`` without the extra: (status, stdout, stderr)."""
    run = subprocess.run([sys.executable, "-c", WITHOUT_EXTRA, *args], capture_output=True, text=True, cwd=cwd,
                         timeout=120)  # fmt: skip
    return run.returncode, run.stdout, run.stderr


def test_without_the_dask_extra_one_line_naming_it(tmp_path):
    out = tmp_path / "out"
    status, stdout, stderr = command(["--random", "4", "--out", str(out)], tmp_path)
    assert status == 1, stderr
    assert stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith(
        "python -m ddsrs.dask: error: ddsrs.dask needs ddsrs's \"dask\" extra, which is not installed "
        "(no module named 'distributed'): pip install \"dask[distributed]"
    ), lines[0]
    assert '"pyarrow' in lines[0] and '"pandas' in lines[0]
    assert not out.exists()
    # The same from Python: ddsrs.dask imports, run() raises ImportError saying so.
    status, stdout, stderr = command(["--python", (
        "from ddsrs import dask\n"
        "try:\n"
        "    dask.run(dask.RandomSource(4, 1), 'out')\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )], tmp_path)  # fmt: skip
    assert status == 0, stderr
    assert "needs ddsrs's \"dask\" extra, which is not installed" in stdout and not os.path.exists(tmp_path / "out")
    # --help needs no extra.
    status, stdout, stderr = command(["--help"], tmp_path)
    assert status == 0 and stdout.startswith("usage: python -m ddsrs.dask"), stderr


@pytest.mark.parametrize(
    "args,message",
    [
        (["--random", "4", "--threads", "2000"], "argument --threads: must be 0 (every core) to 1024, not 2000"),
        (["--random", "4", "--threads", "-1"], "argument --threads: must be 0 (every core) to 1024, not -1"),
        (["--random", "4", "--threads", "two"], "argument --threads: must be 0 (every core) to 1024, not 'two'"),
        (["--random", "0"], "argument --random: must be an int of 1 or more, not 0"),
        (["--random", "4", "--shard-size", "0"], "argument --shard-size: must be an int of 1 or more, not 0"),
        (["--random", "4", "--workers", "0"], "argument --workers: must be an int of 1 or more, not 0"),
        (["--random", "4", "--threads-per-worker", "-2"],
         "argument --threads-per-worker: must be an int of 1 or more, not -2"),
        (["--random", "4", "--seed", "1.5"], "argument --seed: must be an int, not '1.5'"),
        (["deals.txt", "--vul", "both ways"], "argument --vul: must be None, NS, EW or All, not 'both ways'"),
        (["deals.txt", "--dealer", "Q"], "argument --dealer: must be N, E, S or W, not 'Q'"),
        (["deals.txt", "--random", "4"], "give a file of deals or --random N, not both"),
        ([], "give a file of deals or --random N"),
        (["--random", "4", "--vul", "NS"], "--vul and --dealer are for a file of deals"),
    ],
)
def test_bad_arguments_say_which_and_what_is_allowed(tmp_path, args, message):
    out = tmp_path / "out"
    status, stdout, stderr = command([*args, "--out", str(out)], tmp_path)
    assert status == 2, stderr
    assert stdout == "" and "Traceback" not in stderr
    last = stderr.splitlines()[-1]
    assert last.startswith(f"python -m ddsrs.dask: error: {message}"), last
    assert "None or" not in last  # Python's wording of the function's argument, not the command's
    assert not out.exists()

