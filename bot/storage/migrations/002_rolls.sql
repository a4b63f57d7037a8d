-- Roll log (dice): every roll, public or private, with its inputs and full result as JSON.
CREATE TABLE rolls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    user_name TEXT NOT NULL,
    command TEXT NOT NULL,
    inputs TEXT NOT NULL,
    result TEXT NOT NULL,
    private INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL
);
CREATE INDEX rolls_channel ON rolls (channel_id, id);
