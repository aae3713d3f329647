"""Reads: plain keyword-only functions returning models or small dataclasses."""
