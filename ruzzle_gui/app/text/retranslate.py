"""Fetch every text on screen again after the interface language changed (``<<LanguageChanged>>``).

Widgets are built with ``_()`` around their texts and need not say their msgid: ``i18n`` remembers
which msgid each translation it handed out came from, and each walk remembers, per widget and
option, the msgid it showed there, so two messages sharing a translation are never confused after
the first switch (a text set with ``i18n.shown`` is known by its place from the start). A walk
over the widget tree thus fetches each text again in the new language: labels and buttons, menu
items (with their mnemonics), list headings, notebook tabs, combobox choices. A widget that keeps
texts of its own (a hint bar's tip) has a ``retranslate()`` method, called on the way. Texts made from a template with
values (``"{count} words"``) are not found this way: each screen makes them again in ``refresh()``.
"""
from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator
from tkinter import ttk

from ruzzle_gui.app.text.i18n import menu_label, menu_msgid_of, retranslate, shortcut_of, underlined

EVENT = "<<LanguageChanged>>"


def walk(widget: tk.Misc) -> Iterator[tk.Misc]:
    """Yield ``widget`` and every widget under it, depth first."""
    yield widget
    for child in widget.winfo_children():
        yield from walk(child)


def retranslate_tree(root: tk.Misc) -> int:
    """Fetch again, in the current language, every known text of ``root`` and the widgets under it; return
    how many widgets were visited."""
    count = 0
    for widget in walk(root):
        count += 1
        if not getattr(widget, "keep_texts", False):  # set on a widget that names things in their own language
            _retranslate_widget(widget)
        own = getattr(widget, "retranslate", None)
        if callable(own):
            own()
    return count


def _retranslate_widget(widget: tk.Misc) -> None:
    """Fetch again the texts of one widget that ``_()`` or ``menu_label`` handed out."""
    if isinstance(widget, tk.Menu):
        _retranslate_menu(widget)
        return
    if isinstance(widget, (ttk.Entry, tk.Entry)):  # what the player typed (a combobox's choices: below)
        if isinstance(widget, ttk.Combobox):
            _retranslate_choices(widget)
        return
    try:
        text = widget.cget("text")
    except tk.TclError:  # a widget with no text (a frame, a canvas)
        text = None
    if isinstance(text, str) and text:
        again = retranslate(text, (str(widget), "text"))
        if again != text:
            widget.configure(**_with_underline(again))
    if isinstance(widget, (tk.Tk, tk.Toplevel)):
        title = widget.title()
        if retranslate(title, (str(widget), "title")) != title:
            widget.title(retranslate(title, (str(widget), "title")))
    if isinstance(widget, ttk.Treeview):
        for column in ("#0", *widget["columns"]):
            heading = widget.heading(column, "text")
            again = retranslate(heading, (str(widget), f"heading {column}")) if heading else heading
            if again != heading:
                widget.heading(column, text=again)
    elif isinstance(widget, ttk.Notebook):
        for tab in widget.tabs():
            label = widget.tab(tab, "text")
            again = retranslate(label, (str(widget), f"tab {tab}"))
            if again != label:
                widget.tab(tab, **_with_underline(again))


def _retranslate_choices(box: ttk.Combobox) -> None:
    """Fetch again the choices of a combobox, and the one shown."""
    values = [str(value) for value in box.cget("values")]
    again = [retranslate(value) for value in values]
    if again != values:
        box.configure(values=again)
        current = box.get()
        if retranslate(current) != current:
            box.set(retranslate(current))


def _with_underline(text: str) -> dict[str, object]:
    """Return the options that show ``text``, with its Alt shortcut's letter underlined if it has one."""
    key = shortcut_of(text)
    return {"text": text} if key is None else dict(underlined(text, key))


def _retranslate_menu(menu: tk.Menu) -> None:
    """Fetch again each item's label (and mnemonic) of ``menu``."""
    last = menu.index("end")
    for index in range(0 if last is None else last + 1):
        if menu.type(index) in ("separator", "tearoff"):
            continue
        label, place = menu.entrycget(index, "label"), (str(menu), f"entry {index}")
        msgid = menu_msgid_of(label, place)
        if msgid is not None:
            menu.entryconfigure(index, **menu_label(msgid, place))
        elif retranslate(label, place) != label:
            menu.entryconfigure(index, label=retranslate(label, place))
