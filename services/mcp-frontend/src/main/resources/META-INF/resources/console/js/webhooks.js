import {webhooks} from './api.js';
import {badge, fill, h, problemBlock, table, when} from './dom.js';

/** The project's webhook subscriptions (webhook-dispatcher, webhooks:admin). */
export function renderSubscriptions(view, {navigate}) {
    const list = h('div', {id: 'subscriptions'});
    fill(view, h('h1', {}, 'Webhook subscriptions'), list);
    webhooks.list().then(({body}) => fill(list, body.items.length
        ? table([
            ['Subscription', (s) => h('code', {}, s.id)],
            ['State', (s) => badge(s.status)],
            ['URL', (s) => s.url],
            ['Events', (s) => s.event_types.join(', ')],
            ['Description', (s) => s.description || ''],
            ['Created', (s) => when(s.created_at)],
        ], body.items, (s) => navigate(`#/webhooks/${encodeURIComponent(s.id)}`), (s) => s.id)
        : h('p', {class: 'muted'}, 'No subscriptions.')))
        .catch((e) => fill(list, problemBlock(e)));
}

/**
 * One subscription: its state, its newest deliveries, and for a delivery its attempts; replay sends a delivery
 * again (a new delivery with the same webhook-id and bytes), "send test event" queues a webhook.test.
 */
export function renderSubscription(view, {id, delivery}) {
    const facts = h('div');
    const message = h('div', {id: 'webhook-message'});
    const deliveries = h('div', {id: 'deliveries'});
    const detail = h('div', {id: 'delivery'});
    fill(view,
        h('p', {}, h('a', {href: '#/webhooks'}, '← Subscriptions')),
        h('h1', {}, 'Subscription ', h('code', {}, id)),
        facts,
        h('div', {class: 'actions'},
            h('button', {type: 'button', class: 'secondary', id: 'send-test', onclick: sendTest}, 'Send test event'),
            h('button', {type: 'button', class: 'secondary', id: 'reload-deliveries', onclick: loadDeliveries}, 'Reload')),
        message,
        h('h2', {}, 'Deliveries (newest 100)'), deliveries,
        detail);

    async function sendTest() {
        try {
            const {body} = await webhooks.test(id);
            fill(message, h('div', {class: 'notice'}, 'Test event queued as delivery ', h('code', {}, body.id)));
            loadDeliveries();
        } catch (e) {
            fill(message, problemBlock(e));
        }
    }

    async function replay(d) {
        try {
            const {body} = await webhooks.replay(id, d.id);
            fill(message, h('div', {class: 'notice', id: 'replayed'}, 'Replayed ', h('code', {}, d.id), ' as delivery ',
                h('code', {id: 'replay-id'}, body.id), ' (same webhook-id ', h('code', {}, body.webhook_id), '): ',
                badge(body.status)));
            loadDeliveries();
        } catch (e) {
            fill(message, problemBlock(e));
        }
    }

    async function open(deliveryId) {
        try {
            const {body} = await webhooks.delivery(id, deliveryId);
            fill(detail,
                h('h2', {}, 'Delivery ', h('code', {}, body.id)),
                h('dl', {class: 'facts'},
                    h('dt', {}, 'webhook-id'), h('dd', {}, h('code', {}, body.webhook_id)),
                    h('dt', {}, 'Event'), h('dd', {}, body.event_type),
                    h('dt', {}, 'Execution'), h('dd', {}, body.execution_id || ''),
                    h('dt', {}, 'State'), h('dd', {}, badge(body.status)),
                    h('dt', {}, 'Replay of'), h('dd', {}, body.replay_of || ''),
                    h('dt', {}, 'Next attempt'), h('dd', {}, when(body.next_attempt_at)),
                    h('dt', {}, 'Last error'), h('dd', {}, body.last_error || '')),
                h('h3', {}, 'Attempts'),
                table([
                    ['#', (a) => String(a.attempt)],
                    ['Started', (a) => when(a.started_at)],
                    ['Duration', (a) => `${a.duration_ms} ms`],
                    ['HTTP', (a) => (a.status_code === undefined || a.status_code === null ? '' : String(a.status_code))],
                    ['Outcome', (a) => badge(a.outcome)],
                    ['Error', (a) => a.error || ''],
                ], body.attempt_log || []));
        } catch (e) {
            fill(detail, problemBlock(e));
        }
    }

    async function loadDeliveries() {
        try {
            const {body} = await webhooks.deliveries(id);
            fill(deliveries, body.items.length
                ? table([
                    ['Delivery', (d) => h('a', {href: `#/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(d.id)}`},
                        h('code', {}, d.id.slice(0, 8)))],
                    ['Event', (d) => d.event_type],
                    ['State', (d) => badge(d.status)],
                    ['Attempts', (d) => String(d.attempts)],
                    ['Last code', (d) => (d.last_status_code ? String(d.last_status_code) : '')],
                    ['Execution', (d) => (d.execution_id ? h('code', {}, d.execution_id.slice(0, 20) + '…') : '')],
                    ['Replay of', (d) => (d.replay_of ? h('code', {}, d.replay_of.slice(0, 8)) : '')],
                    ['Created', (d) => when(d.created_at)],
                    ['', (d) => h('button', {type: 'button', class: 'secondary replay', 'data-delivery': d.id,
                        onclick: (event) => {
                            event.stopPropagation();
                            replay(d);
                        }}, 'Replay')],
                ], body.items, null, (d) => d.id)
                : h('p', {class: 'muted'}, 'No deliveries yet.'));
        } catch (e) {
            fill(deliveries, problemBlock(e));
        }
    }

    webhooks.get(id).then(({body}) => fill(facts, h('dl', {class: 'facts'},
        h('dt', {}, 'URL'), h('dd', {}, body.url),
        h('dt', {}, 'State'), h('dd', {}, badge(body.status), body.disabled_reason ? ` — ${body.disabled_reason}` : ''),
        h('dt', {}, 'Events'), h('dd', {}, body.event_types.join(', ')),
        h('dt', {}, 'Description'), h('dd', {}, body.description || ''),
        h('dt', {}, 'Created'), h('dd', {}, when(body.created_at)))))
        .catch((e) => fill(facts, problemBlock(e)));
    loadDeliveries();
    if (delivery) {
        open(delivery);
    }
}
