"""``python -m engine``: see :mod:`engine.cli`."""

from .cli import main

raise SystemExit(main())
