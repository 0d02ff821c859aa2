"""The main window itself: its icon, its first size and place on the screen, and Ctrl+A in every text box."""
from __future__ import annotations

import functools
import tkinter as tk
from pathlib import Path

from ruzzle_gui.app.look import theme

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

# Window sizes in 96-DPI pixels: the first size, and the smallest that shows every
# screen whole (the Words screen's list columns and board controls set the width).
WINDOW_SIZE = (1060, 740)
SMALLEST_WINDOW = (1020, 560)
TEXT_FIELDS = ("TEntry", "TSpinbox", "TCombobox", "Entry", "Spinbox")


def set_icon(root: tk.Tk | tk.Toplevel) -> tk.PhotoImage | None:
    """Set the packaged PNG as the window icon; return the image, which must be kept alive."""
    try:
        # Beside this module; not importlib.resources, whose import costs 9 ms of start-up.
        data = (Path(__file__).resolve().parent / "icon.png").read_bytes()
        icon = tk.PhotoImage(master=root, data=data, format="png")
    except (OSError, tk.TclError):
        return None  # a missing icon is cosmetic: the app still works
    root.iconphoto(True, icon)
    return icon


def place_window(root: tk.Tk | tk.Toplevel) -> None:
    """Size the window to fit the screen and centre it."""
    screen_w, screen_h = root.winfo_screenwidth(), root.winfo_screenheight()
    px = functools.partial(theme.px, root)
    width, height = (min(px(size), int(screen * share)) for size, screen, share in
                     zip(WINDOW_SIZE, (screen_w, screen_h), theme.SCREEN_SHARE))
    root.geometry(f"{width}x{height}+{(screen_w - width) // 2}+{(screen_h - height) // 3}")
    root.minsize(min(px(SMALLEST_WINDOW[0]), width), min(px(SMALLEST_WINDOW[1]), height))


def bind_select_all(root: tk.Misc) -> None:
    """Make Ctrl+A select all the text in every kind of text box."""
    for field in TEXT_FIELDS:
        for key in "aA":
            root.bind_class(field, f"<Control-{key}>", functools.partial(select_all, root))


def select_all(root: tk.Misc, event: tk.Event) -> str:
    """Select all the text in the text box that has the focus, as Ctrl+A does in most apps."""
    # A text box Tk made itself (the file dialog's) reaches us by its path name, not as a widget.
    name = str(event.widget)
    root.tk.call(name, "selection", "range", 0, "end")
    root.tk.call(name, "icursor", "end")
    return "break"


def on_event(action: Callable[[], object]) -> Callable[[tk.Event], object]:
    """Return an event handler that calls ``action``, which takes no event."""
    return lambda _event: action()
