"""ruzzle_gui: find every word on a Ruzzle board, best score first.

    from ruzzle_gui import Board, Graph, load_language
    lang = load_language("it")
    board = Board.from_file("it.board")
    for s in Graph(board, lang).solve():
        print(s.word, s.score, s.path)
"""
from ruzzle_gui.board import BONUSES, Board, BoardError
from ruzzle_gui.dictionary import DictionaryError
from ruzzle_gui.graph import SORT_ORDERS, Graph, Solution, sort_solutions
from ruzzle_gui.language import Language, LanguageError, known_languages, load_language

__all__ = ["Board", "BoardError", "BONUSES", "DictionaryError", "Graph", "Solution",
           "SORT_ORDERS", "sort_solutions", "Language", "LanguageError", "known_languages",
           "load_language"]
