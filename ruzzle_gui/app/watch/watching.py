"""Watch mode in the app: File → Watch the screen (Ctrl+Shift+W) and its toggle on the step bar.

A vision Watcher runs on a thread of its own and never touches Tk; what it sees
goes through a queue the window polls. A board read with every tile sure is
solved at once and its words shown; a board with an unsure tile waits on the
Letters screen with its marks, as a read from a screenshot does. The app's own
window is masked from the watch, so the words it draws are never read.
"""
from __future__ import annotations

import queue
import sys
import threading
import tkinter as tk
import traceback
from tkinter import ttk

from ruzzle_gui.app.reading import HIDE_MS, problem
from ruzzle_gui.app.solving import start_worker
from ruzzle_gui.app.text.engine_text import INSTALL_HINT, engine_text, said_text
from ruzzle_gui.app.text.i18n import N_, _, board_language_name, menu_label

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ruzzle_gui.app.conductor import Conductor
    from ruzzle_gui.app.watch.region_pick import RegionPicker
    from ruzzle_gui.vision.capture import Rect
    from ruzzle_gui.vision.watch import Watcher

POLL_MS = 50          # the window looks at the watcher's queue this often: a few microseconds each
TITLE_BAR_PX = 40     # the window manager's title bar above our window shows our title: masked with it
NOTICE_MS = 15000
WATCH_LABEL = N_("&Watch the screen")
WATCHING_LABEL = N_("◉  Watching the screen")
NOT_WATCHING_LABEL = N_("○  Watch the screen")
# TRANSLATORS: a menu item; '&' marks its mnemonic (in English the g: r is taken by Read from screen).
REGION_LABEL = N_("Watched re&gion…")
STOPPED = N_("Stopped watching the screen")


