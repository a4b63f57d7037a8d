"""Reading the glossary's small TOML data files: one place for the errors a file can raise."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path) -> tuple[dict[str, Any], list[str]]:
    """The file's document, or `{}` and the one problem met reading it (for `bot check`)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), []
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return {}, [f"{path}: cannot read: {exc}"]
