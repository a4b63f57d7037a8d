-- A lookup that learns (glossary): picks from /rule's lists, one row per server, query, entry and
-- member (a hash of the member id salted with the server, never the id), and the links that
-- distinct members agreed on, which /rule then opens directly for that query on that server.
CREATE TABLE lookup_picks (
    guild_id BIGINT NOT NULL,
    query TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    member TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, query, entry_id, member)
);
CREATE INDEX lookup_picks_age ON lookup_picks (guild_id, at);
CREATE TABLE lookup_links (
    guild_id BIGINT NOT NULL,
    query TEXT NOT NULL,
    text TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    members INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, query)
);
CREATE INDEX lookup_links_age ON lookup_links (guild_id, at);
