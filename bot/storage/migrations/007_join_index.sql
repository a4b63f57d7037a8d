-- Undo asks when the acting player last joined (a player may not undo steps from before their
-- seat): MAX(id) of that user's done 'join' steps. The (game_id, status, id) index walked every
-- done step of the game for it (14 ms in a game of 100,000 events); this one holds joins only.
CREATE INDEX tracker_steps_joins ON tracker_steps (game_id, user_id, id) WHERE action = 'join';
