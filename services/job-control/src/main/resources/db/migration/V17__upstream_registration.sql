-- Issue 17: upstream MCP servers registered through the operator API (docs/gateway.md "Operating upstreams").
-- The upstreams file's are not here. The definition is the upstream's JSON in the file's form without its
-- credential; the credential's value is sealed with the payload key ring, bound to the upstream's id, so a sealed
-- value moved to another row does not open.
create table upstream_registration (
    id                text        primary key,        -- 1-64 of a-z 0-9 -, unique with the file's ids
    namespace         text        not null unique,    -- also in definition; unique with the file's namespaces
    definition        jsonb       not null,           -- UpstreamJson.write: never a credential
    credential_header text,
    credential_value  bytea,                          -- UpstreamCredentialSealing.seal(id, value)
    workspace         text        not null,           -- "<org>/<project>" that registered it; the only one admitted
    created_at        timestamptz not null,
    updated_at        timestamptz not null,
    revision          bigint      not null,           -- 1 on insert, +1 per update (optimistic concurrency)
    constraint upstream_registration_credential_check
        check ((credential_header is null) = (credential_value is null))
);
