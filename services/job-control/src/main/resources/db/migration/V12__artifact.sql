-- Issue 6 item 5: artifacts, stored by operations (ArtifactSaved) and shared within workspace grants.
--
-- id is deterministic (ArtifactIds): from the workspace and the retention key, or without a key from the workspace,
-- content hash and name. A save under an existing id replaces the row (latest wins) and renews expires_at; a
-- redelivered ArtifactSaved therefore writes the same values again. content is AES-256-GCM sealed (PayloadCipher,
-- kind artifact, the id as associated data). Artifacts outlive the executions that made them (shared, retained on
-- their own clock): created_by_execution is a plain column, not a foreign key. Rows past expires_at read as
-- not-found and are deleted by the artifact sweeper.
create table artifact (
    id                   text        primary key check (id ~ '^[0-9a-f]{32}$'),
    org_id               text        not null,
    project_id           text        not null,
    artifact_key         text,
    name                 text        not null,
    media_type           text        not null,
    sha256               text        not null check (sha256 ~ '^[0-9a-f]{64}$'),
    size                 bigint      not null check (size >= 0),
    content              bytea       not null,
    created_by_execution uuid        not null,
    created_at           timestamptz not null,
    updated_at           timestamptz not null,
    expires_at           timestamptz not null
);

-- a retention key names one artifact of a workspace
create unique index artifact_workspace_key on artifact (org_id, project_id, artifact_key) where artifact_key is not null;
-- the sweeper's scan
create index artifact_expires_at on artifact (expires_at);
