"""``python -m ddsrs.dds3 --install``: a module named ``dds3`` that stands in
for DDS 3's, answered by ``ddsrs.dds3``.

Programs that import DDS 3's module by its own name (BEN: ``import dds3``)
run on ddsrs once a package ``dds3`` holding ``from ddsrs.dds3 import *``
is on their path. The wheel does not ship one: installed beside a real
DDS 3 it would shadow it without a word (DDS 3's wheel installs a package
``dds3`` too). This module writes that stand-in on request, beside the
installed ``ddsrs`` package (its ``site-packages``, or ``--target``):

* ``--install`` refuses, naming it, when a ``dds3`` that is not ddsrs's is
  on ``sys.path`` (or in the target folder): nothing is shadowed unless
  that one is uninstalled first;
* the stand-in, on import, looks for another ``dds3`` further along
  ``sys.path`` (one installed after it) and, finding one, warns with a
  ``RuntimeWarning`` that it shadows it;
* ``--uninstall`` removes the stand-in, and only it;
* without an option, the command says what ``import dds3`` gives.

The stand-in's first line is :data:`MARK`: the mark of ddsrs's own.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import shutil
import sys
import warnings
from typing import List, Optional, Sequence, Tuple

#: The first line of the stand-in's ``__init__.py``: what tells ddsrs's
#: ``dds3`` from any other.
MARK = "# ddsrs's stand-in for DDS 3's module dds3 (python -m ddsrs.dds3 --install)."

#: The stand-in's ``dds3/__init__.py``.
SHIM = f'''{MARK}
# `import dds3` gives ddsrs.dds3: DDS 3's functions, answered by ddsrs.
# Remove it with `python -m ddsrs.dds3 --uninstall` (pip uninstall ddsrs leaves it).
"""DDS 3's module name, answered by ddsrs.dds3 (the package ddsrs)."""

try:
    from ddsrs._dds3_shim import warn_if_shadowing as _warn_if_shadowing
    from ddsrs.dds3 import *  # noqa: F401,F403
    from ddsrs.dds3 import __all__  # noqa: F401
except ImportError as _error:
    raise ImportError(
        f"this dds3 ({{__file__}}) is ddsrs's stand-in for DDS 3's, but ddsrs cannot be imported "
        f"({{_error}}): reinstall ddsrs, or delete the folder holding this file",
        name=__name__,
    ) from _error

