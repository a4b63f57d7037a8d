-- Roll log (dice): every roll, public or private, with its inputs and full result as JSON.
CREATE TABLE rolls (
    id BIGSERIAL PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    user_name TEXT NOT NULL,
    command TEXT NOT NULL,
    inputs TEXT NOT NULL,
    result TEXT NOT NULL,
    private INTEGER NOT NULL DEFAULT 0,
    created_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX rolls_channel ON rolls (channel_id, id);
