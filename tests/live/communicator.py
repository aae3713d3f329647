"""Channels' ``WebsocketCommunicator``, importable without daphne.

``channels/testing/__init__.py`` imports daphne for ``ChannelsLiveServerTestCase`` only, and
daphne is not a dependency of this project (uvicorn serves it). When daphne is missing, the
``channels.testing`` package is registered without running that ``__init__``, so its
``websocket`` module (which needs nothing from daphne) imports as usual. Adding ``daphne``
to the test extras makes the first import succeed and this fallback unused.
"""

import sys
import types
from pathlib import Path

try:
    from channels.testing import WebsocketCommunicator
except ModuleNotFoundError as error:
    if error.name is None or not error.name.startswith("daphne"):
        raise
    import channels

    package = types.ModuleType("channels.testing")
    package.__path__ = [str(Path(channels.__file__).parent / "testing")]
    sys.modules["channels.testing"] = package
    from channels.testing.websocket import WebsocketCommunicator

__all__ = ["WebsocketCommunicator"]
