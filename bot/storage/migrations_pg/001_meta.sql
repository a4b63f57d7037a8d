-- Key/value settings the bot keeps for itself (for example the command payload hash).
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
