"""The player's local store: verdicts on words and practice rounds, in one SQLite file.

Below the app and the command line, with no Tk, so both share it. Importing this
package imports nothing heavy: ``store_path()`` is cheap, and sqlite3 is imported
only when a name of ``database`` is first used, so ``ruzzle solve`` can ask whether
there is a store at all for the cost of a stat.

    store = Store()                                   # the user's data folder's history.sqlite3
    store.mark("it", ["ADIVA"], "refused")
    store.verdicts("it")                              # {"ADIVA": ("refused", "2026-12-07T15:20:31Z")}
    store.add_round(Round(...)); store.history("it")
    store.notices                                     # lines the player should hear (a damaged file kept aside)
"""
from ruzzle_gui.store.paths import data_dir, store_path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    from ruzzle_gui.store.database import (
        BUSY_SECONDS,
        NotSaved,
        Round,
        RoundWord,
        Store,
        StoreBusy,
        StoreError,
        utc_now,
    )

__all__ = ["Store", "StoreError", "StoreBusy", "NotSaved", "Round", "RoundWord", "BUSY_SECONDS", "utc_now",
           "data_dir", "store_path"]
_LAZY = {"Store", "StoreError", "StoreBusy", "NotSaved", "Round", "RoundWord", "BUSY_SECONDS", "utc_now"}


def __getattr__(name: str) -> object:
    """Return a name of ``database``, imported (with sqlite3) on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ruzzle_gui.store import database

    return getattr(database, name)
