"""``python -m ruzzle_gui``: the same as the ``ruzzle`` command (no subcommand opens the app)."""
from ruzzle_gui.cli import main

raise SystemExit(main())
