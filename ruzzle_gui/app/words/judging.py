"""Judging: the player marks what the game did with a word (refused, accepted), from the list or the plan.

The half of ``Results`` that records verdicts: R marks the word refused by the game, A
accepted, on the Words list (the selected word; also its context menu: right click,
the Menu key, Shift+F10) and on the Plan tab (the word playing, else the selected one).
Each mark is in the store at once, is one step for Undo, and the list and the plan
follow it at once: a refused word leaves the plan, which re-plans the time left with
the ticks kept, and Play plan goes on. The Plan tab binds R and A on its own widgets
(``bind_verdict_keys``) and says which of its words a mark is for (``PlanPane``).
"""
from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable, Sequence

from ruzzle_gui.app.look.hint import HintBar, bind_shortcut
from ruzzle_gui.app.plan_pane import PlanPane
from ruzzle_gui.app.text.i18n import N_, _, menu_label
from ruzzle_gui.app.undo import Deed, StepName, named
from ruzzle_gui.app.verdict_book import Verdict, VerdictBook
from ruzzle_gui.app.words.path_panel import PathPanel
from ruzzle_gui.app.words.results_list import WordList
from ruzzle_gui.graph import Solution
from ruzzle_gui.verdicts import ACCEPTED, REFUSED

# The keys, lower and upper case (Caps Lock), and the context menu's entries (None: forget the verdict),
# each a menu_label msgid ('&' before the mnemonic).
KEYS = {REFUSED: ("r", "R"), ACCEPTED: ("a", "A")}
MENU = ((REFUSED, N_("&Refused by the game"), "R"), (ACCEPTED, N_("&Accepted by the game"), "A"),
        (None, N_("&Forget the game's verdict"), ""))
# TRANSLATORS: the names of verdict steps, shown after "Undo" and "Redo" in the Edit menu.
STEP_NAMES = {REFUSED: N_("{word} refused by the game"), ACCEPTED: N_("{word} accepted by the game"),
              None: N_("verdict on {word} forgotten")}


class Judging:
    """Marks words refused or accepted by the game through the ``book``, one Undo step each (``on_deed``)."""

    book: VerdictBook
    on_deed: Callable[[StepName, Deed], None]
    words: WordList
    path_panel: PathPanel
    plan_tab: PlanPane
    hint: HintBar

    def bind_verdict_keys(self, widgets: Sequence[tk.Misc]) -> None:
        """Bind R and A on ``widgets``: each marks the word to judge."""
        for verdict, keys in KEYS.items():
            for key in keys:
                bind_shortcut(widgets, f"<KeyPress-{key}>", functools.partial(self.mark_verdict, verdict))

    def _bind_verdict_keys(self) -> None:
        """Bind R and A on the word list, and its context menu."""
        tree = self.words.tree
        self.bind_verdict_keys([tree])
        tree.bind("<Button-3>", self._menu_at_pointer)
        for sequence in ("<KeyPress-Menu>", "<Shift-F10>"):
            tree.bind(sequence, self._menu_at_row)
        self.verdict_menu = tk.Menu(tree, tearoff=False)
        for entry, label, key in MENU:
            self.verdict_menu.add_command(**menu_label(label), accelerator=key,
                                          command=functools.partial(self.mark_verdict, entry))

    def word_to_judge(self) -> Solution | None:
        """Return the word a mark is for: on the Plan tab the word playing (else the selected one), else the
        selected word of the list."""
        if self.plan_tab.plan_shown:
            return self.plan_tab.word_to_judge()
        selection = self.words.tree.selection()
        return self.words.solution_of(selection[0]) if selection else None

    def mark_verdict(self, verdict: str | None) -> None:
        """Mark the word to judge ``verdict`` ('refused', 'accepted'; None forgets its verdict)."""
        solution, language = self.word_to_judge(), self.words.language
        if solution is None or language is None:
            self.hint.flash(_("Select a word first"), error=False)
            return
        word, code = solution.word, language.code
        before = self.book.mark(code, word, verdict)
        after = self.book.verdicts(code).get(word)
        self.on_deed(named(STEP_NAMES[verdict], word=word),
                     Deed(functools.partial(self._put_back, code, word, before),
                          functools.partial(self._put_back, code, word, after)))
        self.verdicts_changed()
        if not self._say_problems():
            done = STEP_NAMES[verdict]
            # TRANSLATORS: {step} is e.g. "ADIVA refused by the game".
            self.hint.flash(_("{step} · Ctrl+Z undoes it").format(step=_(done).format(word=word)), error=False)

    def _put_back(self, code: str, word: str, verdict: Verdict) -> None:
        """Give ``word`` its verdict ``verdict`` again (Undo, Redo), and let the list and the plan follow."""
        self.book.put_back(code, word, verdict)
        if self.words.language is not None and self.words.language.code == code:
            self.verdicts_changed()
        self._say_problems()

    def verdicts_changed(self) -> None:
        """Apply the verdicts now to the list and the plan: Play plan goes on with the plan made for the time left."""
        language = self.words.language
        if language is None:
            return
        playing = self.plan_tab.playing
        self.words.set_verdicts(self.book.verdicts(language.code))
        self.path_panel.retranslate()  # the word shown says its verdict now
        if playing and not self.plan_tab.playing:
            self.plan_tab.play()  # from the first word not ticked, the countdown going on from the time left

    def _say_problems(self) -> bool:
        """Say on the hint line what the store could not do; return True if there was something to say."""
        problems = self.book.problems
        if not problems:
            return False
        self.hint.flash(" · ".join(problems))
        problems.clear()
        return True

    def _menu_at_pointer(self, event: tk.Event) -> str:
        """Select the row under the pointer and open the verdict menu there."""
        tree = self.words.tree
        row = tree.identify_row(event.y)
        if row:
            tree.selection_set(row)
            tree.focus(row)
        self.verdict_menu.tk_popup(event.x_root, event.y_root)
        return "break"

    def _menu_at_row(self, _event: tk.Event) -> str:
        """Open the verdict menu under the selected row (the Menu key, Shift+F10)."""
        tree = self.words.tree
        selection = tree.selection()
        box = tree.bbox(selection[0]) if selection else None
        x, y = (box[0] + box[3], box[1] + box[3]) if box else (0, 0)
        self.verdict_menu.tk_popup(tree.winfo_rootx() + x, tree.winfo_rooty() + y)
        return "break"
