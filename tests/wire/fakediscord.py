"""A small fake of Discord's REST API and gateway that a real discord.py client connects to.

The wire tests run the bot's own `commands.Bot` unchanged against this server, so the payloads
discord.py builds (command sync, interaction callbacks, follow-ups, channel messages) are the ones
Discord would receive. It listens on 127.0.0.1 only, on a free port, and stops at teardown.

What it fakes:
- REST under `/api/v10`: gateway discovery, `users/@me`, application info, global and guild
  command lists (PUT stores them, GET returns them), interaction callbacks (`?with_response=1`
  answered with an InteractionCallbackResponse), webhook follow-ups and `@original`, and channel
  messages. Unknown routes answer 404 with a Discord-shaped error body.
- The gateway: HELLO, IDENTIFY → READY (guilds unavailable) → GUILD_CREATE with a text channel and
  members, heartbeat ACKs, and `dispatch()` for any event (INTERACTION_CREATE helpers below).

Every REST request is recorded as a `RecordedRequest` (method, path without the `/api/v10`
prefix, query, JSON body, uploaded files, response status) in `FakeDiscord.requests`.
Faults: `inject_rate_limit()` answers the next N matching requests with a real-looking 429
(`Via` header, `retry_after` in the body, which discord.py retries), `inject_error()` answers
with a Discord error code such as 30046.

Routes in helpers are written like discord.py's: `"/channels/{channel_id}/messages"`, where a
`{name}` matches one path segment.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import yarl
from aiohttp import BodyPartReader, WSMsgType, web

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway-ws"
HOST = "127.0.0.1"
FAKE_TOKEN = "fake-bot-token.for-wire-tests.not-a-secret"
CLIENT_HEADER = "X-Fake-Client"  # names the bot process that made a request, when it says so

# Interaction types and callback types used by the helpers (Discord's numbers).
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
CALLBACK_MESSAGE = 4
CALLBACK_DEFERRED_MESSAGE = 5
CALLBACK_DEFERRED_UPDATE = 6
CALLBACK_UPDATE_MESSAGE = 7
CALLBACK_AUTOCOMPLETE = 8
EPHEMERAL_FLAG = 64
LOADING_FLAG = 128

# Everything a member may do in a plain text channel, without Manage Messages.
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
MANAGE_MESSAGES = 1 << 13
# What the bot may do in #table (`app_permissions=` of an interaction can say otherwise).
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 14) | (1 << 15)
VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES = 1 << 10, 1 << 11, 1 << 14, 1 << 15
READ_MESSAGE_HISTORY = 1 << 16


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def route_regex(route: str) -> re.Pattern[str]:
    """`/channels/{channel_id}/messages` → a regex where each `{name}` is one path segment."""
    parts = re.split(r"(\{[^}/]+\})", route)
    body = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(f"^{body}$")


@dataclass
class RecordedRequest:
    """One REST request as the fake saw it."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 0
    client: str = ""  # the CLIENT_HEADER a test's child process sends (tests/wire/shardproc.py)

    def matches(self, method: str | None, route: str | None) -> bool:
        if method is not None and self.method != method.upper():
            return False
        return route is None or bool(route_regex(route).match(self.path))


@dataclass
class SentInteraction:
    """An INTERACTION_CREATE the fake dispatched: answer it through its id and token."""

    id: int
    token: str
    payload: dict[str, Any]
    original_message_id: int | None = None


@dataclass
class _Fault:
    method: str
    pattern: re.Pattern[str]
    remaining: int
    status: int
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class FakeUser:
    id: int
    username: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.username.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


