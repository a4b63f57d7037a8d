-- Game tracker: one active game per channel, its participants, units, counters and tokens, and
-- the step/event log that undo, redo, history and export are built on.
CREATE TABLE tracker_games (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    guild_id INTEGER,
    slug TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    round INTEGER NOT NULL DEFAULT 1,
    active_seat INTEGER NOT NULL DEFAULT 0,
    winner_id INTEGER,
    options TEXT NOT NULL DEFAULT '{}',
    created_by INTEGER,
    created_at REAL NOT NULL,
    ended_at REAL,
    live_message_id INTEGER,
    live_channel_id INTEGER,
    live_posted_at REAL
);
CREATE UNIQUE INDEX tracker_games_one_active ON tracker_games (channel_id) WHERE status = 'active';
CREATE INDEX tracker_games_channel ON tracker_games (channel_id, id);
CREATE TABLE tracker_participants (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES tracker_games (id),
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    present INTEGER NOT NULL DEFAULT 1,
    UNIQUE (game_id, user_id)
);
CREATE TABLE tracker_units (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES tracker_games (id),
    owner_id INTEGER REFERENCES tracker_participants (id),
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT '',
    present INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX tracker_units_game ON tracker_units (game_id);
CREATE TABLE tracker_counters (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES tracker_games (id),
    holder TEXT NOT NULL CHECK (holder IN ('participant', 'unit')),
    holder_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value INTEGER NOT NULL,
    min_value INTEGER,
    max_value INTEGER,
    token INTEGER NOT NULL DEFAULT 0,
    position INTEGER NOT NULL DEFAULT 0,
    present INTEGER NOT NULL DEFAULT 1,
    UNIQUE (game_id, holder, holder_id, key)
);
CREATE TABLE tracker_items (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES tracker_games (id),
    participant_id INTEGER NOT NULL REFERENCES tracker_participants (id),
    list TEXT NOT NULL,
    text TEXT NOT NULL,
    present INTEGER NOT NULL DEFAULT 1
);
-- One user action (one command, one button press, one `/game next`) is one step; undo and redo
-- work on whole steps. status: done | undone | dropped (undone, then overwritten by a new step).
CREATE TABLE tracker_steps (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES tracker_games (id),
    at REAL NOT NULL,
    user_id INTEGER,
    user_name TEXT,
    action TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'done',
    undone_at REAL,
    undone_by TEXT
);
CREATE INDEX tracker_steps_game ON tracker_steps (game_id, status, id);
-- Every field a step changed: entity + row id + field, the value before and after.
CREATE TABLE tracker_events (
    id INTEGER PRIMARY KEY,
    step_id INTEGER NOT NULL REFERENCES tracker_steps (id),
    game_id INTEGER NOT NULL REFERENCES tracker_games (id),
    entity TEXT NOT NULL,
    row_id INTEGER NOT NULL,
    field TEXT NOT NULL,
    before_value,
    after_value
);
CREATE INDEX tracker_events_step ON tracker_events (step_id);
CREATE INDEX tracker_events_game ON tracker_events (game_id, id);
