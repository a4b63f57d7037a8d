"""Each template's `/game next` with seeded dice."""

from __future__ import annotations
