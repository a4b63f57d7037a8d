"""Glossary commands, part one: `/rule` with its autocomplete, and the entry reply they all share.

`/rule` answers in public by default because the whole table wants the ruling. When the query is
ambiguous it asks with a select instead of guessing; choosing there edits the question into the
ruling. Buttons elsewhere (see-also, search results, the index, explained terms) open an entry in
a message only the clicker sees, so browsing does not flood the channel. The other ways to reach
an entry (`/search`, `/glossary`, "Explain terms", `[[term]]`) are in `glossary_browse.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.categories import category_label
from bot.context import Ctx
from bot.games import GAMES
from bot.glossary_view import (
    CHOICES_MAX,
    button_label,
    choice_name,
    display_text,
    display_title,
    escape_markdown,
    game_name,
    option_description,
    option_label,
    other_names,
    own_game_first,
    resolve_references,
    shorten,
    titled_in_russian,
)
from bot.handlers.glossary_games import known_games
from bot.handlers.glossary_hedge import (
    close_elsewhere,
    hedge_key,
    not_the_term,
    offered,
    opens_alone,
    spoken_for,
    title_key,
)
from bot.handlers.glossary_learn import (
    UNLEARN_ACTION,
    asked_payload,
    learned_entry,
    record_pick,
    split_payload,
    unlearn,
)
from bot.handlers.glossary_source import source_footer
from bot.i18n import catalogue
from bot.numbers import ascii_int
from bot.registry import Choice, Option, UserError, action, command
from bot.reply import Button, Field, Reply, Select, SelectOption
from glossary.aliases import game_aliases
from glossary.covers import covers
from glossary.model import Entry
from glossary.normalize import clean, fold

if TYPE_CHECKING:
    from glossary import Glossary, Hit
    from glossary.lookup import Lookup

QUERY_MAX = 100  # Discord's autocomplete input is short; a longer query is not a term
SEE_ALSO_BUTTONS = 5
ALTERNATIVES = 5
FAR_SUGGESTIONS = 3  # terms offered when nothing is spelled alike: a start, not a guess
TIE_OPTIONS = 25
OPEN_ID_MAX = 80  # longest entry id a `rule.open` button carries (custom ids stop at 100)
# When the best hit is only a prefix, typo or word match, runners-up within this many points
# of it are offered as "did you mean" (scores are on the search's 0–100 scale).
CLOSE_MARGIN = 10.0
SURE_TIERS = frozenset({"exact", "stem"})
# A query this short (`a`, `бр`) is a start of typing, not a term: only an exact name answers it.
SHORT_QUERY = 3


async def game_autocomplete(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    """The games whose slug, name or alias (`mw`, `кф`) matches what is typed, in the reader's
    language (all for empty input); the value is the slug, and `check_game` reads an alias too."""
    typed = fold(clean(current or ""))
    aliases = game_aliases()
    out: list[Choice] = []
    for slug in GAMES:
        labels = {fold(slug), *(fold(game_name(slug, lang)) for lang in ("ru", "en"))}
        labels |= {a for a, s in aliases.items() if s == slug}
        if not typed or any(label.startswith(typed) or typed in label for label in labels):
            out.append(Choice(game_name(slug, ctx.lang), slug))
    return out


GAME_OPTION = Option("game", str, autocomplete=game_autocomplete, max_length=60)


# --- shared pieces -----------------------------------------------------------------------------


def glossary_of(ctx: Ctx) -> Glossary:
    """The loaded glossary (built once, on first use, by `services`)."""
    return ctx.services.glossary


async def channel_game(ctx: Ctx) -> str | None:
    """The slug of the game tracked in this channel, if one is in progress."""
    slug = await ctx.services.storage.tracker.active_game_slug(ctx.channel_id)
    return slug if slug in GAMES else None


def check_game(game: str | None) -> str | None:
    """The slug of a game option (None when not given); an unknown one is a `UserError`."""
    if game is None or game == "":
        return None
    slug = game.strip().lower()
    slug = slug if slug in GAMES else game_aliases().get(fold(slug), slug)
    if slug not in GAMES:
        raise UserError("glossary.unknown_game", game=shorten(game, 40), allowed=known_games())
    return slug


def check_query(raw: str | None, limit: int) -> str:
    """Typed text cleaned like the search cleans it, or a `UserError` saying what is wrong."""
    query = clean(raw or "")
    if not query:
        raise UserError("glossary.empty_query")
    if len(query) > limit:
        raise UserError("glossary.query_too_long", max=limit)
    if not any(ch.isalnum() for ch in query):
        raise UserError("glossary.no_letters", query=shorten(query, 40))
    return query


def _payload_value(payload: str) -> str:
    """The chosen value of a select (`"<payload>|<value>"`), or the button payload itself."""
    _, sep, value = payload.partition("|")
    return value if sep else payload


def _entry(ctx: Ctx, entry_id: str) -> Entry:
    entry = glossary_of(ctx).get(entry_id)
    if entry is None:
        raise UserError("glossary.unknown_entry")
    return entry


def entry_options(
    ctx: Ctx, entries: list[Entry], *, with_game: bool = True
) -> tuple[SelectOption, ...]:
    """Select options opening these entries (the game is left out where the list is one game's)."""
    return tuple(
        SelectOption(
            option_label(e, ctx.lang) if with_game else shorten(display_title(e, ctx.lang), 100),
            e.id,
            option_description(e, ctx.lang),
        )
        for e in entries
    )


def entry_reply(ctx: Ctx, entry: Entry, *, ephemeral: bool = False) -> Reply:
    """An entry in full: title with both names, game, category, whole text, see-also, source."""
    fields = [Field(ctx.t("rule.field.game"), game_name(entry.game, ctx.lang), inline=True)]
    if entry.category:
        category = category_label(entry.category, ctx.lang)
        fields.append(Field(ctx.t("rule.field.category"), category, inline=True))
    shown = display_title(entry, ctx.lang)
    aliases = [n for n in other_names(entry) if n not in shown]
    if aliases:
        fields.append(Field(ctx.t("rule.field.names"), ", ".join(aliases)))
    glossary = glossary_of(ctx)
    linked = [e for e in (glossary.get(i) for i in entry.see_also) if e is not None]
    named, _ = resolve_references(entry.see_also_text, glossary.entries, entry.game)
    linked += [e for e in named if e not in linked and e.id != entry.id]
    buttons = [
        Button(button_label(e, ctx.lang), "rule.open", e.id)
        for e in linked[:SEE_ALSO_BUTTONS]
        if len(e.id) <= OPEN_ID_MAX
    ]
    unlinked = [
        display_title(e, ctx.lang) for e in linked if e.id not in {b.payload for b in buttons}
    ]
    if unlinked:  # a reference to no entry (K3) is left out: `check` lists them as dead links
        fields.append(Field(ctx.t("rule.field.see_also"), ", ".join(unlinked)))
    return Reply(
        title=shown,
        body=display_text(entry, ctx.lang),
        fields=fields,
        footer=source_footer(ctx, entry),
        ephemeral=ephemeral,
        actions=list(buttons),
    )


def close_alternatives(hits: Sequence[Hit], limit: int = ALTERNATIVES) -> list[Hit]:
    """Runners-up worth a "did you mean": only when the winner is not a sure (exact) match."""
    if len(hits) < 2 or hits[0].tier in SURE_TIERS:
        return []
    best = hits[0]
    close = [
        h for h in hits[1:] if h.entry.id != best.entry.id and h.score >= best.score - CLOSE_MARGIN
    ]
    return close[:limit]


def answering_hits(query: str, hits: Sequence[Hit]) -> list[Hit]:
    """The hits good enough to answer with; empty when they are only guesses.

    A hit under the search's confidence score (a typo of a word's start, a stray word overlap)
    is a suggestion, and a query of one or two letters answers only with an exact name: `a`
    must not open Armor just because it starts with it.
    """
    if not hits or not hits[0].confident:
        return []
    if len(fold(query).replace(" ", "")) < SHORT_QUERY:
        return [h for h in hits if h.tier == "exact"]
    return [h for h in hits if h.confident]


def tied_with_best(glossary: Glossary, hits: Sequence[Hit]) -> list[Hit]:
    """When the best hit has equals, those plus the near misses; empty when it stands alone.

    The near misses matter: `броню` ties Armor in two games, and Berserk's `Броня Х` (a
    parametric name) is only a point or two behind.
    """
    tied = glossary.ambiguous(hits)
    if len(tied) < 2:
        return []
    tied_ids = {h.entry.id for h in tied}
    floor = hits[0].score - CLOSE_MARGIN
    return tied + [h for h in hits if h.entry.id not in tied_ids and h.score >= floor]


def _question(
    ctx: Ctx,
    kind: str,
    entries: list[Entry],
    ephemeral: bool,
    asked: str = "",
    **title_params: object,
) -> Reply:
    """A /rule question: `<kind>.title`, `.body` and `.placeholder`, and a select of `entries`.

    The select carries the asker's id: only the asker's choice turns the question into the
    answer; anyone else choosing gets the entry privately (`rule_pick`). It also carries the
    words `asked`, so the asker's pick can be learned (`glossary_learn`).
    """
    return Reply(
        title=ctx.t(title_key(kind, asked), **title_params),
        body=ctx.t(f"{kind}.body"),
        ephemeral=ephemeral,
        actions=[
            Select(
                ctx.t(f"{kind}.placeholder"),
                "rule.pick",
                entry_options(ctx, entries),
                payload=asked_payload(ctx, asked) if asked else str(ctx.user.id),
            )
        ],
    )


# --- /rule ---------------------------------------------------------------------------------------


async def term_autocomplete(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    """Up to 25 entries for what is typed so far; the value is the entry id."""
    game = values.get("game")
    game = game if isinstance(game, str) and game in GAMES else None
    query = clean(current or "")[:QUERY_MAX]
    prefer = await channel_game(ctx)
    entries = glossary_of(ctx).complete(query, game=game, limit=CHOICES_MAX, prefer_game=prefer)
    return [Choice(choice_name(e, ctx.lang), e.id) for e in entries[:CHOICES_MAX]]


@command(
    "rule",
    area="glossary",
    options=[
        Option(
            "term",
            str,
            required=True,
            autocomplete=term_autocomplete,
            max_length=QUERY_MAX,
        ),
        GAME_OPTION,
        Option("private", bool),
    ],
)
async def rule(ctx: Ctx, term: str, game: str | None = None, private: bool = False) -> Reply:
    """The entry for `term`: an autocomplete pick opens directly, raw text is searched."""
    slug = check_game(game)
    query = check_query(term, QUERY_MAX)
    glossary = glossary_of(ctx)
    picked = glossary.get(query)
    if picked is not None:
        return entry_reply(ctx, picked, ephemeral=private)
    prefer = await channel_game(ctx)
    found = glossary.lookup(query, game=slug, limit=10, prefer_game=prefer)
    hits = found.hits
    learned = await learned_entry(ctx, query, slug, found)
    if learned is not None:  # this server's members agreed on it: open, with a way back
        reply = entry_reply(ctx, learned, ephemeral=private)
        reply.actions.append(
            Button(
                ctx.t("rule.not_that"), UNLEARN_ACTION, asked_payload(ctx, query, UNLEARN_ACTION)
            )
        )
        return reply
    if found.unanswered:  # another game's rules, or chat: no entry is the answer
        return _unanswered(ctx, query, slug, prefer, [h.entry for h in hits], private)
    if slug is None and prefer is not None and (not hits or hits[0].entry.game != prefer):
        answer = _channel_game_answer(ctx, query, prefer, found, private)
        if isinstance(answer, Reply):
            return answer
        found, hits = answer, answer.hits
    if not hits:
        return _no_match(ctx, query, slug, prefer, private)
    shown = escape_markdown(shorten(query, 60))
    if not found.confident:
        if found.tied:  # several entries equally good: which one?
            tied = tied_with_best(glossary, hits)
            options = [h.entry for h in tied]
            if hits[0].tier not in SURE_TIERS:  # no name is the word: offer what it defines too
                options = _with_definitions(glossary, query, slug, options)
            options = own_game_first(options, prefer)
            return _question(
                ctx, "rule.ambiguous", options[:TIE_OPTIONS], private, query, query=shown
            )
        # Not clearly ahead: the best few, text matches included, best first.
        options = _with_definitions(glossary, query, slug, [h.entry for h in hits[:ALTERNATIVES]])
        options = own_game_first(options, prefer)
        if len(options) == 1 and opens_alone(query, hits[0]):  # C2: a list of one opens, hedged
            return _nearest(ctx, options[0], query, private, hits[0].tier)
        return _question(ctx, "rule.suggest", options[:ALTERNATIVES], private, query, query=shown)
    reply = entry_reply(ctx, hits[0].entry, ephemeral=private)
    hedged = False
    if covers(hits[0].entry.id, query):  # no entry of its own: say which one rules it (CQ-1)
        title = display_title(hits[0].entry, ctx.lang)
        reply.body = ctx.t("rule.covered", query=shown, title=title) + "\n\n" + reply.body
    elif hedged := not_the_term(query, hits[0]):  # B4: never passed off as the term asked for
        reply.body = ctx.t(hedge_key(query, hits[0].entry), query=shown) + "\n\n" + reply.body
    # Runners-up may be guesses: a "did you mean" is where guesses belong.
    others = [h.entry for h in close_alternatives(hits)]
    if hedged:  # what the word also stands for in this game (W3: «рассеивание» → «Разрушение»)
        same = [e for e in glossary.entries if e.game == hits[0].entry.game]
        others = [*spoken_for(query, same), *others]
    if others:
        others = _with_definitions(glossary, query, slug, [hits[0].entry, *others])[1:]
        others = own_game_first(others, prefer)
        # playtest 11 C1: in a channel playing a game, the guesses are that game's only
        others = [e for e in others if e.game == prefer] if prefer and not slug else others
    # playtest 17 W4: the entry just opened is never offered again as a guess
    others = [e for e in others if e.id != hits[0].entry.id]
    if others:
        reply.actions.append(
            Select(
                ctx.t("rule.did_you_mean"),
                "rule.pick",
                entry_options(ctx, others[:ALTERNATIVES]),
                payload=asked_payload(ctx, query),
            )
        )
    return reply


def _nearest(ctx: Ctx, entry: Entry, query: str, private: bool, tier: str = "") -> Reply:
    """The one candidate, opened with the note that it is the nearest, not the term asked."""
    reply = entry_reply(ctx, entry, ephemeral=private)
    key = hedge_key(query, entry)
    key = "rule.nearest_any" if key == "rule.nearest" and tier != "text" else key
    note = ctx.t(key, query=escape_markdown(shorten(query, 60)))
    reply.body = note + "\n\n" + reply.body
    return reply


def _channel_game_answer(
    ctx: Ctx, query: str, prefer: str, found: Lookup, private: bool
) -> Lookup | Reply:
    """In `prefer`'s channel no other game's entry opens as this game's (playtest 3 slip 9)."""
    glossary = glossary_of(ctx)
    here = glossary.lookup(query, game=prefer, limit=10)
    if here.hits and here.confident and not here.unanswered:
        return here
    near = [*here.hits, *glossary.suggest(query, game=prefer, limit=ALTERNATIVES)]
    own = [h.entry for h in near if offered(query, h)] + glossary.defined_by(query, game=prefer)
    own += [h.entry for h in glossary.search_text(query, game=prefer, limit=3)]
    others = [h.entry for h in found.hits if h.entry.game != prefer and close_elsewhere(h)]
    entries = list(dict.fromkeys([*own[:ALTERNATIVES], *others]))[: ALTERNATIVES + 2]
    shown, game = escape_markdown(shorten(query, 60)), game_name(prefer, ctx.lang)
    if not entries:
        russian = ctx.lang == "en" and titled_in_russian(glossary.entries, prefer)
        key = "rule.not_in_game_russian" if russian else "rule.not_in_game"
        chapter = f"rule.not_covered.{prefer}"  # a game whose texts are one chapter says so (WF-3)
        raise UserError(chapter if chapter in catalogue() else key, query=shown, game=game)
    # MW-8: other games' rules are warned of only when the list holds some
    other = [e.game != prefer for e in entries]
    kind = "rule.channel_" + ("none" if all(other) else "other" if any(other) else "own")
    if kind == "rule.channel_own" and len(entries) == 1:  # C2: a list of one is opened
        return _nearest(ctx, entries[0], query, private)
    return _question(ctx, kind, entries, private, query, query=shown, game=game)


def _with_definitions(
    glossary: Glossary, query: str, slug: str | None, entries: list[Entry]
) -> list[Entry]:
    """`entries` plus those defined with the query's word (`летающий` → Flying «Существо
    летает…»), after them: only when the answer is already a choice, never as the answer."""
    extra = glossary.defined_by(query, game=slug, limit=ALTERNATIVES)
    return entries + [e for e in extra if e not in entries]


def _no_match(ctx: Ctx, query: str, slug: str | None, prefer: str | None, private: bool) -> Reply:
    """No hit: the term in the other games, else its near spellings, else plainly nothing close.
    Strangers are not passed off as neighbours: with no name spelled alike, the reply says so."""
    glossary = glossary_of(ctx)
    shown = escape_markdown(shorten(query, 60))
    if slug is not None:
        elsewhere = answering_hits(
            query, glossary.search(query, limit=ALTERNATIVES, prefer_game=prefer)
        )
        if elsewhere:
            entries = [h.entry for h in elsewhere]
            game = game_name(slug, ctx.lang)
            return _question(ctx, "rule.elsewhere", entries, private, query, query=shown, game=game)
    suggestions = glossary.suggest(query, game=slug, limit=ALTERNATIVES, prefer_game=prefer)
    if not suggestions:
        raise UserError("rule.not_found", query=shown)
    # Weak search hits (typos, word overlaps) and near spellings are suggestions; "far" ones are
    # strangers, never offered (en-10 BK-6): the reply says so and points to the game's index.
    near = own_game_first([h.entry for h in suggestions if offered(query, h)], prefer)
    if len(near) == 1:  # C2: a list of one is opened, with the note that it is the nearest
        return _nearest(ctx, near[0], query, private)
    if near:
        return _question(ctx, "rule.suggest", near, private, query, query=shown)
    title, index_of = ctx.t("rule.far.title", query=shown), slug or prefer
    if index_of is None:
        return Reply(title=title, body=ctx.t("rule.far.plain"), ephemeral=private)
    body = ctx.t("rule.far.game", game=game_name(index_of, ctx.lang), slug=index_of)
    return Reply(title=title, body=body, ephemeral=private)


def _unanswered(
    ctx: Ctx, query: str, slug: str | None, prefer: str | None, near: list[Entry], private: bool
) -> Reply:
    """«В правилах этих игр такого нет», with the nearest entries to pick from all the same."""
    if not near:
        suggestions = glossary_of(ctx).suggest(query, game=slug, limit=FAR_SUGGESTIONS)
        near = [h.entry for h in suggestions]
    shown, near = escape_markdown(shorten(query, 60)), own_game_first(near, prefer)
    return _question(ctx, "rule.noanswer", near[:ALTERNATIVES], private, query, query=shown)


@action("rule.pick")
async def rule_pick(ctx: Ctx, payload: str) -> Reply:
    """The asker's choice in a /rule question turns that message into the chosen entry; anyone
    else gets their own private copy, so one member cannot rewrite another's question. The
    asker's pick is recorded for learning when the select carries the words asked."""
    asker, words, _ = split_payload(payload)
    entry = _entry(ctx, _payload_value(payload))
    if "|" in payload and asker and ascii_int(asker) != ctx.user.id:  # unreadable: not this user
        return entry_reply(ctx, entry, ephemeral=True)
    if asker.isdigit():
        await record_pick(ctx, words, entry.id)
    reply = entry_reply(ctx, entry)
    reply.edit_origin = True
    return reply


@action("rule.open")
async def rule_open(ctx: Ctx, payload: str) -> Reply:
    """Open an entry (see-also button, search result, index) for the clicker only."""
    return entry_reply(ctx, _entry(ctx, _payload_value(payload)), ephemeral=True)


@action(UNLEARN_ACTION)
async def rule_unlearn(ctx: Ctx, payload: str) -> Reply:
    """«Не то» under an entry opened from what the server learned: the link is taken back and
    the list is shown instead. The asker's message turns into the list; anyone else gets it
    privately (the link is gone for everyone either way)."""
    asker, words, _ = split_payload(payload)
    if not words:
        raise UserError("rule.unlearn_gone")
    await unlearn(ctx, words)
    glossary = glossary_of(ctx)
    prefer = await channel_game(ctx)
    found = glossary.lookup(words, limit=ALTERNATIVES, prefer_game=prefer)
    entries = [h.entry for h in found.hits[:ALTERNATIVES]]
    if not entries:
        entries = [h.entry for h in glossary.suggest(words, limit=ALTERNATIVES, prefer_game=prefer)]
    mine = asker.isdigit() and int(asker) == ctx.user.id
    shown = escape_markdown(shorten(words, 60))
    reply = _question(ctx, "rule.unlearned", entries, not mine, words, query=shown)
    reply.edit_origin = mine
    return reply
