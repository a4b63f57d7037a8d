"""Sample entries for the command tests: ties, a long text, see-also links, an abbreviation."""

from __future__ import annotations

from glossary import Glossary
from glossary.model import Entry, Source

LONG_TEXT = (
    "\n\n".join(
        f"Абзац {n}. " + "Очень длинное правило про броню и кубики. " * 40 for n in range(1, 6)
    )
    + "\n\nПоследняя фраза длинного правила."
)


def _entry(
    id: str,
    game: str,
    title: str,
    names: tuple[str, ...],
    text: str,
    line: int,
    category: str | None = None,
    see_also: tuple[str, ...] = (),
    see_also_text: tuple[str, ...] = (),
) -> Entry:
    return Entry(
        id=id,
        game=game,
        title=title,
        names=names,
        text=text,
        source=Source(f"{game}.txt", line, line + 1),
        category=category,
        see_also=see_also,
        see_also_text=see_also_text,
    )


ENTRIES = (
    _entry(
        "mw-aegis-x",
        "mage-wars",
        "Aegis X",
        ("Aegis", "Эгида"),
        "Все атаки против этого объекта вычитают X кубиков до броска.",
        4,
        "черта объекта",
        see_also=("mw-armor",),
    ),
    _entry(
        "mw-armor",
        "mage-wars",
        "Armor",
        ("Armor", "Броня"),
        LONG_TEXT,
        6,
        "свойство объекта",
        see_also=("mw-aegis-x", "mw-bleed", "mw-controller", "mw-owner", "kf-armor", "mw-burn"),
        see_also_text=("Critical Damage",),
    ),
    _entry("mw-bleed", "mage-wars", "Bleed", ("Кровотечение",), "Существо истекает кровью.", 8),
    _entry("mw-burn", "mage-wars", "Burn", ("Горение",), "Объект горит.", 10),
    _entry(
        "mw-controller",
        "mage-wars",
        "Controller",
        ("Владелец",),
        "Контролирует заклинание.",
        12,
        "игровой термин",
    ),
    _entry(
        "mw-owner", "mage-wars", "Owner", ("Владелец",), "Владеет картой.", 14, "игровой термин"
    ),
    _entry("kf-armor", "keyforge", "Броня ( Armor )", ("Броня", "Armor"), "Броня KeyForge.", 3),
    _entry("bk-armor", "berserk", "Броня", ("Броня",), "Броня Берсерка.", 5, "Именная особенность"),
    _entry("bk-zov", "berserk", "Защита от выстрелов", ("ЗОВ",), "Защищает от выстрелов.", 9),
)


def sample_glossary(*extra: Entry) -> Glossary:
    """The real search over the sample entries (plus `extra`), so tests control every case."""
    return Glossary((*ENTRIES, *extra))
