"""The browser client: pages served by Django, talking to the REST API and WebSockets."""
