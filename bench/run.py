"""Run the benchmarks and print their figures: ``python bench/run.py [--quick] [names…]``.

Every ``bench/bench_*.py`` module registers its benches (see ``harness.py``); this script
imports them all, runs the ones asked for within a time budget each, and prints the machine
and commit first, so figures from different runs and commits can be compared.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import BENCHES  # noqa: E402

from hexfleet import compiled_modules  # noqa: E402

for module in sorted(HERE.glob("bench_*.py")):
    importlib.import_module(module.stem)


def commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--untracked-files=no") else "")


def build() -> str:
    """Which build the figures are of: the modules imported from compiled extensions
    (``make compiled``), or the pure-Python one."""
    compiled = compiled_modules()
    return f"compiled ({len(compiled)} modules; HEXFLEET_PURE=1 for pure Python)" if compiled else "pure Python"


def figure(rate: float) -> str:
    """A rate to three significant figures at least (``12,345``, ``123``, ``9.41``)."""
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:.3g}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", help=f"benches to run (default all): {', '.join(BENCHES)}")
    parser.add_argument("--quick", action="store_true", help="about 1 second per bench instead of 4")
    parser.add_argument("--seconds", type=float, help="time budget per bench")
    args = parser.parse_args()
    unknown = [n for n in args.names if n not in BENCHES]
    if unknown:
        parser.error(f"unknown bench {unknown[0]!r}; known: {', '.join(BENCHES)}")
    seconds = args.seconds or (1.0 if args.quick else 4.0)

    console = Console(width=max(Console().width, 120))
    console.print(f"hexfleet bench  commit {commit()}  {platform.python_implementation()} "
                  f"{platform.python_version()} {build()}  {platform.machine()}  {os.cpu_count()} CPUs "
                  f"(one core, CPU time, unless a bench's notes say otherwise)  {seconds:g} s per bench")
    for name in args.names or BENCHES:
        table = Table(title=name, title_justify="left", show_edge=False)
        table.add_column("figure")
        table.add_column("rate", justify="right")
        table.add_column("best batch", justify="right")
        table.add_column("unit")
        table.add_column("note", overflow="fold")
        for fig in BENCHES[name](seconds):
            table.add_row(fig.name, figure(fig.rate.mean), figure(fig.rate.best), fig.unit, fig.note)
        console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
