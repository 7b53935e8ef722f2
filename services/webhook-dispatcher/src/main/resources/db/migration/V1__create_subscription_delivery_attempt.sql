-- webhook-dispatcher's own schema: subscriptions (with encrypted secrets), deliveries and their attempts.

create table subscription (
    id                            uuid        primary key,
    org_id                        text        not null,
    project_id                    text        not null,
    url                           text        not null,
    event_types                   text[]      not null,
    description                   text,
    -- AES-256-GCM: 12-byte nonce || ciphertext || tag; associated data = the subscription id
    secret_ciphertext             bytea       not null,
    -- the secret replaced by the last rotation; it keeps signing until previous_secret_expires_at
    previous_secret_ciphertext    bytea,
    previous_secret_expires_at    timestamptz,
    status                        text        not null check (status in ('active', 'disabled')),
    disabled_reason               text,
    disabled_at                   timestamptz,
    consecutive_failures          integer     not null default 0,
    created_at                    timestamptz not null,
    updated_at                    timestamptz not null,
    deleted_at                    timestamptz
);

create index subscription_by_project on subscription (org_id, project_id) where deleted_at is null;

create table delivery (
    id                 uuid        primary key,
    subscription_id    uuid        not null references subscription (id),
    -- the webhook-id header: the same for every attempt of this delivery
    webhook_id         text        not null,
    -- the Kafka record (ExecutionChanged.messageId) this delivery came from; null for test events and replays
    source_message_id  uuid,
    replay_of          uuid        references delivery (id),
    event_type         text        not null,
    execution_id       uuid,
    -- the exact bytes that are signed and sent
    payload            bytea       not null,
    event_at           timestamptz not null,
    status             text        not null check (status in ('pending', 'delivered', 'failed', 'abandoned')),
    attempts           integer     not null default 0,
    next_attempt_at    timestamptz,
    last_status_code   integer,
    last_error         text,
    created_at         timestamptz not null,
    finished_at        timestamptz,
    -- a redelivered Kafka record never makes a second delivery
    unique (subscription_id, source_message_id)
);

create index delivery_due on delivery (next_attempt_at) where status = 'pending';
create index delivery_by_subscription on delivery (subscription_id, created_at desc);

create table attempt (
    id            bigserial   primary key,
    delivery_id   uuid        not null references delivery (id),
    attempt       integer     not null,
    started_at    timestamptz not null,
    duration_ms   integer     not null,
    status_code   integer,
    outcome       text        not null check (outcome in ('delivered', 'retry', 'give_up', 'refused')),
    error         text
);

create index attempt_by_delivery on attempt (delivery_id, attempt);
