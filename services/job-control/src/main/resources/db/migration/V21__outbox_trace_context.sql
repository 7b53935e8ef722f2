-- Issue 18: the W3C trace context (traceparent, tracestate) of the handling that wrote the row. The relay publishes a
-- row long after that handling ended, from a context of its own: the row keeps the trace so that the published record
-- carries it (docs/operations.md "Traces"). Null when the row was written outside any trace (sweepers, recovery).
alter table outbox add column traceparent text;
alter table outbox add column tracestate text;
