-- Issue 4: sessions of the 2025-era MCP adapter (Mcp-Session-Id), durable so that any frontend replica serves
-- them and they survive a frontend restart. The session id itself is never stored: id_hash is its SHA-256,
-- computed by the frontend, so a database reader cannot use a row to act as the session.
create table mcp_session (
    id_hash             bytea       primary key check (length(id_hash) = 32),
    principal           text        not null,
    workspace           text        not null,
    protocol_version    text        not null,
    client_capabilities bytea       not null,  -- the exact JSON the client sent in initialize
    created_at          timestamptz not null,
    last_used_at        timestamptz not null,
    ended_at            timestamptz
);

create index mcp_session_last_used_at_idx on mcp_session (last_used_at);
