"""The engine's messages in the interface language.

The engine stays English and gettext-free: its messages are the command line's output, documented
in English. Its errors carry, beside that text, a ``code`` and the ``values`` in it
(``ruzzle_gui.coded``), and so do the screenshot reader's reasons for an unsure tile (a ``Said``:
the English text with the code and values of each part). Here each code has a marked message the
catalogues translate. An error without a known code is shown as the engine wrote it.
"""
from __future__ import annotations

from ruzzle_gui.app.text.i18n import N_, _, bonus_badge, format_number, format_short, language_name, ngettext
from ruzzle_gui.coded import Said

# The engine's own name for an image that has no file name.
ENGINE_NAMES = {"the image": N_("the image")}

# TRANSLATORS: the screenshot reader's messages. {name} is a file name, or "the image", "the screen",
# "the pasted image" (translated elsewhere).
MESSAGES = {
    "tilted": N_("the board in {name} is tilted by {degrees}°; a screenshot reads better"),
    "slant": N_("the board in {name} is seen at a slant (one side {percent}% shorter than the other); "
                "a screenshot reads better"),
    "steep": N_("the board in {name} is seen at too steep an angle; a screenshot reads better"),
    "not_found": N_("image file not found: {path}"),
    "folder": N_("{path} is a folder, not an image file"),
    "damaged": N_("{path} is damaged or truncated: {problem}"),
    "not_image": N_("{path} is not an image in a screenshot format (PNG, JPEG, WebP, BMP, GIF or TIFF)"),
    "too_large_file": N_("{path} is too large to be a screenshot"),
    "unreadable": N_("cannot read {path}: {problem}"),
    "too_large": N_("{name} is too large to be a screenshot ({width}×{height} pixels; the limit is {limit} million)"),
    "empty": N_("{name} is empty ({width}×{height} pixels)"),
    "faded": N_("the board in {name} is too faded to read (its letters are barely darker than its tiles)"),
    "flat": N_("no Ruzzle board found in {name}: it is almost one flat colour (faded to nothing?)"),
    "alphabet": N_("the board in {name} is not in the {language} alphabet ({strange} of {tiles} tiles show other "
                   "letters): choose its language"),
    "too_small": N_("the board in {name} is too small to read: its tiles are {tile} px wide, and {needed} px are "
                    "needed (a round-summary card? send the screenshot as taken)"),
    "wrong_size": N_("no Ruzzle board found in {name}: it shows {size}×{size} tiles, and a Ruzzle board has "
                     "{side}×{side}"),
    "in_doubt": N_("the board in {name} cannot be read: {doubtful} of {total} letters are in doubt (is the picture "
                   "faded, blurred or too small?)"),
    "in_doubt_colours": N_("the board in {name} cannot be read: {doubtful} of {total} letters are in doubt, and its "
                           "colours are not the game's (a photo of the screen, under coloured light?): a screenshot "
                           "reads better"),
    "capture": N_("cannot capture the screen: {problem}"),
    # TRANSLATORS: {region} is left,top,width,height in pixels, as written in the settings (0,0,400,800).
    "region_off_screen": N_("the region {region} lies outside the screen ({width}x{height} pixels)"),
    "no_board": N_("no Ruzzle board found in {name}"),
    "no_board_faded": N_("no Ruzzle board found in {name}: it is too faded to read"),
    "needs": N_("reading screenshots needs {module}: {hint}"),
    "references_damaged": N_("the reader's letter references ({path}) are missing or damaged: the installation of "
                             "ruzzle_gui is broken, reinstall it (bash setup.sh, or pip install --force-reinstall "
                             "ruzzle_gui)"),
    # TRANSLATORS: {letters} are letters or values of a language file the user wrote, such as "Ŵ, Ŷ".
    "no_reference": N_("the reader has no reference for {letters}: it reads the letters and values of the bundled "
                       "languages only"),
    # TRANSLATORS: the board file parser's messages. {where} is "line 2, cell 3" or "row 2, cell 3" (translated
    # elsewhere), {token} the quoted cell as typed, {path} a file name.
    "board_shape": N_("a board needs at least one row and one column, not {rows}×{cols}"),
    "board_too_large": N_("a {rows}×{cols} board is too large: the largest is {side}×{side}"),
    "board_cells": N_("a {rows}×{cols} board needs {needed} cells, got {got}"),
    "board_letters": N_("a {rows}×{cols} board needs {needed} letters, got {got}"),
    "board_bonus": N_("{where}: unknown bonus {token} (use DL, TL, DW or TW)"),
    "board_empty": N_("the board is empty: no rows of letters found"),
    "board_no_name": N_("the board file name is empty"),
    "board_not_found": N_("board file not found: {path}"),
    "board_folder": N_("board file is a folder, not a file: {path}"),
    "board_unreadable": N_("cannot read board file {path}: {problem}"),
    "board_too_big": N_("the board is larger than {mb} MB, the limit for a board (the largest board is {side}×{side})"),
    "board_file_too_big": N_("board file {path} is larger than {mb} MB, the limit for a board (the largest board is "
                             "{side}×{side})"),
    "board_not_utf8": N_("the board is not UTF-8 text (line {line})"),
    "board_file_not_utf8": N_("board file {path} is not UTF-8 text (line {line})"),
    "board_too_many_rows": N_("line {line}: more than {side} rows (the largest board is {side}×{side})"),
    "board_too_many_cells": N_("line {line}: more than {side} cells (the largest board is {side}×{side})"),
    "board_not_letter": N_("{where}: {token} is not a letter (digits and symbols are not allowed)"),
    "board_suffix": N_("{where}: unknown bonus {suffix} in {token} (use dl, tl, dw or tw)"),
    "board_bad_cell": N_("{where}: {token} is not one letter with an optional dl, tl, dw or tw bonus (and ? if the "
                         "bonus is unsure)"),
    "board_doubt_mark": N_("{where}: {token} has a ? out of place: it goes just before a letter that is a guess (?W) "
                           "and just after a bonus that is (Wtl?, W?)"),
    "board_letter_unread": N_("{where}: {token} is a tile whose letter was not read: type the letter the game shows "
                              "there"),
    "board_alphabet": N_("{where}: {token} is not a letter of the {language} alphabet"),
    # TRANSLATORS: the planner's messages. {which} is "the time per word", "the time per letter" or "the time per
    # cell" (translated elsewhere); numbers are seconds.
    "plan_not_number": N_("{which} must be a number of seconds, not {value}"),
    "plan_out_of_range": N_("{which} must be between {low} and {high} seconds, not {value}"),
    "plan_too_large": N_("a {rows}×{cols} board is too large to plan: the largest has {most} cells; its words are "
                         "still listed"),
    "plan_time_not_number": N_("the time must be a number of seconds, not {value}"),
    "plan_time_not_positive": N_("the time must be more than 0 seconds, not {value}"),
    "plan_time_too_long": N_("the time must be at most {most} seconds, not {value}"),
    "plan_no_words": N_("no words on this board"),
    "plan_all_played": N_("every word on this board has been played"),
    "plan_none_fits": N_("no word fits"),
    "plan_too_fast": N_("a word must take at least {least} s to swipe; {per_word} s per word + {per_letter} s per "
                        "letter is not a human pace"),
    # TRANSLATORS: the messages about a language file (the player's own, which changes a board language).
    # {file} is its file name; {key} a key of the file, as written in it (not to be translated).
    "language_not_file": N_("language file {file} is not a regular file"),
    "language_too_big": N_("language file {file} is larger than {mb} MB"),
    "language_unreadable": N_("cannot read language file {file}: {problem}"),
    "language_not_utf8": N_("language file {file} is not UTF-8 text"),
    "language_not_toml": N_("language file {file} is not valid TOML: {problem}"),
    "language_nested": N_("language file {file} is nested too deeply"),
    "language_out_of_range": N_("language file {file} holds a value out of range: {problem}"),
    "language_key_string": N_("language file {file}: key '{key}' must be a string"),
    "language_key_number": N_("language file {file}: key '{key}' must be a whole number"),
    "language_key_table": N_("language file {file}: key '{key}' must be a table"),
    "language_missing_key": N_("language file {file}: missing key '{key}'"),
    "language_unknown_key": N_("language file {file}: unknown key '{key}'"),
    "language_fold": N_("language file {file}: key 'fold' must be one of {folds}"),
    "language_min_length": N_("language file {file}: key 'min_length' must be at least 1"),
    "language_alphabet": N_("language file {file}: key 'alphabet' must be distinct upper-case letters"),
    "language_value": N_("language file {file}: key '{key}' must be a whole number ≥ 0"),
    "language_value_letter": N_("language file {file}: key '{key}' is not in the alphabet"),
    "language_demo": N_("language file {file}: key 'demo.board': {problem}"),
    "language_unknown": N_("unknown language '{code}'; known languages: {known}"),
    # TRANSLATORS: the screenshot reader's reasons for doubting a tile. {letter} is a letter, {value} its points;
    # {badge}, {ring} and {label} name a bonus ("DW"), "plain" or "nothing clear" (translated elsewhere);
    # {sides} lists what each side of the ring showed (DW, none, ?).
    "reason_no_letter": N_("no letter seen"),
    "reason_no_value": N_("the letter looks like {letter} but its value was not read"),
    # TRANSLATORS: {looks_like} is the letter the tile looks most like, {letter} the one its value {value} chose.
    "reason_overruled": N_("the letter looks most like {looks_like}, whose value is not {value}: read as {letter}, "
                           "the likeliest letter worth {value}"),
    "reason_wrong_value": N_("the letter looks like {letter} but its value {value} is not {letter}'s"),
    "reason_faint": N_("the letter looks only faintly like {letter}"),
    "reason_no_colour": N_("the picture has no colour, so the bonus cannot be told"),
    "reason_badge_label": N_("the badge's colour says {badge} but its label says {label}"),
    "reason_ring_unclear": N_("the badge says {badge} but the ring is unclear ({sides})"),
    "reason_ring_badge": N_("the ring says {ring} but the badge says {badge}"),
    "reason_colour_cast": N_("the board's background is bluer than the game draws it (a photo's colour cast?), so its "
                             "colours tell no bonus"),
    "reason_clipped_darks": N_("no colour on the board is darker than its letters, as every bonus colour of the game "
                               "is (a photo's clipped blacks?), so its colours tell no bonus"),
    "reason_lit": N_("the tile is lit by a swipe, which hides its badge's colour, and the badge's label could not be "
                     "read: bonus unknown"),
    "reason_lit_small": N_("the tile is lit by a swipe, which hides its badge's colour, and is too small for the "
                           "badge's label to be read: bonus unknown"),
    # TRANSLATORS: the messages about a dictionary: one installed with the app (a damaged or incomplete
    # install), or the player's own (a .marisa compiled with "ruzzle compile", or a word list). {path} is a
    # file name; {problem} the operating system's reason (not translated); the commands in brackets are
    # typed as written.
    "dictionary_not_found": N_("dictionary not found: {path}"),
    "word_list_not_found": N_("word list not found: {path}"),
    "dictionary_unreadable": N_("cannot read {path}: {problem}"),
    "dictionary_folder": N_("dictionary is a folder, not a file: {path}"),
    "word_list_folder": N_("word list is a folder, not a file: {path}"),
    "dictionary_not_regular": N_("dictionary is not a regular file (a device, pipe or socket): {path}"),
    "word_list_not_regular": N_("word list is not a regular file (a device, pipe or socket): {path}"),
    "dictionary_empty": N_("dictionary is empty: {path}"),
    "word_list_empty": N_("word list is empty: {path}"),
    "word_list_not_utf8": N_("{path} is not UTF-8 text (line {line})"),
    "hunspell_not_found": N_("hunspell file not found: {path}"),
    "hunspell_charset": N_("{path} declares an unknown character set '{charset}'"),
    "dictionary_nothing_to_compile": N_("no words left to compile"),
    "dictionary_unwritable": N_("cannot write {path}: {problem}"),
    "dictionary_write_kept": N_("cannot write {path}: {problem}; {dictionary} and the files beside it were left as "
                                "they were"),
    # TRANSLATORS: {problem} says why the index could not be made (translated elsewhere).
    "dictionary_no_index": N_("wrote {path}, but not its index ({problem}); it still works, more slowly"),
    "dictionary_no_index_removed": N_("wrote {path}, but not its index ({problem}); removed the old {index}; it "
                                      "still works, more slowly"),
    "dictionary_too_many_letters": N_("its words use {count} different letters; an index holds {most}"),
    # TRANSLATORS: {problem} says what is wrong with an installed dictionary (translated elsewhere).
    "dictionary_installed": N_("{problem}; reinstall ruzzle-gui (pip install --force-reinstall ruzzle-gui, or your "
                               "system's package)"),
    # TRANSLATORS: {list} is the name of the installed checksum list (SHA256SUMS).
    "dictionary_unlisted": N_("{path} is not in the installed {list} list, so it cannot be checked"),
    "dictionary_checksum": N_("{path} is damaged (its checksum differs from the one in {list})"),
    # TRANSLATORS: {reason} is the marisa library's own code for the fault (MARISA_FORMAT_ERROR).
    "dictionary_not_marisa": N_("{path} is not a valid .marisa dictionary ({reason})"),
    # TRANSLATORS: {why} is one of the four reasons below (translated there).
    "dictionary_damaged": N_("{path} is damaged: {why}; compile it again from its word list "
                             "(ruzzle compile -d WORDS -o {path})"),
    "dictionary_why_stuck": N_("reading it did not end"),
    "dictionary_why_not_utf8": N_("it holds a word that is not UTF-8 text"),
    "dictionary_why_crashed": N_("reading it crashed marisa (signal {signal})"),
    "dictionary_why_status": N_("marisa could not read it (exit status {status})"),
    "dictionary_no_words": N_("dictionary has no words: {path}"),
    # TRANSLATORS: {path} is a dictionary's .bands or .doubts file, {highest} a number (7); the command in
    # brackets is typed as written.
    "marks_damaged": N_("{path} is damaged: it holds a value past {highest}; compile its dictionary again "
                        "(ruzzle compile -d WORDS -o {dictionary})"),
    # TRANSLATORS: {problem} is the operating system's reason, {file} the file it was about.
    "dictionary_interrupted": N_("a compile of {path} was interrupted and cannot be finished ({problem}: {file}); "
                                 "compile it again (ruzzle compile -d WORDS -o {path})"),
    # TRANSLATORS: {index} is the name of the dictionary's index file (it.index).
    "dictionary_stale": N_("{path} does not match the checksum in {index}: it was damaged or changed after "
                           "compiling; compile it again (ruzzle compile -d {path} -o {path}, or from its word list)"),
    # TRANSLATORS: {language} is a board language's name (translated elsewhere).
    "dictionary_no_letters": N_("{path} has no letters of the {language} alphabet"),
    "dictionary_no_words_in_alphabet": N_("{path} has no words spelled in the {language} alphabet"),
}
# Messages with a count, by code: the count's key, and the message for it.
PLURALS = {
    # TRANSLATORS: a dictionary in another language's alphabet. {language} is a board language's name (translated
    # elsewhere), {example} one of its words, {code} a language code; the command is typed as written.
    "dictionary_other_language": ("count", lambda n: ngettext(
        "{path}: none of its {count} word is spelled in the {language} alphabet (such as '{example}'): it is a "
        "dictionary for another language; give it with that language's -l, or compile a word list with: ruzzle "
        "compile -l {code} -d WORDS -o OUT.marisa",
        "{path}: none of its {count} words is spelled in the {language} alphabet (such as '{example}'): it is a "
        "dictionary for another language; give it with that language's -l, or compile a word list with: ruzzle "
        "compile -l {code} -d WORDS -o OUT.marisa", n)),
    # TRANSLATORS: {outside} of the dictionary's {count} words use letters the board language lacks.
    "dictionary_outside_alphabet": ("count", lambda n: ngettext(
        "{path}: {outside} of {count} word uses letters outside the {language} alphabet (such as '{example}'), so "
        "they can never be found; fold them into it with: ruzzle compile -l {code} -d {path} -o {fixed}",
        "{path}: {outside} of {count} words use letters outside the {language} alphabet (such as '{example}'), so "
        "they can never be found; fold them into it with: ruzzle compile -l {code} -d {path} -o {fixed}", n)),
    "board_row_width": ("count", lambda n: ngettext("line {line}: {count} cell, but the first row has {width}",
                                                    "line {line}: {count} cells, but the first row has {width}", n)),
}
# TRANSLATORS: where a bad cell of a board is: a line of the board file, or a row of the board.
WHERE = {"line": N_("line {line}, cell {cell}"), "row": N_("row {row}, cell {cell}")}
# TRANSLATORS: which time of the plan's pace a message is about.
TIMINGS = {"per_word": N_("the time per word"), "per_letter": N_("the time per letter"),
           "per_cell": N_("the time per cell")}
