"""The daily deals: two sealed deals a UTC day, D3 and D1, the boards players rank on.

* ``candidates``: which deal numbers a day may get (HMAC of the day and mode);
* ``choosing``: the solver picks the first candidate proven winnable, with its line (par);
* ``store``: a day is chosen once and kept (``DailyDeal``), even under concurrent requests;
* ``games.boards``: the board ids (``daily-2026-12-01-D3``) and when a day's boards close.

A day's numbers, codes and lines stay on the server until the day ends (``games.boards``
decides when); only the pars are told before.
"""
