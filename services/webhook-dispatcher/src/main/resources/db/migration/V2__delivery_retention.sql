-- Finished deliveries are deleted once taskgate.webhooks.delivery-retention has passed since they finished
-- (DeliveryRetentionSweeper): their attempts go with them, and a replay outlives the delivery it replayed.
alter table attempt
    drop constraint attempt_delivery_id_fkey,
    add constraint attempt_delivery_id_fkey foreign key (delivery_id) references delivery (id) on delete cascade;

alter table delivery
    drop constraint delivery_replay_of_fkey,
    add constraint delivery_replay_of_fkey foreign key (replay_of) references delivery (id) on delete set null;

-- the sweep reads finished deliveries oldest first; pending ones (finished_at null) are never in it
create index delivery_finished on delivery (finished_at) where finished_at is not null;