_warn_if_shadowing(__file__)
del _warn_if_shadowing
'''

PROG = "python -m ddsrs.dds3"


def is_ours(origin: Optional[str]) -> bool:
    """Whether the module file ``origin`` is ddsrs's stand-in."""
    if not origin or not origin.endswith(".py"):
        return False
    try:
        with open(origin, encoding="utf-8") as f:
            return f.readline().rstrip("\r\n") == MARK
    except (OSError, UnicodeDecodeError):
        return False


def _same(a: str, b: str) -> bool:
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


def _modules_in(entry: str) -> List[str]:
    """The ``dds3`` modules of one path entry: the one ``import dds3``
    finds there first, then any module file beside it that a package of
    the same name hides (an extension ``dds3.cpython-*.so`` or
    ``dds3.pyd``, ``dds3.py``), so that a DDS 3 installed into the same
    folder as the stand-in is not missed."""
    found: List[str] = []
    try:
        spec = importlib.machinery.PathFinder.find_spec("dds3", [entry])
    except (ImportError, OSError, ValueError):
        spec = None
    if spec is not None and spec.has_location and spec.origin:
        found.append(spec.origin)
    folder = entry or os.getcwd()
    for suffix in importlib.machinery.all_suffixes():
        candidate = os.path.join(folder, "dds3" + suffix)
        if os.path.isfile(candidate) and not any(_same(candidate, f) for f in found):
            found.append(candidate)
    return found


def find_all(path: Optional[Sequence[str]] = None) -> List[Tuple[str, bool]]:
    """Every ``dds3`` on ``path`` (``sys.path`` by default), in the order
    ``import dds3`` looks at them: ``(its file, whether it is ddsrs's
    stand-in)``. Namespace folders (a ``dds3`` folder without
    ``__init__.py``) are no module and are left out."""
    found: List[Tuple[str, bool]] = []
    for entry in sys.path if path is None else path:
        for origin in _modules_in(entry):
            if not any(_same(origin, f) for f, _ in found):
                found.append((origin, is_ours(origin)))
    return found


def warn_if_shadowing(shim: str) -> None:
    """Called by the stand-in at ``shim`` when imported: a
    ``RuntimeWarning`` when another ``dds3`` (DDS 3's) is on ``sys.path``,
    which ``import dds3`` no longer reaches."""
    others = [f for f, ours in find_all() if not ours and not _same(f, shim)]
    if others:
        warnings.warn(
            f"dds3 is ddsrs's stand-in ({shim}), which shadows another dds3 at {others[0]} (DDS 3's?): "
            f"`import dds3` gives ddsrs's answers. To use that one, run `{PROG} --uninstall`; "
            "to keep ddsrs, uninstall the other (pip uninstall dds3).",
            RuntimeWarning,
            stacklevel=2,
        )


def default_target() -> str:
    """The folder holding the installed ``ddsrs`` package (its
    ``site-packages``): ``import dds3`` finds the stand-in wherever
    ``import ddsrs`` finds ddsrs."""
    import ddsrs

    return os.path.dirname(os.path.dirname(os.path.abspath(ddsrs.__file__)))


def _in_target(target: str) -> Optional[str]:
    """The ``dds3`` module in ``target`` (a package folder or a module
    file, whatever its suffix), or None."""
    spec = importlib.machinery.PathFinder.find_spec("dds3", [target])
    if spec is not None and spec.has_location and spec.origin:
        return spec.origin
    folder = os.path.join(target, "dds3")
    return folder if os.path.exists(folder) else None


def install(target: str) -> Tuple[int, str]:
    """Write the stand-in into ``target``: ``(exit status, message)``."""
    theirs = [f for f, ours in find_all() if not ours]
    here = _in_target(target)
    if here is not None and not is_ours(here):
        theirs.insert(0, here)
    theirs[:0] = [f for f, ours in find_all([target]) if not ours and not any(_same(f, t) for t in theirs)]
    if theirs:
        return 1, (
            f"not installed: a dds3 that is not ddsrs's is installed at {theirs[0]} (DDS 3's?); "
            "ddsrs's would shadow it. Uninstall it first (pip uninstall dds3) to run `import dds3` on ddsrs, "
            "or keep it and use `from ddsrs import dds3` in your own code"
        )
    folder = os.path.join(target, "dds3")
    path = os.path.join(folder, "__init__.py")
    again = os.path.exists(path)
    try:
        os.makedirs(folder, exist_ok=True)
        tmp = f"{path}.tmp-{os.getpid()}"
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write(SHIM)
        os.replace(tmp, path)
    except OSError as e:
        return 1, f"cannot write {path}: {e}"
    message = f"{'updated' if again else 'installed'} ddsrs's dds3 at {path}: `import dds3` gives ddsrs.dds3"
    if not any(_same(target, entry or os.getcwd()) for entry in sys.path):
        message += f"; {target} is not on this Python's path: add it to PYTHONPATH"
    return 0, message + f" (remove it with `{PROG} --uninstall`)"


def uninstall(target: str) -> Tuple[int, str]:
    """Remove the stand-in from ``target``: ``(exit status, message)``."""
    here = _in_target(target)
    if here is None:
        return 0, f"no dds3 in {target}: nothing to remove"
    folder = os.path.dirname(here)
    # Only the file --install writes: dds3/__init__.py, marked as ddsrs's.
    if not is_ours(here) or os.path.basename(here) != "__init__.py" or os.path.basename(folder) != "dds3":
        return 1, f"not removed: the dds3 at {here} is not ddsrs's stand-in"
    os.remove(here)
    shutil.rmtree(os.path.join(folder, "__pycache__"), ignore_errors=True)
    try:
        os.rmdir(folder)
    except OSError:  # something else of the user's is in it: left there
        pass
    return 0, f"removed ddsrs's dds3 from {folder}"


def status() -> str:
    """What ``import dds3`` gives, and the other ``dds3`` on the path."""
    found = find_all()
    if not found:
        return f"no dds3 on this Python's path: `{PROG} --install` writes ddsrs's"
    lines = []
    for k, (origin, ours) in enumerate(found):
        what = "ddsrs's stand-in" if ours else "not ddsrs's (DDS 3's?)"
        lines.append(f"{'import dds3 gives' if k == 0 else 'shadowed:'} {origin}: {what}")
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m ddsrs.dds3 [--install | --uninstall] [--target DIR]``."""
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Make `import dds3` (DDS 3's module name, which BEN imports) give ddsrs.dds3, or undo it. "
        "Without an option: say what `import dds3` gives.",
    )
    what = p.add_mutually_exclusive_group()
    what.add_argument(
        "--install", action="store_true",
        help="write ddsrs's dds3 beside ddsrs (refused while a dds3 that is not ddsrs's is installed)",
    )  # fmt: skip
    what.add_argument("--uninstall", action="store_true", help="remove ddsrs's dds3 (and nothing else)")
    p.add_argument("--target", metavar="DIR", help="the folder of dds3 (default: the one holding ddsrs)")
    a = p.parse_args(argv)
    if a.target is not None and not os.path.isdir(a.target):
        p.error(f"argument --target: must be an existing folder, not {a.target!r}")
    target = os.path.abspath(a.target) if a.target is not None else default_target()
    if a.install:
        code, message = install(target)
    elif a.uninstall:
        code, message = uninstall(target)
    else:
        code, message = 0, status()
    print(message if code == 0 else f"{PROG}: error: {message}", file=sys.stdout if code == 0 else sys.stderr)
    return code
