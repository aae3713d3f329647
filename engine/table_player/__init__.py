"""Players that see only the table, the table par of a deal, and the clairvoyance verdict."""

from engine.table_player.greedy import GreedyPlayer, greedy_from_table
from engine.table_player.harness import TablePlayer, TableRun, play_at_table
from engine.table_player.memory import TableMemory
from engine.table_player.sampling import SamplingPlayer, play_from_table

__all__ = [
    "GreedyPlayer",
    "SamplingPlayer",
    "TableMemory",
    "TablePlayer",
    "TableRun",
    "greedy_from_table",
    "play_at_table",
    "play_from_table",
]
