"""The types of what the in-process test clients answer, named once for annotations.

Django's ``Client`` and DRF's ``APIClient`` patch ``json()``, ``wsgi_request`` and the like onto
the responses they return; the type stubs describe those as private classes. A helper that
hands a response back says ``-> ApiResponse`` (or ``PageResponse``), so its callers may read
``.json()`` and ``.status_code`` checked, rather than from ``object`` or ``Any``. At run time
the names are the public base classes (annotations are not evaluated: only ``isinstance`` and
the like would see them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as PageResponse
    from rest_framework.response import _MonkeyPatchedResponse as ApiResponse
else:
    from django.http import HttpResponse as PageResponse
    from rest_framework.response import Response as ApiResponse

__all__ = ["ApiResponse", "PageResponse"]
