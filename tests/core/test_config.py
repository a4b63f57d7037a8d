"""Settings: every variable is read and checked, and the token never leaks into text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import DEFAULT_DB, ConfigError, Settings, load_settings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.secret-part.do-not-print-me"


def load(**env: str) -> Settings:
    return load_settings(env, dotenv=False)


def test_defaults() -> None:
    s = load()
    assert s.token is None
    assert s.db_path == Path(DEFAULT_DB)
    assert s.dev_guild is None
    assert s.locale == "ru"
    assert s.inline_lookup is False
    assert s.shard_count is None and s.shard_ids is None and not s.sharded
    assert s.log_level == "INFO"
    assert s.log_format == "text" and s.heartbeat is None


def test_every_setting_is_read() -> None:
    s = load(
        DISCORD_TOKEN=f"  {TOKEN}  ",
        ARBITER_DB="/tmp/x/arbiter.db",
        ARBITER_DEV_GUILD="123456789012345678",
        ARBITER_LOCALE="EN",
        ARBITER_INLINE_LOOKUP="yes",
        ARBITER_SHARD_COUNT="4",
        ARBITER_SHARD_IDS="0, 2,3",
        LOG_LEVEL="debug",
        ARBITER_LOG_FORMAT="JSON",
        ARBITER_HEARTBEAT="/tmp/x/hb",
    )
    assert s.token == TOKEN
    assert s.db_path == Path("/tmp/x/arbiter.db")
    assert s.dev_guild == 123456789012345678
    assert s.locale == "en"
    assert s.inline_lookup is True
    assert s.shard_count == 4 and s.shard_ids == (0, 2, 3) and s.sharded
    assert s.log_level == "DEBUG"
    assert s.log_format == "json"
    assert s.heartbeat == Path("/tmp/x/hb")


def test_blank_values_mean_unset() -> None:
    s = load(DISCORD_TOKEN="  ", ARBITER_DEV_GUILD="", ARBITER_LOCALE=" ", LOG_LEVEL="")
    assert s.token is None and s.dev_guild is None and s.locale == "ru"


@pytest.mark.parametrize("raw", ["on", "1", "TRUE", "yes"])
def test_inline_lookup_on(raw: str) -> None:
    assert load(ARBITER_INLINE_LOOKUP=raw).inline_lookup is True


@pytest.mark.parametrize("raw", ["off", "0", "false", "no"])
def test_inline_lookup_off(raw: str) -> None:
    assert load(ARBITER_INLINE_LOOKUP=raw).inline_lookup is False


@pytest.mark.parametrize(
    ("env", "setting"),
    [
        ({"DISCORD_TOKEN": "short"}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "abc def ghi jkl mno pqr stu"}, "DISCORD_TOKEN"),
        ({"ARBITER_LOCALE": "de"}, "ARBITER_LOCALE"),
        ({"LOG_LEVEL": "chatty"}, "LOG_LEVEL"),
        ({"ARBITER_LOG_FORMAT": "xml"}, "ARBITER_LOG_FORMAT"),
        ({"ARBITER_DEV_GUILD": "guild"}, "ARBITER_DEV_GUILD"),
        ({"ARBITER_DEV_GUILD": "0"}, "ARBITER_DEV_GUILD"),
        ({"ARBITER_INLINE_LOOKUP": "maybe"}, "ARBITER_INLINE_LOOKUP"),
        ({"ARBITER_SHARD_COUNT": "0"}, "ARBITER_SHARD_COUNT"),
        ({"ARBITER_SHARD_COUNT": "two"}, "ARBITER_SHARD_COUNT"),
        ({"ARBITER_SHARD_IDS": "0"}, "ARBITER_SHARD_IDS"),
        ({"ARBITER_SHARD_COUNT": "2", "ARBITER_SHARD_IDS": "0,2"}, "ARBITER_SHARD_IDS"),
        ({"ARBITER_SHARD_COUNT": "2", "ARBITER_SHARD_IDS": "0,x"}, "ARBITER_SHARD_IDS"),
        ({"ARBITER_SHARD_COUNT": "2", "ARBITER_SHARD_IDS": "-1"}, "ARBITER_SHARD_IDS"),
    ],
)
def test_invalid_value_names_the_setting(env: dict[str, str], setting: str) -> None:
    with pytest.raises(ConfigError) as err:
        load(**env)
    assert err.value.setting == setting
    assert str(err.value).startswith(f"{setting}: ")
    assert "\n" not in str(err.value)


def test_token_is_never_in_repr_or_errors() -> None:
    s = load(DISCORD_TOKEN=TOKEN, ARBITER_LOCALE="en")
    assert TOKEN not in repr(s) and TOKEN not in str(s)
    assert "secret" not in repr(s)
    # A bad token is rejected without echoing it, not even in part.
    bad = "MTIz secret-part do-not-print-me"
    with pytest.raises(ConfigError) as err:
        load(DISCORD_TOKEN=bad)
    assert "secret" not in str(err.value) and "MTIz" not in str(err.value)
    # Other errors do not mention the token either.
    with pytest.raises(ConfigError) as err:
        load(DISCORD_TOKEN=TOKEN, LOG_LEVEL="loud")
    assert "secret" not in str(err.value)


def test_dotenv_file_in_working_directory_is_read_and_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("ARBITER_LOCALE=en\nLOG_LEVEL=WARNING\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    # setenv first so monkeypatch restores the variable that load_dotenv is about to write.
    monkeypatch.setenv("ARBITER_LOCALE", "")
    monkeypatch.delenv("ARBITER_LOCALE")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    s = load_settings()
    assert s.locale == "en"
    assert s.log_level == "ERROR"


def test_env_example_and_readme_document_every_setting() -> None:
    import bot.config

    source = Path(bot.config.__file__).read_text("utf-8")
    names = set(re.findall(r'get\("([A-Z_]+)"\)', source))
    assert {"DISCORD_TOKEN", "ARBITER_DB", "LOG_LEVEL"} <= names
    root = Path(__file__).resolve().parents[2]
    example = (root / ".env.example").read_text("utf-8")
    readme = (root / "README.md").read_text("utf-8")
    # The paths stay commented out: a value would override the image's /data/… (issue 18).
    commented = {"ARBITER_DB", "ARBITER_HEARTBEAT"}
    for name in sorted(names | commented):
        line = rf"^# {name}=" if name in commented else rf"^{name}="
        assert re.search(line, example, re.MULTILINE), f".env.example lacks {line}"
        assert f"| `{name}` |" in readme, f"README's configuration table lacks {name}"
    # The example must load as valid settings, with no token.
    values = dict(
        line.split("=", 1)
        for line in example.splitlines()
        if line.strip() and not line.startswith("#")
    )
    assert load(**values).token is None
    assert "ARBITER_DB" not in values and "ARBITER_HEARTBEAT" not in values
