"""Progress off a terminal: a line every few seconds with done/total and the time left."""

from __future__ import annotations

import io

from ludoteca.sim.progress import ProgressLines, duration


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_line_every_interval_with_the_share_done_and_the_time_left() -> None:
    out, clock = io.StringIO(), Clock()
    lines = ProgressLines("castell study", 10, out, every=5, clock=clock)
    for _ in range(4):
        clock.now += 2  # a match every 2 s: a line once 5 s have passed
        lines.advance()
    clock.now += 14
    lines.advance()
    clock.now += 1
    lines.advance()  # 1 s after the last line: no line, until the batch ends
    lines.finish()
    lines.finish()  # nothing more done: no line again
    assert out.getvalue().splitlines() == [
        "castell study: 3/10 done (30%), 6 s so far, about 14 s left",
        "castell study: 5/10 done (50%), 22 s so far, about 22 s left",
        "castell study: 6/10 done (60%), 23 s so far, about 15 s left",
    ]


def test_a_short_batch_prints_nothing() -> None:
    out, clock = io.StringIO(), Clock()
    lines = ProgressLines("goofspiel tuning", 3, out, every=5, clock=clock)
    for _ in range(3):
        clock.now += 1
        lines.advance()
    lines.finish()
    assert out.getvalue() == ""


def test_durations_read_as_a_person_reads_them() -> None:
    assert [duration(s) for s in (4.4, 185, 3720)] == ["4 s", "3 min 05 s", "1 h 02 min"]
