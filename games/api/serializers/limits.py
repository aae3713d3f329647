"""Bounds that several resources' query parameters share."""

#: Bound of integers in requests (seq, offsets): beyond it nothing exists, and databases
#: overflow on bigger numbers.
MAX_QUERY_INT = 2**31 - 1