# TRANSLATORS: what the reader saw where a bonus might be: no bonus, or nothing it could tell.
READINGS = {"plain": N_("plain"), None: N_("nothing clear")}
# TRANSLATORS: the engine's own words for why a file could not be written.
ENGINE_PROBLEMS = {"no such folder": N_("no such folder")}
INSTALL_HINT = N_("reinstall ruzzle_gui with its dependencies (bash setup.sh, or pip install Pillow numpy)")


def engine_text(error: BaseException, source: str | None = None) -> str:
    """Return the message of ``error`` in the interface language (the engine's English if its code is unknown).

    ``source`` names, in the interface language, an image without a file name ("the screen").
    """
    return _said(getattr(error, "code", ""), dict(getattr(error, "values", {})), source) or str(error)


def said_text(text: str, source: str | None = None) -> str:
    """Return an engine's sentence (a ``coded.Said``, such as a reader's reason) in the interface language.

    A plain string is a msgid of the app's (or English nobody translates): it is looked up as it is.
    """
    parts = getattr(text, "parts", ())
    if not parts:
        return _(text) if text else text
    return "; ".join(_said(code, dict(values), source) or str(dict(values).get("text", text)) for code, values in parts)


def _said(code: str, values: dict[str, object], source: str | None) -> str | None:
    """Return the message of ``code`` with ``values`` in the interface language, or None for an unknown code."""
    if code in PLURALS:
        key, message = PLURALS[code]
        count = values[key]
        template = message(count if isinstance(count, int) else 0)
    elif code in MESSAGES:
        template = _(MESSAGES[code])
    else:
        return None
    try:
        return template.format(**_shown(code, values, source))
    except (KeyError, IndexError, ValueError):  # a code given other values than its message names: say the English
        return None