class FakeDiscord:
    """The fake server: start it, point discord.py at it, then drive the bot through it."""

    def __init__(
        self,
        *,
        token: str = FAKE_TOKEN,
        guild_locale: str = "ru",
        heartbeat_interval_ms: int = 41_250,
    ) -> None:
        self.token = token
        self.guild_locale = guild_locale
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self._ids = itertools.count(1_300_000_000_000_000_001)
        self.application_id = self.new_id()
        self.bot_user = FakeUser(self.application_id, "arbiter", bot=True)
        self.owner = FakeUser(self.new_id(), "owner")
        self.alice = FakeUser(self.new_id(), "alice")
        self.bob = FakeUser(self.new_id(), "bob")
        self.guild_id = self.new_id()
        self.channel_id = self.new_id()
        self.users: dict[int, FakeUser] = {
            u.id: u for u in (self.bot_user, self.owner, self.alice, self.bob)
        }
        self.requests: list[RecordedRequest] = []
        self.identifies: list[dict[str, Any]] = []
        # Synced command payloads: key None for global, else the guild id.
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.interactions: dict[str, SentInteraction] = {}
        self._faults: list[_Fault] = []
        self._waiters: list[tuple[Callable[[RecordedRequest], bool], asyncio.Future[Any]]] = []
        self._sockets: list[web.WebSocketResponse] = []
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        # A gateway close code to answer IDENTIFY with instead of READY (None: READY).
        self.close_on_identify: int | None = None
        # Set by `go_down`: every request and gateway connection is then answered 503.
        self._down = False

    # ------------------------------------------------------------------ lifecycle

    def new_id(self) -> int:
        return next(self._ids)

    @property
    def api_base(self) -> str:
        return f"http://{HOST}:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> yarl.URL:
        return yarl.URL(f"ws://{HOST}:{self.port}{GATEWAY_PATH}")

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware])
        app.router.add_get(GATEWAY_PATH, self._gateway)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        # A short shutdown timeout so a lingering socket never stalls teardown.
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((HOST, 0))
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1000)
        self._sockets.clear()
        for _, fut in self._waiters:
            if not fut.done():
                fut.cancel()
        self._waiters.clear()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ faults

    async def go_down(self) -> None:
        """A Discord outage: the gateway drops, and from now on every request and gateway
        connection is answered 503 (as Discord's edge answers while it is down)."""
        self._down = True
        for ws in list(self._sockets):
            await ws.close(code=1000)

    def inject_rate_limit(
        self,
        method: str,
        route: str,
        *,
        times: int = 1,
        retry_after: float = 0.01,
        is_global: bool = False,
        via: bool = True,
    ) -> None:
        """Answer the next `times` matching requests with Discord's 429 (retried by discord.py).

        With `via=False` the 429 lacks the `Via` header, which is how a Cloudflare ban looks:
        discord.py raises instead of retrying."""
        body: dict[str, Any] = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
        }
        headers = {
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": str(retry_after),
            "X-RateLimit-Bucket": "fake-bucket",
            "X-RateLimit-Scope": "global" if is_global else "user",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        if via:
            headers["Via"] = "1.1 google"
        self._faults.append(_Fault(method.upper(), route_regex(route), times, 429, body, headers))

    def inject_error(
        self,
        method: str,
        route: str,
        *,
        code: int,
        message: str = "Fake Discord error",
        status: int = 400,
        times: int = 1,
    ) -> None:
        """Answer the next `times` matching requests with `{"code": code, "message": …}`."""
        body = {"code": code, "message": message}
        self._faults.append(_Fault(method.upper(), route_regex(route), times, status, body, {}))

    def _take_fault(self, method: str, path: str) -> _Fault | None:
        for fault in self._faults:
            if fault.remaining > 0 and fault.method == method and fault.pattern.match(path):
                fault.remaining -= 1
                return fault
        return None

    # ------------------------------------------------------------------ recording

    def find(self, method: str | None = None, route: str | None = None) -> list[RecordedRequest]:
        """Every recorded request matching `method` and `route` (both optional), oldest first."""
        return [r for r in self.requests if r.matches(method, route)]

    async def wait_for_request(
        self,
        method: str | None = None,
        route: str | None = None,
        *,
        since: int = 0,
        timeout: float = 5.0,
        predicate: Callable[[RecordedRequest], bool] | None = None,
    ) -> RecordedRequest:
        """The first request at index >= `since` that matches; waits for it if needed."""

        def check(req: RecordedRequest) -> bool:
            return req.matches(method, route) and (predicate is None or predicate(req))

        for req in self.requests[since:]:
            if check(req):
                return req
        fut: asyncio.Future[RecordedRequest] = asyncio.get_running_loop().create_future()
        self._waiters.append((check, fut))
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            seen = [f"{r.method} {r.path} -> {r.status}" for r in self.requests[since:]]
            raise AssertionError(
                f"no {method or '*'} {route or '*'} request within {timeout}s; saw {seen}"
            ) from None
        finally:
            self._waiters = [(c, f) for c, f in self._waiters if f is not fut]

    def _notify(self, req: RecordedRequest) -> None:
        for check, fut in list(self._waiters):
            if not fut.done() and check(req):
                fut.set_result(req)

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if self._down:
            return _json({"message": "Service Unavailable", "code": 0}, 503)
        if not request.path.startswith(API_PREFIX + "/"):
            response: web.StreamResponse = await handler(request)
            return response
        rec = await self._record(request)
        request[_REC] = rec
        fault = self._take_fault(rec.method, rec.path)
        if fault is not None:
            response = _json(fault.body, fault.status, fault.headers)
        else:
            response = await handler(request)
        rec.status = response.status
        self.requests.append(rec)
        self._notify(rec)
        return response

    async def _record(self, request: web.Request) -> RecordedRequest:
        path = request.path[len(API_PREFIX) :]
        body: Any = None
        files: list[tuple[str, bytes]] = []
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            for _ in range(64):  # bounded: discord.py sends at most 10 files plus the JSON
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                data = await part.read()
                if part.name == "payload_json":
                    body = json.loads(data)
                else:
                    files.append((part.filename or "", bytes(data)))
        elif request.can_read_body:
            raw = await request.read()
            body = json.loads(raw) if raw else None
        rec = RecordedRequest(request.method, path, dict(request.query), body, files)
        rec.client = request.headers.get(CLIENT_HEADER, "")
        return rec

    # ------------------------------------------------------------------ REST

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        rec = request[_REC]
        for method, pattern, fn in self._routes():
            match = pattern.match(rec.path)
            if match and method == rec.method:
                if fn.__name__ not in _NO_AUTH and not self._authorised(request):
                    return _json({"message": "401: Unauthorized", "code": 0}, 401)
                result: web.StreamResponse = await fn(rec, *match.groups())
                return result
        return _json({"message": "404: Not Found", "code": 0}, 404)

    def _authorised(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.token}"

    def _routes(self) -> Iterable[tuple[str, re.Pattern[str], Callable[..., Any]]]:
        seg = "([^/]+)"
        table: list[tuple[str, str, Callable[..., Any]]] = [
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", f"/applications/{seg}/commands", self._get_commands),
            ("PUT", f"/applications/{seg}/commands", self._put_commands),
            ("GET", f"/applications/{seg}/guilds/{seg}/commands", self._get_commands),
            ("PUT", f"/applications/{seg}/guilds/{seg}/commands", self._put_commands),
            ("POST", f"/interactions/{seg}/{seg}/callback", self._callback),
            ("POST", f"/webhooks/{seg}/{seg}", self._followup),
            ("GET", f"/webhooks/{seg}/{seg}/messages/{seg}", self._webhook_get),
            ("PATCH", f"/webhooks/{seg}/{seg}/messages/{seg}", self._webhook_edit),
            ("DELETE", f"/webhooks/{seg}/{seg}/messages/{seg}", self._webhook_delete),
            ("GET", f"/channels/{seg}", self._get_channel),
            ("POST", f"/channels/{seg}/typing", self._typing),
            ("GET", f"/channels/{seg}/messages", self._list_messages),
            ("POST", f"/channels/{seg}/messages", self._create_message),
            ("GET", f"/channels/{seg}/messages/{seg}", self._get_message),
            ("PATCH", f"/channels/{seg}/messages/{seg}", self._edit_message),
            ("DELETE", f"/channels/{seg}/messages/{seg}", self._delete_message),
        ]
        return [(m, re.compile(f"^{p}$"), fn) for m, p, fn in table]

    async def _get_gateway(self, rec: RecordedRequest) -> web.Response:
        return _json({"url": str(self.gateway_url)})

    async def _get_gateway_bot(self, rec: RecordedRequest) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return _json({"url": str(self.gateway_url), "shards": 1, "session_start_limit": limit})

    async def _get_me(self, rec: RecordedRequest) -> web.Response:
        return _json(self.bot_user.payload())

    async def _get_application(self, rec: RecordedRequest) -> web.Response:
        return _json(self.application_payload())

    async def _get_commands(self, rec: RecordedRequest, app: str, guild: str = "") -> web.Response:
        return _json(self.commands.get(int(guild) if guild else None, []))

    async def _put_commands(self, rec: RecordedRequest, app: str, guild: str = "") -> web.Response:
        if int(app) != self.application_id:
            return _json({"message": "Unknown Application", "code": 10002}, 404)
        stored = []
        for cmd in rec.json or []:
            item = dict(cmd)
            item.update(id=str(self.new_id()), application_id=str(self.application_id))
            item.setdefault("type", 1)
            item.setdefault("description", "")  # context menus have an empty description
            item["version"] = str(self.new_id())
            if guild:
                item["guild_id"] = guild
            stored.append(item)
        self.commands[int(guild) if guild else None] = stored
        return _json(stored)

    async def _callback(self, rec: RecordedRequest, iid: str, token: str) -> web.Response:
        sent = self.interactions.get(token)
        if sent is None or str(sent.id) != iid:
            return _json({"message": "Unknown interaction", "code": 10062}, 404)
        body = rec.json or {}
        kind = body.get("type")
        data = body.get("data") or {}
        interaction: dict[str, Any] = {
            "id": str(sent.id),
            "type": sent.payload["type"],
            "activity_instance_id": None,
            "response_message_id": None,
            "response_message_loading": kind == CALLBACK_DEFERRED_MESSAGE,
            "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL_FLAG),
        }
        resource: dict[str, Any] | None = None
        if kind in (CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE):
            if kind == CALLBACK_DEFERRED_MESSAGE:
                data = {"content": "", "flags": (data.get("flags") or 0) | LOADING_FLAG}
            msg = self._new_message(
                self._interaction_channel(sent), data, rec.files, author=self.bot_user
            )
            msg["webhook_id"] = str(self.application_id)
            msg["interaction_metadata"] = self._interaction_metadata(sent)
            sent.original_message_id = int(msg["id"])
            interaction["response_message_id"] = msg["id"]
            resource = {"type": kind, "message": msg}
        elif kind in (CALLBACK_UPDATE_MESSAGE, CALLBACK_DEFERRED_UPDATE):
            origin = sent.payload.get("message")
            if origin is not None and int(origin["id"]) in self.messages:
                msg = self.messages[int(origin["id"])]
                if kind == CALLBACK_UPDATE_MESSAGE:
                    self._edit(msg, data, rec.files)
                sent.original_message_id = int(msg["id"])  # @original is the clicked message
                interaction["response_message_id"] = msg["id"]
                resource = {"type": kind, "message": msg}
        reply: dict[str, Any] = {"interaction": interaction}
        if resource is not None:
            reply["resource"] = resource
        return _json(reply)

    def _interaction_channel(self, sent: SentInteraction) -> int:
        return int(sent.payload.get("channel_id") or self.channel_id)

    def _interaction_metadata(self, sent: SentInteraction) -> dict[str, Any]:
        user = (sent.payload.get("member") or sent.payload)["user"]  # a DM has no member
        return {"id": str(sent.id), "type": sent.payload["type"], "user": user}

    async def _followup(self, rec: RecordedRequest, app: str, token: str) -> web.Response:
        sent = self.interactions.get(token)
        if sent is None:
            return _json({"message": "Unknown Webhook", "code": 10015}, 404)
        msg = self._new_message(
            self._interaction_channel(sent), rec.json or {}, rec.files, author=self.bot_user
        )
        msg["webhook_id"] = str(self.application_id)
        return _json(msg)

    def _webhook_message(self, token: str, mid: str) -> dict[str, Any] | None:
        sent = self.interactions.get(token)
        if sent is None:
            return None
        if mid == "@original":
            if sent.original_message_id is None:
                return None
            return self.messages.get(sent.original_message_id)
        return self.messages.get(int(mid))

    async def _webhook_get(self, rec: RecordedRequest, app: str, token: str, mid: str) -> Any:
        msg = self._webhook_message(token, mid)
        return _unknown_message() if msg is None else _json(msg)

    async def _webhook_edit(self, rec: RecordedRequest, app: str, token: str, mid: str) -> Any:
        msg = self._webhook_message(token, mid)
        if msg is None:
            return _unknown_message()
        data = dict(rec.json or {})
        msg["flags"] = int(msg.get("flags") or 0) & ~LOADING_FLAG
        self._edit(msg, data, rec.files)
        return _json(msg)

    async def _webhook_delete(self, rec: RecordedRequest, app: str, token: str, mid: str) -> Any:
        msg = self._webhook_message(token, mid)
        if msg is None:
            return _unknown_message()
        self.messages.pop(int(msg["id"]), None)
        return web.Response(status=204)

    async def _get_channel(self, rec: RecordedRequest, cid: str) -> web.Response:
        if int(cid) != self.channel_id:
            return _json({"message": "Unknown Channel", "code": 10003}, 404)
        payload = self.channel_payload()
        payload["guild_id"] = str(self.guild_id)
        return _json(payload)

    async def _typing(self, rec: RecordedRequest, cid: str) -> web.Response:
        return web.Response(status=204)

    async def _list_messages(self, rec: RecordedRequest, cid: str) -> web.Response:
        limit = int(rec.query.get("limit", "50"))
        found = [m for m in self.messages.values() if m["channel_id"] == cid]
        found.sort(key=lambda m: int(m["id"]), reverse=True)
        return _json(found[:limit])

    async def _create_message(self, rec: RecordedRequest, cid: str) -> web.Response:
        msg = self._new_message(int(cid), rec.json or {}, rec.files, author=self.bot_user)
        return _json(msg)

    def _channel_message(self, cid: str, mid: str) -> dict[str, Any] | None:
        msg = self.messages.get(int(mid))
        return msg if msg is not None and msg["channel_id"] == cid else None

    async def _get_message(self, rec: RecordedRequest, cid: str, mid: str) -> Any:
        msg = self._channel_message(cid, mid)
        return _unknown_message() if msg is None else _json(msg)

    async def _edit_message(self, rec: RecordedRequest, cid: str, mid: str) -> Any:
        msg = self._channel_message(cid, mid)
        if msg is None:
            return _unknown_message()
        self._edit(msg, rec.json or {}, rec.files)
        return _json(msg)

    async def _delete_message(self, rec: RecordedRequest, cid: str, mid: str) -> Any:
        msg = self._channel_message(cid, mid)
        if msg is None:
            return _unknown_message()
        del self.messages[int(mid)]
        return web.Response(status=204)

    # ------------------------------------------------------------------ messages

    def _new_message(
        self,
        channel_id: int,
        data: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        author: FakeUser,
    ) -> dict[str, Any]:
        mid = self.new_id()
        msg: dict[str, Any] = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "guild_id": str(self.guild_id),
            "author": author.payload(),
            "content": data.get("content") or "",
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self._attachments(files),
            "embeds": data.get("embeds") or [],
            "components": data.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": int(data.get("flags") or 0),
            "application_id": str(self.application_id),
        }
        self.messages[mid] = msg
        return msg

    def _attachments(self, files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
        out = []
        for name, data in files:
            aid = self.new_id()
            out.append(
                {
                    "id": str(aid),
                    "filename": name,
                    "size": len(data),
                    "url": f"http://{HOST}:{self.port}/attachments/{aid}/{name}",
                    "proxy_url": f"http://{HOST}:{self.port}/attachments/{aid}/{name}",
                }
            )
        return out

    def _edit(
        self, msg: dict[str, Any], data: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> None:
        for key in ("content", "embeds", "components"):
            if key in data:
                msg[key] = data[key] if data[key] is not None else ([] if key != "content" else "")
        if "flags" in data and data["flags"] is not None:
            msg["flags"] = int(data["flags"])
        if files or "attachments" in data:
            kept_ids = {str(a.get("id")) for a in data.get("attachments") or []}
            kept = [a for a in msg["attachments"] if a["id"] in kept_ids]
            msg["attachments"] = kept + self._attachments(files)
        msg["edited_timestamp"] = now_iso()

    def add_message(
        self,
        *,
        content: str = "",
        embeds: list[dict[str, Any]] | None = None,
        components: list[dict[str, Any]] | None = None,
        author: FakeUser | None = None,
        channel_id: int | None = None,
    ) -> dict[str, Any]:
        """Store a message as if it were already in the channel (e.g. one with buttons)."""
        data = {"content": content, "embeds": embeds or [], "components": components or []}
        return self._new_message(
            channel_id or self.channel_id, data, [], author=author or self.bot_user
        )

    def original_message(self, sent: SentInteraction) -> dict[str, Any] | None:
        """The current state of an interaction's original response, after any edits."""
        if sent.original_message_id is None:
            return None
        return self.messages.get(sent.original_message_id)

    # ------------------------------------------------------------------ payload shapes

    def application_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": "Arbiter (fake)",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
        }

    def channel_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.channel_id),
            "type": 0,
            "name": "table",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def member_payload(self, user: FakeUser, permissions: int | None = None) -> dict[str, Any]:
        member: dict[str, Any] = {
            "user": user.payload(),
            "nick": None,
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        if permissions is not None:
            member["permissions"] = str(permissions)
        return member

    def guild_payload(self, intents: int = 0) -> dict[str, Any]:
        """GUILD_CREATE; like Discord, members other than the bot only with the members intent."""
        everyone = {
            "id": str(self.guild_id),
            "name": "@everyone",
            "permissions": str(MEMBER_PERMISSIONS),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        users = self.users.values() if intents & (1 << 1) else [self.bot_user]
        members = [self.member_payload(u) for u in users]
        return {
            "id": str(self.guild_id),
            "name": "Настольный клуб",
            "icon": None,
            "owner_id": str(self.owner.id),
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [self.channel_payload()],
            "threads": [],
            "members": members,
            "member_count": len(self.users),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "preferred_locale": self.guild_locale,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
        }

    # ------------------------------------------------------------------ gateway

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.append(ws)
        try:
            hello = {"heartbeat_interval": self.heartbeat_interval_ms}
            await ws.send_json({"op": 10, "d": hello, "s": None, "t": None})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                await self._on_gateway_message(ws, json.loads(msg.data))
        finally:
            if ws in self._sockets:
                self._sockets.remove(ws)
        return ws

    async def _on_gateway_message(self, ws: web.WebSocketResponse, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        if op == 1:  # HEARTBEAT
            await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:  # IDENTIFY
            self.identifies.append(msg["d"])
            if self.close_on_identify is not None:  # e.g. 4004 bad token, 4014 intents
                await ws.close(code=self.close_on_identify, message=b"fake close")
                return
            await self._send(ws, "READY", self._ready_payload(msg["d"]))
            await self._send(ws, "GUILD_CREATE", self.guild_payload(msg["d"].get("intents", 0)))
        elif op == 6:  # RESUME
            await self._send(ws, "RESUMED", {})
        # PRESENCE_UPDATE (3), REQUEST_GUILD_MEMBERS (8) and others need no answer here.

    def _ready_payload(self, identify: dict[str, Any]) -> dict[str, Any]:
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.bot_user.payload(),
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": "fake-session",
            "resume_gateway_url": str(self.gateway_url),
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        if "shard" in identify:
            ready["shard"] = identify["shard"]
        return ready

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        await ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH event to every connected client."""
        if not self._sockets:
            raise AssertionError("no client is connected to the fake gateway")
        for ws in list(self._sockets):
            await self._send(ws, event, data)

    async def user_message(
        self, content: str, *, user: FakeUser | None = None, channel_id: int | None = None
    ) -> dict[str, Any]:
        """A member writes in the channel: stored, then sent as MESSAGE_CREATE.

        Like Discord, the text arrives empty unless the client identified with the Message
        Content intent (or the message mentions the bot)."""
        author = user or self.alice
        msg = self._new_message(
            channel_id or self.channel_id, {"content": content}, [], author=author
        )
        event = dict(msg)
        intents = self.identifies[-1].get("intents", 0) if self.identifies else 0
        if not intents & (1 << 15) and f"<@{self.bot_user.id}>" not in content:
            event["content"] = ""
        event["member"] = {k: v for k, v in self.member_payload(author).items() if k != "user"}
        await self.dispatch("MESSAGE_CREATE", event)
        return msg

    # ------------------------------------------------------------------ interactions

    def interaction_payload(
        self,
        kind: int,
        data: dict[str, Any],
        *,
        user: FakeUser | None = None,
        locale: str = "ru",
        guild_locale: str | None = None,
        permissions: int = MEMBER_PERMISSIONS,
        message: dict[str, Any] | None = None,
        dm: bool = False,
        app_permissions: int = BOT_PERMISSIONS,
    ) -> tuple[int, str, dict[str, Any]]:
        """A complete INTERACTION_CREATE payload as Discord sends it to a guild text channel
        (with `dm`, to the user's direct-message channel with the bot: no guild, no member)."""
        iid = self.new_id()
        token = f"itoken-{iid}"
        user = user or self.alice
        channel = self.channel_payload()
        channel["guild_id"] = str(self.guild_id)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": guild_locale or self.guild_locale},
            "channel_id": str(self.channel_id),
            "channel": channel,
            "member": self.member_payload(user, permissions),
            "token": token,
            "version": 1,
            "locale": locale,
            "guild_locale": guild_locale or self.guild_locale,
            "app_permissions": str(app_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message
        if dm:
            for key in ("guild_id", "guild", "guild_locale", "member"):
                payload.pop(key)
            dm_id = str(user.id + 1)  # the DM channel: any id that is not the guild channel
            payload.update(
                user=user.payload(),
                channel_id=dm_id,
                channel={"id": dm_id, "type": 1, "recipients": [user.payload()]},
                authorizing_integration_owners={"1": str(user.id)},
                context=1,
            )
        return iid, token, payload

    async def send_interaction(
        self, kind: int, data: dict[str, Any], **kwargs: Any
    ) -> SentInteraction:
        """Dispatch an INTERACTION_CREATE; answer through the returned id/token."""
        iid, token, payload = self.interaction_payload(kind, data, **kwargs)
        sent = SentInteraction(iid, token, payload)
        self.interactions[token] = sent
        await self.dispatch("INTERACTION_CREATE", payload)
        return sent

    def command_data(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """`data` of an application command: `name` may be `"group sub"`; option types are
        taken from the synced command payload when there is one, else from the Python values."""
        words = name.split()
        synced = self._synced(words[0])
        opts = self._options(synced.get("options", []) if synced else [], options or {}, focused)
        resolved: dict[str, Any] = {}
        for opt in opts:
            if opt["type"] == 6:
                user = self.users[int(opt["value"])]
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                member = self.member_payload(user)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
        for word in reversed(words[1:]):
            spec = next(
                (o for o in (synced or {}).get("options", []) if o.get("name") == word), None
            )
            opts = [{"type": spec["type"] if spec else 1, "name": word, "options": opts}]
        data: dict[str, Any] = {
            "id": synced["id"] if synced else str(self.new_id()),
            "name": words[0],
            "type": 1,
            "options": opts,
        }
        if synced and "guild_id" in synced:
            data["guild_id"] = synced["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _synced(self, name: str) -> dict[str, Any] | None:
        for key in (self.guild_id, None):
            for cmd in self.commands.get(key, []):
                if cmd.get("name") == name and cmd.get("type", 1) == 1:
                    return cmd
        return None

    def _options(
        self, specs: list[dict[str, Any]], values: dict[str, Any], focused: str | None
    ) -> list[dict[str, Any]]:
        flat: dict[str, int] = {}
        stack = list(specs)
        while stack:
            spec = stack.pop()
            if spec.get("type") in (1, 2):
                stack.extend(spec.get("options", []))
            else:
                flat[spec["name"]] = spec["type"]
        out: list[dict[str, Any]] = []
        for key, value in values.items():
            kind = flat.get(key) or _infer_type(value)
            item: dict[str, Any] = {"name": key, "type": kind, "value": value}
            if kind == 6:
                item["value"] = str(value.id if isinstance(value, FakeUser) else value)
            if key == focused:
                item["focused"] = True
                item["value"] = str(value)
            out.append(item)
        return out

    async def slash(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> tuple[SentInteraction, RecordedRequest]:
        """Run `/name` (e.g. `"help"` or `"game start"`) and wait for its callback."""
        since = len(self.requests)
        sent = await self.send_interaction(
            APPLICATION_COMMAND, self.command_data(name, options), **kwargs
        )
        return sent, await self.wait_for_callback(sent, since=since, timeout=timeout)

    async def autocomplete(
        self,
        name: str,
        focused: str,
        current: str,
        options: dict[str, Any] | None = None,
        *,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> list[dict[str, Any]]:
        """Type `current` into option `focused` of `/name`; returns the suggested choices."""
        values = dict(options or {})
        values[focused] = current
        data = self.command_data(name, values, focused=focused)
        since = len(self.requests)
        sent = await self.send_interaction(AUTOCOMPLETE, data, **kwargs)
        rec = await self.wait_for_callback(sent, since=since, timeout=timeout)
        assert rec.json["type"] == CALLBACK_AUTOCOMPLETE, rec.json
        choices: list[dict[str, Any]] = rec.json["data"]["choices"]
        return choices

    async def click(
        self,
        custom_id: str,
        *,
        values: list[str] | None = None,
        message_id: int | None = None,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> tuple[SentInteraction, RecordedRequest]:
        """Press a button (or choose `values` in a select) and wait for the callback.

        The message is the newest stored message carrying `custom_id` unless `message_id` is
        given; a select is recognised from that message's components."""
        message = self.messages.get(message_id) if message_id else self.message_with(custom_id)
        if message is None:
            raise AssertionError(f"no stored message has a component {custom_id!r}")
        component = _find_component(message, custom_id)
        ctype = component.get("type", 2) if component else (3 if values is not None else 2)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None or ctype != 2:
            data["values"] = list(values or [])
        since = len(self.requests)
        sent = await self.send_interaction(MESSAGE_COMPONENT, data, message=message, **kwargs)
        return sent, await self.wait_for_callback(sent, since=since, timeout=timeout)

    def message_with(self, custom_id: str) -> dict[str, Any] | None:
        """The newest stored message that has a component with this custom_id."""
        for mid in sorted(self.messages, reverse=True):
            if _find_component(self.messages[mid], custom_id) is not None:
                return self.messages[mid]
        return None

    async def wait_for_callback(
        self, sent: SentInteraction, *, since: int = 0, timeout: float = 5.0
    ) -> RecordedRequest:
        """The callback that was answered (a rate-limited attempt is skipped: it is retried)."""
        return await self.wait_for_request(
            "POST",
            f"/interactions/{sent.id}/{sent.token}/callback",
            since=since,
            timeout=timeout,
            predicate=lambda r: r.status != 429,
        )


_REC = web.RequestKey("rec", RecordedRequest)
_NO_AUTH = {"_callback", "_followup", "_webhook_get", "_webhook_edit", "_webhook_delete"}


def _infer_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    if isinstance(value, FakeUser):
        return 6
    return 3


def _find_component(message: dict[str, Any], custom_id: str) -> dict[str, Any] | None:
    stack = list(message.get("components") or [])
    while stack:
        comp = stack.pop()
        if comp.get("custom_id") == custom_id:
            return dict(comp)
        stack.extend(comp.get("components") or [])
    return None


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly `application/json`.
    return web.Response(
        body=json.dumps(data, ensure_ascii=False).encode("utf-8"),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def _unknown_message() -> web.Response:
    return _json({"message": "Unknown Message", "code": 10008}, 404)


# Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-limits).
EMBED_LIMITS = {
    "title": 256,
    "description": 4096,
    "fields": 25,
    "field.name": 256,
    "field.value": 1024,
    "footer.text": 2048,
    "author.name": 256,
    "total": 6000,
    "embeds": 10,
}


def embed_problems(embeds: list[dict[str, Any]]) -> list[str]:
    """Every embed limit these embeds break (empty when Discord would accept them)."""
    lim = EMBED_LIMITS
    problems: list[str] = []
    if len(embeds) > lim["embeds"]:
        problems.append(f"{len(embeds)} embeds > {lim['embeds']}")
    total = 0
    for i, embed in enumerate(embeds):
        parts = {
            "title": embed.get("title") or "",
            "description": embed.get("description") or "",
            "footer.text": (embed.get("footer") or {}).get("text") or "",
            "author.name": (embed.get("author") or {}).get("name") or "",
        }
        fields = embed.get("fields") or []
        if len(fields) > lim["fields"]:
            problems.append(f"embed {i}: {len(fields)} fields > {lim['fields']}")
        for j, f in enumerate(fields):
            for key, value in (
                ("field.name", f.get("name") or ""),
                ("field.value", f.get("value") or ""),
            ):
                if not value.strip():
                    problems.append(f"embed {i} field {j}: empty {key}")
                if len(value) > lim[key]:
                    problems.append(f"embed {i} field {j}: {key} {len(value)} > {lim[key]}")
                total += len(value)
        for key, value in parts.items():
            if len(value) > lim[key]:
                problems.append(f"embed {i}: {key} {len(value)} > {lim[key]}")
            total += len(value)
    if total > lim["total"]:
        problems.append(f"{total} characters across embeds > {lim['total']}")
    return problems


def embed_text(embeds: list[dict[str, Any]]) -> str:
    """All text of the embeds joined by newlines, for `in` assertions."""
    out: list[str] = []
    for embed in embeds:
        out += [embed.get("title") or "", embed.get("description") or ""]
        for f in embed.get("fields") or []:
            out += [f.get("name") or "", f.get("value") or ""]
        out.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(s for s in out if s)


def button_row(*custom_ids: str) -> dict[str, Any]:
    """An action row of buttons, as a message's `components` holds it."""
    buttons = [{"type": 2, "style": 2, "label": cid, "custom_id": cid} for cid in custom_ids]
    return {"type": 1, "components": buttons}


def select_row(custom_id: str, *values: str) -> dict[str, Any]:
    """An action row holding one string select with these option values."""
    options = [{"label": v, "value": v} for v in values]
    select = {"type": 3, "custom_id": custom_id, "options": options, "min_values": 1}
    return {"type": 1, "components": [{**select, "max_values": 1}]}
