-- Scaling: a version per game, bumped by every write to it, so a process can tell whether a copy
-- of the game it holds is still current with one indexed read; and indexes so no state, log or
-- undo read walks more than the rows it returns.
ALTER TABLE tracker_games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
CREATE INDEX tracker_steps_game_id ON tracker_steps (game_id, id);
CREATE INDEX tracker_items_game ON tracker_items (game_id, present);
CREATE INDEX tracker_counters_game ON tracker_counters (game_id, present, position, id);
CREATE INDEX tracker_participants_game ON tracker_participants (game_id, seat);