def _shown(code: str, values: dict[str, object], source: str | None) -> dict[str, object]:
    """Return ``values`` as the interface language shows them: numbers, names and places."""
    shown = {key: _number(value) for key, value in values.items()}
    for key, value in values.items():  # a part that is itself an engine's message: said in its turn
        if isinstance(value, BaseException):
            shown[key] = engine_text(value, source)
        elif isinstance(value, Said) and value.parts:
            shown[key] = said_text(value, source)
    if values.get("problem") in ENGINE_PROBLEMS:
        shown["problem"] = _(ENGINE_PROBLEMS[str(values["problem"])])
    if values.get("name") in ENGINE_NAMES:
        shown["name"] = source or _(ENGINE_NAMES[str(values["name"])])
    if "language_code" in values:  # a board language, named in the interface language
        shown["language"] = language_name(str(shown.pop("language_code")), str(values["language"]))
    if "cell" in values:
        place = "line" if "line" in values else "row"
        shown["where"] = _(WHERE[place]).format(**{place: shown[place], "cell": shown["cell"]})
    if "token" in values:
        shown["token"] = _quoted(str(values["token"]), values.get("length"))
    if "suffix" in values:
        shown["suffix"] = _quoted(str(values["suffix"]), None)
    if "which" in values:
        shown["which"] = _(TIMINGS.get(str(values["which"]), str(values["which"])))
    for key in ("badge", "ring", "label"):
        if key in values and code.startswith("reason_"):
            shown[key] = _reading(values[key])
    if code == "needs":
        shown["hint"] = _(INSTALL_HINT)
    return shown


def _number(value: object) -> object:
    """Return a number as the interface language writes it, anything else as it is."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return format_number(value)
    if isinstance(value, float):  # seconds: 12.5 as 12,5 in Italian, 5000.0 as 5 000 in French
        return format_number(int(value)) if value.is_integer() else format_short(value)
    return value


def _quoted(text: str, length: object) -> str:
    """Return a cell as typed, quoted as the interface language quotes; cut, it ends in … and says its length."""
    if not isinstance(length, int):
        # TRANSLATORS: a cell of a board as the player typed it, in quotes: use your language's quotation marks.
        return _("'{text}'").format(text=text)
    return ngettext("'{text}…' ({count} character)", "'{text}…' ({count} characters)", length).format(
        text=text, count=format_number(length))


def _reading(reading: object) -> str:
    """Return what the reader saw of a bonus: its badge, "plain", or "nothing clear"."""
    if reading in READINGS:
        return _(READINGS[reading])
    return bonus_badge(str(reading).upper())
