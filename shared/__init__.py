"""What several apps share and no one app owns: the client's address, the Redis clients and the
cache over them, the request threads and the HTTP handler that runs views on them, the words of
the engine's reasons. It imports no app (only the engine, below every app), so ``accounts``,
``games``, ``fairplay``, ``ratings``, ``leagues``, ``web`` and the project's wiring in
``canfield_site`` may all import it without an arrow running back up (docs/architecture.md,
"Layers"; ``make lint`` holds it to that with import-linter)."""
