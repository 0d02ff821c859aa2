"""The lab: benchmarks, the screenshot generator, the Tesseract comparison and build tools.

Nothing in the product imports this package; ``ruzzle bench`` reaches
``lab.bench`` when asked (with the modules it is made of: ``solvers``,
``search_counts``, ``processes``, ``big_boards`` and ``report``), and the tests
use the generator. The other modules run as scripts (``python -m ruzzle_gui.lab.<module>``). It ships in the wheel
so the figures in ``docs/performance.md`` can be measured again on an install.
"""
