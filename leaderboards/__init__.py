"""The boards as everyone reads them over the API: a board's ranking and field, the daily deals
and their archive, each with what fair play (table par, best known line) and ratings (the
deal's difficulty, its expected tier) say of it.

A composition of reads, so it sits above ``games``, ``fairplay`` and ``ratings`` and below
``leagues`` (whose boards answer in the same shape) in the layers of docs/architecture.md:
``games`` keeps the boards' rows and selectors, this package only puts the answers together."""
