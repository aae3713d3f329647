"""What the table-view player's benchmarks share: their deals and the player's budget."""

from __future__ import annotations

import argparse


def table_arguments(description: str, *, deals: int, draw: int | None) -> argparse.ArgumentParser:
    """A parser with the deals (``--deals``, ``--first``, ``--draw``) and the table-view
    player's budget (``--samples``, ``--nodes``, ``--seed``) both benchmarks take."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=deals, help=f"deals per draw mode ({deals})")
    parser.add_argument("--first", type=int, default=1000, help="first deal number (1000)")
    mode = "both" if draw is None else str(draw)
    parser.add_argument("--draw", type=int, choices=(1, 3), default=draw, help=f"mode ({mode})")
    parser.add_argument("--samples", type=int, default=6, help="determinizations (6)")
    parser.add_argument("--nodes", type=int, default=1500, help="nodes per solve (1500)")
    parser.add_argument("--seed", type=int, default=1, help="the player's seed (1)")
    return parser
