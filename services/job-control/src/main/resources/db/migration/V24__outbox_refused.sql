-- Outbox rows Kafka refused for their size, set aside by the relay instead of stopping it (the relay publishes in order
-- and would retry such a row for ever): what the record was and why it was refused, for an operator. The payload is
-- not kept — nothing could publish it, and it would outlive its execution's retention.
create table outbox_refused (
    id            bigint      primary key,  -- the row's id in outbox
    topic         text        not null,
    record_key    text        not null,
    message_id    uuid        not null,
    message_type  text        not null,
    payload_bytes integer     not null,     -- sealed, as the relay sent it
    created_at    timestamptz not null,
    refused_at    timestamptz not null,
    reason        text        not null
);
