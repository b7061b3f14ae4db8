"""The examples of the docstrings run and give what they show; every public
name has a docstring; the stubs name every public function and class."""

import doctest
import inspect
import os

import pytest

import ddsrs

STUBS = os.path.join(os.path.dirname(ddsrs.__file__), "_ddsrs.pyi")


def docstrings():
    """(name, docstring) of the package, its public names and their
    methods."""
    yield "ddsrs", ddsrs.__doc__
    for name in ddsrs.__all__:
        obj = getattr(ddsrs, name)
        if callable(obj):
            yield name, obj.__doc__
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and getattr(value, "__doc__", None):
                    yield f"{name}.{attr}", value.__doc__


@pytest.mark.parametrize("name,doc", list(docstrings()), ids=lambda x: x if isinstance(x, str) and "\n" not in x else "")
def test_docstring_examples(name, doc):
    assert doc, f"{name} has no docstring"
    globs = {name: getattr(ddsrs, name) for name in ddsrs.__all__}
    globs["ddsrs"] = ddsrs
    test = doctest.DocTestParser().get_doctest(doc, globs, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{name}: {runner.failures} example(s) failed (see the output above)"


def test_every_function_has_an_example():
    for name in ddsrs.__all__:
        obj = getattr(ddsrs, name)
        if inspect.isbuiltin(obj) and not name.startswith("_"):
            assert ">>>" in obj.__doc__, f"{name} has no example"


def test_stubs_cover_the_module():
    with open(STUBS) as f:
        stubs = f.read()
    for name in ddsrs.__all__:
        if name == "__version__":
            continue
        assert f"def {name}(" in stubs or f"class {name}(" in stubs or f"class {name}:" in stubs or (
            f"{name}:" in stubs
        ), f"{name} is missing from _ddsrs.pyi"
    assert os.path.exists(os.path.join(os.path.dirname(ddsrs.__file__), "py.typed"))


def test_endplay_module_docs():
    pytest.importorskip("endplay")
    import ddsrs.endplay

    assert ddsrs.endplay.__doc__
    for name in ("solve_board", "solve_all_boards", "calc_dd_table", "calc_all_tables", "par", "analyse_start",
                 "analyse_play", "analyse_all_starts", "analyse_all_plays"):
        obj = getattr(ddsrs.endplay, name)
        assert obj.__doc__ and obj.__module__ == "ddsrs.endplay", name


def test_stubs_match_the_module():
    """mypy's stubtest: every name, signature and class of _ddsrs.pyi as at
    run time."""
    pytest.importorskip("mypy")
    import subprocess
    import sys

    import tempfile

    # From an empty folder: mypy reads the current folder's modules first.
    with tempfile.TemporaryDirectory() as empty:
        run = subprocess.run(
            [sys.executable, "-m", "mypy.stubtest", "ddsrs._ddsrs"], capture_output=True, text=True, cwd=empty
        )
    assert run.returncode == 0, run.stdout + run.stderr
