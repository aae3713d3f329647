"""Accounts: what makes two usernames the same name (see ``accounts.usernames``)."""
