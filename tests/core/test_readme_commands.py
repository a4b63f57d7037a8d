"""The README's command list is the English `/help` as it is (English walk 9: it had drifted)."""

from __future__ import annotations

from pathlib import Path

from bot.console import Console
from bot.context import Services

README = Path(__file__).resolve().parents[2] / "README.md"


def _readme_commands() -> set[str]:
    text = README.read_text(encoding="utf-8")
    block = text[text.index("<!-- BEGIN COMMANDS") : text.index("<!-- END COMMANDS -->")]
    return {line.strip() for line in block.splitlines() if line.strip().startswith("/")}


async def test_the_readme_lists_every_command_as_help_shows_it(services: Services) -> None:
    console = Console(services, user="alice", lang="en", plain=True)  # `console --plain`
    pages = [await console.execute("/help")]
    pages += [await console.execute(f"!press {n}") for n in (2, 3, 4)]
    shown = {line for page in pages for line in page.splitlines() if line.startswith("/")}
    assert len(shown) > 40  # every section was paged through
    listed = _readme_commands()
    assert shown - listed == set(), "in /help, not in the README: refresh its command list"
    assert listed - shown == set(), "in the README, not in /help"
