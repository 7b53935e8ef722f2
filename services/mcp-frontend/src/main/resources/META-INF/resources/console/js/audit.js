import {operator} from './api.js';
import {badge, fill, h, problemBlock, table, when} from './dom.js';

/** The operator audit log of the project, newest first (executions:operator:status; reading it is audited too). */
export function renderAudit(view) {
    let items = [];
    let cursor = null;
    const message = h('div');
    const list = h('div', {id: 'audit'});
    const more = h('button', {type: 'button', class: 'secondary', id: 'load-more', hidden: true}, 'Load more');
    fill(view, h('h1', {}, 'Audit log'),
        h('p', {class: 'muted'}, 'Every operator call with a verified token, served or refused.'), message, list, more);

    async function load(reset) {
        try {
            const {body} = await operator.audit(reset ? null : cursor);
            items = reset ? body.items : items.concat(body.items);
            cursor = body.next_cursor || null;
            fill(list, table([
                ['When', (a) => when(a.occurred_at)],
                ['Principal', (a) => a.principal],
                ['Action', (a) => a.action],
                ['Route', (a) => h('code', {}, a.route)],
                ['Target', (a) => (a.target ? h('code', {}, a.target) : '')],
                ['Outcome', (a) => badge(a.outcome)],
            ], items));
            more.hidden = !cursor;
        } catch (e) {
            fill(message, problemBlock(e));
        }
    }
    more.addEventListener('click', () => load(false));
    load(true);
}
