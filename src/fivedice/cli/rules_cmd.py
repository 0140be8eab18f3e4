"""Commands about the rules themselves: score, rules, odds, replay."""

from __future__ import annotations
