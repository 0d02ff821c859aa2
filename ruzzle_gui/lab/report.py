"""How the benchmarks report: the machine they ran on, times and sizes, percentiles, tables, exit codes."""
from __future__ import annotations

import os
import platform
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

EXIT_MISMATCH, EXIT_USAGE = 1, 2


def machine() -> str:
    """Return a one-line description of the CPU, core count, OS and Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass  # not Linux: keep platform's guess
    try:
        marisa = metadata.version("marisa-trie")
    except metadata.PackageNotFoundError:
        marisa = "?"
    return (f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, marisa-trie {marisa}")


def ms(seconds: float) -> str:
    """Return seconds as milliseconds with sensible precision."""
    value = seconds * 1000
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"


def mb(count: float) -> str:
    """Return a byte count in megabytes."""
    return f"{count / 1e6:.1f} MB"


def percentile(values: Sequence[float], share: float) -> float:
    """Return the ``share`` (0..1) percentile of ``values``, interpolated."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * share
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def other_table(rows: list[tuple[str, str, str]]) -> list[str]:
    """Return the Markdown table of the other measures: (what, value, how measured)."""
    lines = ["| measure | value | how |", "|---|---:|---|"]
    lines += [f"| {what} | {value} | {how} |" for what, value, how in rows]
    return lines
