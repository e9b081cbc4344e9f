"""Nim's rules, one module per part of the game (it has one: taking)."""
