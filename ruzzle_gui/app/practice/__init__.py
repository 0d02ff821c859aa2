"""The practice room: a timed round on a board (swiped or typed words, judged at once) and its review."""
