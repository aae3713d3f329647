"""One thin view per API operation, grouped by resource."""
