"""Canfield Arena's Django project: settings, URL map and the ASGI/WSGI entry points."""
