"""The lines that describe the words shown: the list's summary, the plan's filters line, a doubt's name.

Whole translated messages with named placeholders, so each language orders them its own way.
"""
from __future__ import annotations

from collections.abc import Sequence

from ruzzle_gui.app.text.i18n import N_, _, format_number, ngettext
from ruzzle_gui.graph import Solution
from ruzzle_gui.verdicts import REFUSED
from ruzzle_gui.word_filters import EVERYDAY_BAND, WordFilters, WordMarks

# Why a word is doubtful (ruzzle_gui.doubt's reasons), as the tip over its row says it.
DOUBT_REASONS = {
    "enclitic": (N_("enclitic"), N_("a verb with pronouns attached, made by an affix rule; no word list has it")),
    "unattested": (N_("unattested"), N_("only one source lists it, and it is not seen in real text")),
    "name": (N_("name"), N_("a name or brand")),
    "abbreviation": (N_("abbreviation"), N_("an abbreviation")),
    "reviewed": (N_("reviewed"), N_("judged unplayable by a reader")),
    "truncated": (N_("truncated"), N_("a poetic shortened infinitive (obliar for obliare)")),
}

def verdict_text(verdict: str, date: str) -> str:
    """Return what the list says of a word the game judged: 'refused by the game 2026-12-07'."""
    if verdict == REFUSED:
        # TRANSLATORS: beside a word in the list; {date} is the day the player marked it (YYYY-MM-DD).
        return _("refused by the game {date}").format(date=date[:10])
    return _("accepted by the game {date}").format(date=date[:10])


def summary(shown: Sequence[Solution], total: int, doubtful: int = 0, refused: int = 0) -> str:
    """Return the line describing the words shown: count, total score, the longest word, doubtful and refused
    words hidden."""
    if not total:
        return _("No words found on this board")
    hidden = "  ·  " + ngettext("{count} doubtful left out", "{count} doubtful left out", doubtful).format(
        count=format_number(doubtful)) if doubtful else ""
    if refused:
        hidden += "  ·  " + ngettext("{count} refused by the game left out", "{count} refused by the game left out",
                                     refused).format(count=format_number(refused))
    if not shown:
        return (_("The only word does not match the filters") if total == 1 else
                ngettext("None of the {total} words match the filters", "None of the {total} words match the filters",
                         total).format(total=format_number(total))) + hidden
    if len(shown) == total:
        count = ngettext("{count} word", "{count} words", total).format(count=format_number(total))
    else:
        count = ngettext("{shown} of {total} word", "{shown} of {total} words", total).format(
            shown=format_number(len(shown)), total=format_number(total))
    points = sum(s.score for s in shown)
    longest = max(shown, key=lambda s: (len(s.word), s.score))
    # TRANSLATORS: {count} is "17 words" (or "5 of 17 words"); {points} "240 points"; {word} the longest
    # word and {length} its number of letters.
    return _("{count}  ·  {points}  ·  longest {word} ({length})").format(
        count=count, points=ngettext("{count} point", "{count} points", points).format(count=format_number(points)),
        word=longest.word, length=len(longest.word)) + hidden


def filters_line(filters: WordFilters, left_out: dict[str, int], marks: WordMarks | None = None) -> str:
    """Return the plan's line naming the filters on and how many words they leave out ("" when none is on).

    The app's translated copy of ``word_filters.describe_filters``, whose English the command line keeps.
    """
    on = []
    if filters.common and (marks is None or marks.bands is not None):
        on.append(_("everyday words only") if filters.common == EVERYDAY_BAND else
                  _("band {band}+").format(band=filters.common))
    if filters.min_length:
        on.append(_("{count}+ letters").format(count=filters.min_length))
    if not filters.doubtful and (marks is None or marks.doubts is not None):
        on.append(_("no doubtful words"))
    if left_out.get("refused"):
        on.append(_("none the game refused"))
    if not on:
        return ""
    total = sum(left_out.values())
    # TRANSLATORS: {filters} lists the filters on, joined by ", " (e.g. "everyday words only, 4+ letters").
    return ngettext("Filters: {filters} · {count} word left out", "Filters: {filters} · {count} words left out",
                    total).format(filters=", ".join(on), count=format_number(total))


def doubt_name(reason: str) -> str:
    """Return the short name of a doubt reason in the interface language."""
    return _(DOUBT_REASONS.get(reason, (reason,))[0])
