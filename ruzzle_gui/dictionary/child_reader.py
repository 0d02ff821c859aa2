"""Reading the words of an untrusted .marisa in a child process, so a damaged file crashes the child, never us."""
from __future__ import annotations

import os
import sys

from ruzzle_gui.coded import coded, said
from ruzzle_gui.dictionary.errors import DictionaryError, marisa_reason

# Names only the type checker reads: typing costs start-up.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO


# The child reads the .marisa and writes the keys one per line; exit status 3 means a key is not UTF-8
# text or holds a line break, which no compiled dictionary has; 4 that marisa
# refused the file, its reason on standard error.
_KEY_READER = """
import sys, marisa_trie
out = sys.stdout.buffer
try:
    trie = marisa_trie.BinaryTrie().mmap(sys.argv[1])
except RuntimeError as err:
    sys.stderr.write(str(err))
    sys.exit(4)
for key in trie.iterkeys():
    try:
        key.decode()
    except UnicodeDecodeError:
        sys.exit(3)
    if b"\\n" in key:
        sys.exit(3)
    out.write(key + b"\\n")
"""


# The child may take this long (plus a second per MB) and write this many
# times the file's size before it counts as stuck in a damaged file.
_CHILD_SECONDS, _CHILD_OUTPUT_RATIO = 30, 64


def _piped(stream: IO[bytes] | None) -> IO[bytes]:
    """Return a child's pipe, which Popen gives as None only when it was not asked for one."""
    if stream is None:
        raise ValueError("the child process was started without this pipe")
    return stream


def read_keys_in_child(path: str) -> list[str]:
    """Return the keys of the .marisa at ``path``, read by a child process; raise DictionaryError if it fails."""
    import subprocess  # with threading, only an unverified dictionary pays for them
    import threading

    size = os.stat(path).st_size
    limit = _CHILD_OUTPUT_RATIO * size + (1 << 20)
    command = [sys.executable, "-P", "-c", _KEY_READER, path]  # -P: no module from the current folder
    stuck = threading.Event()
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        def give_up() -> None:
            stuck.set()
            child.kill()

        timer = threading.Timer(_CHILD_SECONDS + size / 1e6, give_up)
        timer.start()
        try:
            data = _piped(child.stdout).read(limit + 1)
            if len(data) > limit:
                stuck.set()
                child.kill()
        finally:
            timer.cancel()
        status = child.wait()
        refusal = _piped(child.stderr).read(1000).decode(errors="replace")
    if status == 0 and not stuck.is_set():
        return data.decode().split("\n")[:-1]  # the child checked every key is UTF-8
    if status == 4 and not stuck.is_set():
        reason = marisa_reason(RuntimeError(refusal))
        raise coded(DictionaryError(f"{path} is not a valid .marisa dictionary ({reason})"), "dictionary_not_marisa",
                    path=path, reason=reason)
    if stuck.is_set():
        why = said("reading it did not end", "dictionary_why_stuck")
    elif status == 3:
        why = said("it holds a word that is not UTF-8 text", "dictionary_why_not_utf8")
    elif status < 0:
        why = said(f"reading it crashed marisa (signal {-status})", "dictionary_why_crashed", signal=-status)
    else:
        why = said(f"marisa could not read it (exit status {status})", "dictionary_why_status", status=status)
    raise coded(DictionaryError(f"{path} is damaged: {why}; compile it again from its word list "
                                f"(ruzzle compile -d WORDS -o {path})"), "dictionary_damaged", path=path, why=why)
