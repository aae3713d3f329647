"""Writes: plain keyword-only functions, one transaction each (Django Styleguide "services")."""
