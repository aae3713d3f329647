"""The game service: event store (games and their action logs), projections, API."""
