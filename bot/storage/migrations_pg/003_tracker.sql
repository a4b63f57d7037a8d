-- Game tracker (the same tables as SQLite's 003): games, players, units, counters, list items,
-- and the step/event log. Event values keep their type (number, text, null) as JSON.
CREATE TABLE tracker_games (
    id BIGSERIAL PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    guild_id BIGINT,
    slug TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    round BIGINT NOT NULL DEFAULT 1,
    active_seat BIGINT NOT NULL DEFAULT 0,
    winner_id BIGINT,
    options TEXT NOT NULL DEFAULT '{}',
    created_by BIGINT,
    created_at DOUBLE PRECISION NOT NULL,
    ended_at DOUBLE PRECISION,
    live_message_id BIGINT,
    live_channel_id BIGINT,
    live_posted_at DOUBLE PRECISION
);
CREATE UNIQUE INDEX tracker_games_one_active ON tracker_games (channel_id) WHERE status = 'active';
CREATE INDEX tracker_games_channel ON tracker_games (channel_id, id);
CREATE TABLE tracker_participants (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES tracker_games (id),
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    seat BIGINT NOT NULL,
    present INTEGER NOT NULL DEFAULT 1,
    UNIQUE (game_id, user_id)
);
CREATE TABLE tracker_units (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES tracker_games (id),
    owner_id BIGINT REFERENCES tracker_participants (id),
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    position BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT '',
    present INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX tracker_units_game ON tracker_units (game_id);
CREATE TABLE tracker_counters (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES tracker_games (id),
    holder TEXT NOT NULL CHECK (holder IN ('participant', 'unit')),
    holder_id BIGINT NOT NULL,
    key TEXT NOT NULL,
    value BIGINT NOT NULL,
    min_value BIGINT,
    max_value BIGINT,
    token INTEGER NOT NULL DEFAULT 0,
    position BIGINT NOT NULL DEFAULT 0,
    present INTEGER NOT NULL DEFAULT 1,
    UNIQUE (game_id, holder, holder_id, key)
);
CREATE TABLE tracker_items (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES tracker_games (id),
    participant_id BIGINT NOT NULL REFERENCES tracker_participants (id),
    list TEXT NOT NULL,
    text TEXT NOT NULL,
    present INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE tracker_steps (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES tracker_games (id),
    at DOUBLE PRECISION NOT NULL,
    user_id BIGINT,
    user_name TEXT,
    action TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'done',
    undone_at DOUBLE PRECISION,
    undone_by TEXT
);
CREATE INDEX tracker_steps_game ON tracker_steps (game_id, status, id);
CREATE TABLE tracker_events (
    id BIGSERIAL PRIMARY KEY,
    step_id BIGINT NOT NULL REFERENCES tracker_steps (id),
    game_id BIGINT NOT NULL REFERENCES tracker_games (id),
    entity TEXT NOT NULL,
    row_id BIGINT NOT NULL,
    field TEXT NOT NULL,
    before_value JSONB,
    after_value JSONB
);
CREATE INDEX tracker_events_step ON tracker_events (step_id);
CREATE INDEX tracker_events_game ON tracker_events (game_id, id);
