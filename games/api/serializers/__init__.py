"""Request and response shapes of the API (also the OpenAPI schema's components), one module
per resource: ``games``, ``actions``, ``submissions``, ``hints``, ``boards``, ``daily``,
``players``, ``stats``, the owner's view of a fair-play hold in ``holds``, the error shape in
``errors``; ``one_of`` builds the bodies a client sends in one of several shapes.

Inputs use the strict fields of ``games.api.fields``; outputs describe exactly what the
views return so the published schema can be checked against real responses.

This package re-exports nothing: a call site imports from the resource's module, so each name
has one home and an import says which resource it reads (a re-export list here would be a
second place to edit with every new serializer, and a cycle waiting to happen).
"""
