"""Compiled .marisa dictionaries, one per language code, shipped as package data."""
