"""ruzzle_gui: find every word on a Ruzzle board, best score first.

    from ruzzle_gui import Board, Graph, load_language
    lang = load_language("it")
    board = Board.from_file("it.board")
    for s in Graph(board, lang).solve():
        print(s.word, s.score, s.path)
"""
# The release, as `ruzzle --version` prints it and CHANGELOG.md's newest entry names it.
__version__ = "0.2.0"

# The names below are imported on first use (PEP 562), so `ruzzle --help` and
# every command pay only for the modules they touch.
_HOMES = {"Board": "board", "BoardError": "board", "BONUSES": "board", "DictionaryError": "dictionary",
          "Graph": "graph", "Solution": "graph", "SORT_ORDERS": "graph", "sort_solutions": "graph",
          "Language": "language", "LanguageError": "language", "known_languages": "language",
          "load_language": "language"}

__all__ = ["Board", "BoardError", "BONUSES", "DictionaryError", "Graph", "Solution",
           "SORT_ORDERS", "sort_solutions", "Language", "LanguageError", "known_languages",
           "load_language"]


def __getattr__(name: str):
    """Return a public name from the module that holds it, importing that module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ruzzle_gui' has no attribute '{name}'")
    __import__(f"ruzzle_gui.{home}")  # not importlib.import_module, whose imports `-X importtime` does not list
    value = getattr(globals()[home], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Return the module's names, the lazily imported ones included."""
    return sorted({*globals(), *__all__})
