-- Tells every replica's subscriber cache that the set of active subscriptions may have changed
-- (docs/webhook-dispatcher.md, "Subscriber cache"). NOTIFY is delivered when the changing transaction commits and
-- is dropped with a rollback; notices of one transaction on one channel arrive once. Only the columns that decide
-- who receives an event fire it, so counting an attempt's failure or rotating a secret does not.

create function subscription_changed() returns trigger language plpgsql as $$
begin
    perform pg_notify('taskgate_webhook_subscriptions', '');
    return null;
end
$$;

create trigger subscription_changed
    after insert or delete or update of org_id, project_id, event_types, status, deleted_at on subscription
    for each statement execute function subscription_changed();