class ScreenWatch:
    """Starts and stops watch mode for ``app``, and shows each board the watcher reports."""

    def __init__(self, app: Conductor) -> None:
        self.app, self.root = app, app.root
        self.on = tk.BooleanVar(master=self.root, value=False)
        self.events: queue.SimpleQueue = queue.SimpleQueue()
        self.watcher: Watcher | None = None
        self.language_code: str | None = None
        self._poll_id: str | None = None
        self.picker: RegionPicker | None = None
        self._add_menu_items()
        self.toggle_button = ttk.Checkbutton(app.theme_button.master, variable=self.on, command=self._toggled,
                                             style="Toolbutton", takefocus=False)
        self.toggle_button.pack(side="right", padx=8)
        self.on.trace_add("write", lambda *_args: self._label_toggle())
        self._label_toggle()
        for key in "Ww":
            self.root.bind(f"<Control-Shift-{key}>", lambda _event: self.toggle())

    def _add_menu_items(self) -> None:
        """Put Watch the screen and Watched region… in the File menu, after Read from screen."""
        menu = self.app.menu.file_menu
        last = menu.index("end") or 0  # None: an empty menu
        after = next((index for index in range(last + 1)
                      if menu.type(index) == "command" and menu.entrycget(index, "accelerator") == "Ctrl+Shift+R"),
                     last - 2)
        menu.insert_checkbutton(after + 1, **menu_label(WATCH_LABEL), accelerator="Ctrl+Shift+W",
                                variable=self.on, command=self._toggled)
        menu.insert_command(after + 2, **menu_label(REGION_LABEL), command=self.pick_region)

    def _label_toggle(self) -> None:
        """Say on the toggle whether the screen is watched."""
        self.toggle_button.configure(text=_(WATCHING_LABEL) if self.on.get() else _(NOT_WATCHING_LABEL))

    @property
    def watching(self) -> bool:
        """Return True while watch mode is on."""
        return self.watcher is not None

    def toggle(self) -> None:
        """Start watch mode, or stop it."""
        if self.watching:
            self.stop()
        else:
            self.start()

    def _toggled(self) -> None:
        """Follow the menu's check mark or the toolbar toggle, which have already flipped ``on``."""
        if self.on.get() != self.watching:
            self.toggle()

    def start(self) -> None:
        """Watch the screen (or the region chosen) on a thread of its own."""
        if self.watching:
            return
        try:
            from ruzzle_gui.vision.watch import Watcher  # Pillow and numpy load only when watching
        except ImportError as err:
            self.on.set(False)
            self._say(_("Watching the screen needs {module}: {hint}").format(module=err.name, hint=_(INSTALL_HINT)))
            return
        language, self.language_code = self.app.language, self.app.state.language
        region = self.app.state.settings.watch_region
        events = self.events = queue.SimpleQueue()  # a stopped watcher's last words go to a queue nobody reads
        self.watcher = watcher = Watcher(language, lambda reading: events.put(("board", reading)),
                                         on_problem=lambda message: events.put(("problem", message)),
                                         region=as_rect(region))
        self._update_mask()
        start_worker(threading.Thread(target=self._run, args=(watcher, events), name="ruzzle-watch", daemon=True))
        self.on.set(True)
        name = board_language_name(language)
        self._say(_("Watching the screen for a board in {language} · Ctrl+Shift+W stops").format(language=name)
                  if region is None else
                  _("Watching the watched region for a board in {language} · Ctrl+Shift+W stops").format(language=name),
                  error=False)
        self._poll_id = self.root.after(POLL_MS, self._poll)

    @staticmethod
    def _run(watcher, events: queue.SimpleQueue) -> None:
        """Watch until stopped (on the watch thread); a capture error or a bug ends the watch with a message."""
        from ruzzle_gui.vision.reader import prepare
        from ruzzle_gui.vision.watch import WatchError

        try:
            prepare(watcher.language)
            watcher.run()
        except WatchError as err:
            events.put(("stopped", engine_text(err, _("the screen"))))
        except Exception as err:  # a bug: the watch stops, the window says so, the traceback goes to stderr
            traceback.print_exc(file=sys.stderr)
            events.put(("stopped", problem(err)))

    def stop(self, message: str | None = STOPPED) -> None:
        """Stop watch mode at once: the watcher's thread ends within a poll and reports nothing more."""
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
            self._poll_id = None
        self.on.set(False)
        if message:
            self._say(_(message), error=False)

    def _poll(self) -> None:
        """Hand on what the watcher saw, keep the mask on our window, and poll again."""
        self._poll_id = None
        if self.app.state.language != self.language_code:  # the player chose another language: watch for it
            self.stop(message=None)
            self.start()
            return
        self._update_mask()
        while True:
            try:
                kind, content = self.events.get_nowait()
            except queue.Empty:
                break
            if kind == "board":
                self.show(content)
            elif kind == "problem":
                text = said_text(content, _("the screen"))
                self._say(text[:1].upper() + text[1:])
            else:
                self.stop(message=None)
                self._say(_("Watch stopped: {problem}").format(problem=content))
                return
        self._poll_id = self.root.after(POLL_MS, self._poll)

    def _update_mask(self) -> None:
        """Tell the watcher where our window is, title bar included, so it never reads what we draw."""
        if self.watcher is None:
            return
        root = self.root
        if not root.winfo_viewable():
            self.watcher.mask = None
            return
        bar = round(TITLE_BAR_PX * root.winfo_fpixels("1i") / 96)
        self.watcher.mask = (root.winfo_rootx(), root.winfo_rooty() - bar, root.winfo_width(),
                             root.winfo_height() + bar)

    def _say(self, message: str, error: bool = True) -> None:
        """Flash ``message`` on the current screen's hint line."""
        self.app.screen.hint.flash(message, error=error, ms=NOTICE_MS)

    def show(self, reading) -> None:
        """Show a board the watcher read: its words at once if every tile is sure, else on Letters to check."""
        self.app.show_reading(reading, _("the screen"))
        if not reading.uncertain:
            self.app.solve()
            if self.app.screen is self.app.results:
                self.app.results.hint.flash(_("Read from the screen · watching for the next board"), error=False,
                                            ms=NOTICE_MS)

    def pick_region(self) -> None:
        """Let the player mark the part of the screen to watch: the window hides while the screen is captured."""
        was_watching = self.watching
        self.stop(message=None)
        self.root.withdraw()
        self.root.after(HIDE_MS, self._open_picker, was_watching)

    def _open_picker(self, resume: bool) -> None:
        """Capture the screen and open the region picker on it."""
        from ruzzle_gui.app.watch.region_pick import RegionPicker, around_board
        from ruzzle_gui.vision.capture import capture_screen
        from ruzzle_gui.vision.errors import ImageError

        try:
            picture = capture_screen()
        except ImageError as err:
            self.root.deiconify()
            self._say(problem(err))
            return
        saved = self.app.state.settings.watch_region
        start = as_rect(saved) or around_board(picture, *picture.size)

        self.picker = RegionPicker(self.root, picture, start, on_done=self._region_chosen,
                                   on_cancel=lambda: self._picker_closed(resume))

    def _region_chosen(self, rect) -> None:
        """Remember the region chosen (None: the whole screen) and watch it."""
        self.app.state.settings.watch_region = list(rect) if rect else None
        self.app.save_settings()
        self._picker_closed(resume=True)

    def _picker_closed(self, resume: bool) -> None:
        """Bring the window back after the picker closes, and watch (again) if asked."""
        self.picker = None
        self.root.deiconify()
        if resume:
            self.start()


def as_rect(region: list[int] | None) -> Rect | None:
    """Return a stored region (left, top, width, height) as a Rect; None (the whole screen) stays None."""
    if not region:
        return None
    left, top, width, height = region
    return left, top, width, height
