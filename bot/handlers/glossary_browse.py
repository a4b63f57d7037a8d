"""Glossary commands, part two: reaching entries other than by name.

`/search` looks through the rule texts, `/glossary` pages through a game's index, the "Explain
terms" menu and `/explain` spot terms in a message, and `[[term]]` answers inside chat. They all
open entries through `/rule`'s reply and buttons (`bot/handlers/glossary.py`); their lists are
ephemeral, while a `[[term]]` answer is public like the chat line that asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from bot.categories import category_label
from bot.context import Ctx
from bot.glossary_view import (
    BUTTON_LABEL_MAX,
    button_label,
    choice_name,
    display_text,
    display_title,
    extract_inline_terms,
    game_name,
    page_of,
    shorten,
)
from bot.handlers.glossary import (
    GAME_OPTION,
    OPEN_ID_MAX,
    QUERY_MAX,
    TIE_OPTIONS,
    answering_hits,
    channel_game,
    check_game,
    check_query,
    entry_options,
    entry_reply,
    glossary_of,
    tied_with_best,
)
from bot.handlers.glossary_games import known_games
from bot.i18n import game_list, plural
from bot.numbers import ascii_int
from bot.registry import Option, UserError, action, chat_listener, command, message_menu
from bot.reply import Action, Button, Field, Reply, Select, Style
from glossary import Glossary
from glossary.covers import covers
from glossary.model import Entry
from glossary.normalize import clean, fold, only_stop_words, script_of
from glossary.terms import SEP, TermMatch

TEXT_MAX = 200  # /search phrase
EXPLAIN_MAX = 4000  # a Discord message at most
SEARCH_RESULTS = 10
OTHER_GAMES_MAX = 50  # other games' hits counted for the one summing-up line
PAGE_SIZE = 20
EXPLAIN_BUTTONS = 10
INLINE_BUTTONS = 15  # entries shown plus equally good ones a chat answer can offer to open
_LATIN = re.compile("[A-Za-z]")
_BRACKETED = re.compile(r"\(([^()]*)\)\s*$")


# --- /search -------------------------------------------------------------------------------------


@command(
    "search",
    area="glossary",
    options=[
        Option("text", str, required=True, max_length=TEXT_MAX),
        GAME_OPTION,
    ],
)
async def search(ctx: Ctx, text: str, game: str | None = None) -> Reply:
    """Entries whose text contains the words, with snippets and a select to open one."""
    slug = check_game(game)
    query = check_query(text, TEXT_MAX)
    if only_stop_words(query):  # every rule text has `и`: a list of them would be noise
        key = "search.stop_words" + (".one" if len(query.split()) == 1 else "")  # G7
        raise UserError(key, query=shorten(query, 60))
    hits = glossary_of(ctx).search_text(query, game=slug, limit=SEARCH_RESULTS)
    elsewhere = ""
    prefer = None if slug is not None else await channel_game(ctx)
    if prefer is not None:  # the channel's game first, the others summed up (playtest 9, G1)
        own = glossary_of(ctx).search_text(query, game=prefer, limit=SEARCH_RESULTS)
        if own:
            elsewhere = _elsewhere(ctx, query, prefer)
            hits = own
    if not hits:
        raise _not_found(ctx, query, slug)
    lines = [
        f"**{n}. {display_title(e, ctx.lang)}** · {game_name(e.game, ctx.lang)}\n{h.snippet}"
        for n, h in enumerate(hits, 1)
        for e in (h.entry,)
    ]
    if elsewhere:
        lines.append(elsewhere)
    return Reply(
        title=ctx.t("search.title", query=shorten(query, 60)),
        body="\n\n".join(lines),
        ephemeral=True,
        actions=[
            Select(
                ctx.t("search.placeholder"),
                "rule.open",
                entry_options(ctx, [h.entry for h in hits]),
            )
        ],
    )


def _not_found(ctx: Ctx, query: str, slug: str | None) -> UserError:
    """No text holds the words. An English word in Russian texts never can, so the reply says
    the texts are Russian and offers {/rule}, which reads English names (playtest en-10, BK-5)."""
    shown = shorten(query, 60)
    latin = _russian_texts(glossary_of(ctx), slug) and script_of(fold(query)) == "en"
    if slug is not None:
        key = "search.not_found_latin_in_game" if latin else "search.not_found_in_game"
        return UserError(key, query=shown, game=game_name(slug, ctx.lang))
    return UserError("search.not_found_latin" if latin else "search.not_found", query=shown)


@lru_cache(maxsize=16)
def _russian_texts(glossary: Glossary, slug: str | None) -> bool:
    """Whether most of the game's (or every game's) rule texts are Russian: read once per
    glossary, not at every search that finds nothing."""
    entries = [e for e in glossary.entries if slug is None or e.game == slug]
    return sum(script_of(fold(e.text[:200])) != "en" for e in entries) * 2 > len(entries)


def _elsewhere(ctx: Ctx, query: str, prefer: str) -> str:
    """One line for the other games' hits, so a game channel's search is not flooded with rules
    that do not apply at its table; the player can still ask for them by name."""
    others = [
        h
        for h in glossary_of(ctx).search_text(query, limit=OTHER_GAMES_MAX)
        if h.entry.game != prefer
    ]
    if not others:
        return ""
    games = game_list((h.entry.game for h in others), ctx.lang)
    return ctx.t(
        "search.elsewhere",
        matches=plural("search.plural.matches", len(others), ctx.lang),
        games=games,
        query=shorten(query, 60),
    )


# --- /glossary -----------------------------------------------------------------------------------


def index_order(entries: Sequence[Entry], lang: str = "ru") -> list[Entry]:
    """Seed entries in source order (the books' own index); a retold supplement entry, which has
    no seed line, goes before the first seed entry whose title sorts after its own, so
    «Простой удар» stands under «П» instead of heading the list (playtest 7, B6).

    A book indexed by English titles (Mage Wars) is read in Russian by the Russian names its
    titles then lead with, so it is sorted by them (playtest 7, M9); a title the book left
    untranslated (`Activate`) follows the Russian alphabet instead of heading it. A book in the
    order of play (WFB) keeps it, retellings after; one in the order of its English names
    (KeyForge, Conquest) is sorted by the Russian names in Russian (playtest 8, G6)."""
    if lang == "ru" and any(display_title(e, lang) != e.title for e in entries):
        shown = {e.id: fold(display_title(e, lang)) for e in entries}
        return sorted(entries, key=lambda e: (script_of(shown[e.id][:1]) != "ru", shown[e.id]))
    seeded = sorted(
        (e for e in entries if e.source.published is None),
        key=lambda e: (e.source.file, e.source.first_line),
    )
    retold = sorted(
        (e for e in entries if e.source.published is not None), key=lambda e: e.title.casefold()
    )
    titles = [fold(e.title) for e in seeded]
    ascending = sum(a <= b for a, b in pairwise(titles))
    if ascending < 0.8 * max(1, len(titles) - 1):  # not a Russian alphabet (playtest 8, G6)
        if sum(bool(_LATIN.search(e.title)) for e in seeded) * 2 >= len(seeded):
            # a glossary in the English book's order (KeyForge, Conquest): by the Russian names
            # in Russian, by the English ones in English, so a paragraph the transcript put
            # before its first heading (Conquest's Forced) does not head the list (EN11 CQ-3)
            if lang == "ru":
                return sorted(entries, key=lambda e: fold(e.title))
            return sorted(entries, key=_english_key)
        return [*seeded, *retold]  # a book in the order of play (WFB): retellings after it
    ordered = list(seeded)
    for entry in retold:
        key = entry.title.casefold()
        at = next(
            (
                i
                for i, other in enumerate(ordered)
                if other.source.published is None and other.title.casefold() > key
            ),
            len(ordered),
        )
        ordered.insert(at, entry)
    return ordered


def _english_key(entry: Entry) -> str:
    """The English name an English reader sees the entry by: the bracketed one of
    `Форсированные способности (Forced)`, or the title itself when it is English."""
    shown = display_title(entry, "en")
    match = _BRACKETED.search(shown)
    if match and _LATIN.search(match.group(1)) and not _LATIN.search(shown[: match.start()]):
        return fold(match.group(1))
    return fold(shown)


def index_page(ctx: Ctx, game: str, number: int) -> Reply:
    """One page of a game's entries in source order, with prev/next and a select to open one."""
    entries = index_order([e for e in glossary_of(ctx).entries if e.game == game], ctx.lang)
    if not entries:
        raise UserError("glossary.index.empty", game=game_name(game, ctx.lang))
    page = page_of(entries, number, PAGE_SIZE)
    start = page.number * PAGE_SIZE
    lines = [
        f"`{start + i:>3}.` {display_title(e, ctx.lang)}"
        + (f" — *{category_label(e.category, ctx.lang)}*" if e.category else "")
        for i, e in enumerate(page.entries, 1)
    ]
    body = "\n".join(lines) + "\n\n" + ctx.t("glossary.index.count", count=len(entries))
    prev_page, next_page = max(page.number - 1, 0), min(page.number + 1, page.count - 1)
    paging: list[Action] = [
        Button(
            ctx.t("glossary.prev"),
            "glossary.page",
            f"{game}:{prev_page}",
            disabled=page.number == 0,
        ),
        Button(
            ctx.t("glossary.next"),
            "glossary.page",
            f"{game}:{next_page}",
            style=Style.PRIMARY,
            disabled=page.number >= page.count - 1,
        ),
    ]
    opener = Select(
        ctx.t("glossary.index.placeholder"),
        "rule.open",
        entry_options(ctx, list(page.entries), with_game=False),
    )
    return Reply(
        title=ctx.t(  # one page says no page (en-7 CQ-4)
            "glossary.index.title" if page.count > 1 else "glossary.index.title_one",
            game=game_name(game, ctx.lang),
            page=page.number + 1,
            pages=page.count,
        ),
        body=body,
        ephemeral=True,
        # One page needs no paging: two greyed-out buttons would only be clutter.
        actions=[*(paging if page.count > 1 else []), opener],
    )


@command(
    "glossary",
    area="glossary",
    options=[replace(GAME_OPTION, required=True)],
)
async def glossary_index(ctx: Ctx, game: str) -> Reply:
    """The first page of a game's index (a required option, so there is always a game)."""
    slug = check_game(game)
    if slug is None:
        raise UserError("glossary.unknown_game", game="", allowed=known_games())
    return index_page(ctx, slug, 0)


@action("glossary.page")
async def glossary_page(ctx: Ctx, payload: str) -> Reply:
    """Prev/next: edit the index message in place."""
    game, _, raw = payload.partition(":")
    slug = check_game(game) or ""
    if not slug:
        raise UserError("glossary.unknown_game", game=game, allowed=known_games())
    reply = index_page(ctx, slug, ascii_int(raw) or 0)
    reply.edit_origin = True
    return reply


# --- explaining terms in a text ------------------------------------------------------------------


async def explain_reply(ctx: Ctx, text: str) -> Reply:
    """The glossary terms found in `text`, one line each, with buttons to open them."""
    cleaned = clean(text or "")[:EXPLAIN_MAX]
    if not cleaned:
        raise UserError("explain.empty")
    prefer = await channel_game(ctx)
    matches = glossary_of(ctx).find_terms(cleaned, prefer_game=prefer)
    if prefer is not None:  # BK-2: another game's entry does not rule the game this channel plays
        matches = [
            TermMatch(m.found, here)
            for m in matches
            if (here := tuple(e for e in m.entries if e.game == prefer))
        ]
        if not matches:
            raise UserError("explain.none_in_game", game=game_name(prefer, ctx.lang))
    if not matches:
        raise UserError("explain.none")
    lines: list[str] = []
    buttons: list[Button] = []
    for match in matches:
        names = ", ".join(choice_name(e, ctx.lang) for e in match.entries)
        said = match.found.split(SEP)
        # no entry of its own: this one rules it (CQ-1, C1); the entry's own names on their own
        # line, so the note is never said of them (English walk 11, WF-2)
        covered = [w for w in said if len(match.entries) == 1 and covers(match.entries[0].id, w)]
        named = [w for w in said if w not in covered]
        if named:
            lines.append(f"• **{SEP.join(named)}** → {names}")
        if covered:
            lines.append(f"• **{SEP.join(covered)}** → {names}" + ctx.t("explain.covered"))
        for e in match.entries:
            if len(buttons) < EXPLAIN_BUTTONS and all(b.payload != e.id for b in buttons):
                # `Атака · Берсерк ККИ`, `Атака · KeyForge`: one word names entries of two games
                buttons.append(
                    Button(choice_name(e, ctx.lang, BUTTON_LABEL_MAX), "rule.open", e.id)
                )
    shown_ids = {b.payload for b in buttons}
    rest = {e.id for m in matches for e in m.entries} - shown_ids
    if rest:
        lines.append(ctx.t("explain.more", count=len(rest)))
    return Reply(
        title=ctx.t("explain.title"),
        body="\n".join(lines),
        ephemeral=True,
        actions=list(buttons),
    )


@message_menu("menu.explain_terms", area="glossary")
async def explain_menu(ctx: Ctx, text: str) -> Reply:
    """The message context menu: works on any message without the message-content intent."""
    return await explain_reply(ctx, text)


@command(
    "explain",
    area="glossary",
    options=[Option("text", str, required=True, max_length=EXPLAIN_MAX)],
)
async def explain(ctx: Ctx, text: str) -> Reply:
    """The menu's twin for pasted text and for the console."""
    return await explain_reply(ctx, text)


# --- [[term]] in chat ----------------------------------------------------------------------------


@chat_listener
async def inline_reply(ctx: Ctx, text: str) -> Reply | None:
    """The answer to `[[term]]` marks in a chat message, or None when it has none or it is off."""
    if not ctx.services.settings.inline_lookup:
        return None
    terms = extract_inline_terms(text)
    if not terms:
        return None
    glossary = glossary_of(ctx)
    prefer = await channel_game(ctx)
    found: list[Entry] = []
    tied: list[Entry] = []  # equally good answers not shown: named, one click away
    missing: list[str] = []
    for term in terms:
        query = term[:QUERY_MAX]
        entry = glossary.get(query)
        if entry is None:
            answer = glossary.lookup(query, limit=TIE_OPTIONS, prefer_game=prefer)
            # A chat line cannot ask back: a sure answer, or the first of equal names (the
            # others are named below it); never a guess.
            if answer.tied:
                hits = answering_hits(query, answer.hits)
            else:
                hits = answer.hits[:1] if answer.confident else []
            entry = hits[0].entry if hits else None
            tied += [h.entry for h in tied_with_best(glossary, hits)[1:] if h.entry not in tied]
        if entry is None:
            missing.append(f"«{shorten(term, 40)}»")
        elif entry not in found:
            found.append(entry)
    tied = [e for e in tied if e not in found]
    if len(found) == 1 and not missing:
        reply = entry_reply(ctx, found[0])
    else:
        parts = [
            f"**{display_title(e, ctx.lang)}** · {game_name(e.game, ctx.lang)}\n"
            f"{display_text(e, ctx.lang)}"
            for e in found
        ]
        if missing:
            parts.append(ctx.t("inline.missing", terms=", ".join(missing)))
        reply = Reply(
            title=ctx.t("inline.title"),
            body="\n\n".join(parts),
            actions=[
                Button(button_label(e, ctx.lang), "rule.open", e.id)
                for e in found
                if len(e.id) <= OPEN_ID_MAX
            ],
        )
    if tied:
        names = ", ".join(choice_name(e, ctx.lang) for e in tied)
        reply.fields.append(Field(ctx.t("inline.tied"), names))
        room = INLINE_BUTTONS - len(reply.actions)
        reply.actions += [
            Button(choice_name(e, ctx.lang, BUTTON_LABEL_MAX), "rule.open", e.id)
            for e in tied
            if len(e.id) <= OPEN_ID_MAX
        ][: max(room, 0)]
    return reply
