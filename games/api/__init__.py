"""The JSON API: thin views over ``games.services`` and ``games.selectors``."""
