"""The player's local store: verdicts on words and practice rounds, in one SQLite file.

Below the app and the command line, with no Tk, so both share it; only the
commands that use it import it (and sqlite3). See ``database.Store``.

    store = Store()                                   # the user's data folder's history.sqlite3
    store.mark("it", ["ADIVA"], "refused")
    store.verdicts("it")                              # {"ADIVA": ("refused", "2026-12-07T15:20:31Z")}
    store.add_round(Round(...)); store.history("it")
    store.notices                                     # lines the player should hear (a damaged file kept aside)
"""
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
from ruzzle_gui.store.paths import data_dir, store_path

__all__ = ["Store", "StoreError", "StoreBusy", "NotSaved", "Round", "RoundWord", "BUSY_SECONDS", "utc_now",
           "data_dir", "store_path"]
