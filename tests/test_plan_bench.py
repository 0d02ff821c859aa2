"""The planner benchmark runs end to end on a tiny configuration and catches a plan above its bound.

No timing is asserted here: the benchmark is the tool that prints numbers.
"""
from __future__ import annotations

import io

import pytest

from ruzzle_gui.lab import plan_bench
from ruzzle_gui.plan import Plan, Step


def test_the_report_has_a_row_per_language_and_passes(capsys):
    out = io.StringIO()
    assert plan_bench.main(["-l", "en", "ru", "--boards", "2", "--seed", "4"], out=out) == 0
    text = out.getvalue()
    assert text.startswith("Machine: ") and "| lang | boards | plan/bound mean |" in text
    rows = [line for line in text.splitlines() if line.startswith(("| en |", "| ru |"))]
    assert len(rows) == 2 and all(row.count("|") == 11 for row in rows)
    assert "BROKEN" not in text


def test_a_plan_above_its_bound_fails_the_benchmark(monkeypatch):
    real = plan_bench.plan

    def inflated(solutions, board, seconds, timing):
        result = real(solutions, board, seconds, timing)
        last = result.steps[-1]
        return Plan(result.steps[:-1] + (Step(last.solution, last.start, last.end, last.points + 10**6),),
                    result.seconds, result.timing)

    monkeypatch.setattr(plan_bench, "plan", inflated)
    out = io.StringIO()
    assert plan_bench.main(["-l", "en", "--boards", "1"], out=out) == 1
    assert "BROKEN: en board 0" in out.getvalue()


@pytest.mark.parametrize("argv, message", [
    (["--seconds", "0"], "the time must be more than 0 seconds"),
    (["--boards", "0"], "--boards must be at least 1"),
    (["-l", "xx"], "unknown language 'xx'"),
    (["--boards", "many"], "invalid int value"),
])
def test_bad_arguments_are_one_line_usage_errors(capsys, argv, message):
    with pytest.raises(SystemExit) as done:
        plan_bench.main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2 and message in err and len(err.strip().splitlines()) == 1
