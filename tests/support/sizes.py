"""CI-sized and long variants of the slow property tests.

A property test that checks hundreds of cases costs minutes; CI runs it at a size that still
covers every kind of case (``ci``), and the full size runs as a variant of its own marked
``long``, which a run leaves out unless asked (``pytest --long``, docs/testing.md). Both
variants run the same body: only the number of cases differs.
"""

from __future__ import annotations

import pytest


def sizes(*, ci: int, long: int, name: str = "size") -> pytest.MarkDecorator:
    """Parametrize a test with ``name`` = ``ci`` (id ``ci``) and ``long`` (id ``long``,
    marked ``long``)."""
    return pytest.mark.parametrize(
        name,
        [pytest.param(ci, id="ci"), pytest.param(long, id="long", marks=pytest.mark.long)],
    )
