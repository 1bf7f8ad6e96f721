"""Fixtures shared by the rules tests (defined in tests/rules/helpers.py)."""

from tests.rules.helpers import card_hooks  # noqa: F401  (the fixture)
