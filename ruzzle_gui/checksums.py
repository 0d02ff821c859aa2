"""``python -m ruzzle_gui.checksums [FOLDER]``: rewrite the SHA256SUMS list the dictionaries are checked by.

The checking itself is ``ruzzle_gui.dictionary.sha256sums``; its names are importable
from here too. This command sits above the dictionary package (it asks it for the
bundled folder), and nothing in that package imports it, so there is no import circle.
"""
from __future__ import annotations

import sys

from ruzzle_gui.dictionary.bundled import bundled_folder
from ruzzle_gui.dictionary.sha256sums import NOT_LISTED, SUMS_NAME, expected_sums, file_sha256, problem, write_sums

__all__ = ["SUMS_NAME", "NOT_LISTED", "problem", "expected_sums", "file_sha256", "write_sums", "main"]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the list in FOLDER (default: the bundled dictionaries' folder); return the exit code."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print("usage: python -m ruzzle_gui.checksums [FOLDER]   (default: the bundled dictionaries)")
        return 0
    folder = args[0] if args else bundled_folder()
    try:
        print(f"wrote {write_sums(folder)}")
    except OSError as err:
        print(f"cannot write the checksums of {folder}: {err.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
