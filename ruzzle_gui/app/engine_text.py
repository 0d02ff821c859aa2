"""The screenshot reader's messages in the interface language.

The engine stays English and gettext-free: its messages are the command line's output, documented
in English. Its errors carry, beside that text, a ``code`` and the ``values`` in it
(``vision.errors.coded``); here each code has a marked message the catalogues translate. An error
without a known code is shown as the engine wrote it.
"""
from __future__ import annotations

from ruzzle_gui.app.i18n import N_, _, format_number, language_name

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
    "not_image": N_("{path} is not an image (PNG, JPEG and other common formats are read)"),
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
    "capture": N_("cannot capture the screen: {problem}"),
    "no_board": N_("no Ruzzle board found in {name}"),
    "no_board_faded": N_("no Ruzzle board found in {name}: it is too faded to read"),
    "needs": N_("reading screenshots needs {module}: {hint}"),
    "font": N_("no bold sans font found to read letters with: sudo apt-get install fonts-dejavu-core"),
}
INSTALL_HINT = N_("reinstall ruzzle_gui with its dependencies (bash setup.sh, or pip install Pillow numpy) "
                  "and the Debian package fonts-dejavu-core")


def engine_text(error: BaseException, source: str | None = None) -> str:
    """Return the message of ``error`` in the interface language (the engine's English if its code is unknown).

    ``source`` names, in the interface language, an image without a file name ("the screen").
    """
    code = getattr(error, "code", "")
    if code not in MESSAGES:
        return str(error)
    values = dict(getattr(error, "values", {}))
    for key, value in values.items():
        if isinstance(value, int) and not isinstance(value, bool):
            values[key] = format_number(value)
    if values.get("name") in ENGINE_NAMES:
        values["name"] = source or _(ENGINE_NAMES[str(values["name"])])
    if "language_code" in values:  # a board language, named in the interface language
        values["language"] = language_name(str(values.pop("language_code")), str(values["language"]))
    if code == "needs":
        values["hint"] = _(INSTALL_HINT)
    return _(MESSAGES[code]).format(**values)
