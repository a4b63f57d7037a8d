"""The games Arbiter knows, with the slugs used everywhere (data files, options, JSON)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    slug: str
    name_ru: str
    name_en: str

    def name(self, lang: str) -> str:
        return self.name_ru if lang == "ru" else self.name_en


GAMES: dict[str, Game] = {
    g.slug: g
    for g in (
        Game("mage-wars", "Mage Wars", "Mage Wars"),
        Game("berserk", "Берсерк ККИ", "Berserk CCG"),
        Game("whfb", "Warhammer Fantasy (фаза магии)", "Warhammer Fantasy (magic phase)"),
        Game("conquest", "Warhammer 40,000: Conquest", "Warhammer 40,000: Conquest"),
        Game("keyforge", "KeyForge", "KeyForge"),
    )
}
GAME_SLUGS: tuple[str, ...] = tuple(GAMES)
