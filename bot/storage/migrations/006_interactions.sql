-- Interactions already applied, by id, so that one delivered twice (two processes, a retry)
-- changes nothing the second time (bot/storage/dedupe.py); pruned by age.
CREATE TABLE interactions (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL
);
CREATE INDEX interactions_at ON interactions (at);
