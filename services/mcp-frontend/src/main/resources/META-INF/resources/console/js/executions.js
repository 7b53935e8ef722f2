import {executions, operator} from './api.js';
import {badge, fill, h, problemBlock, table, when} from './dom.js';
import {SCOPES} from './session.js';

const STATES = ['', 'queued', 'working', 'input_required', 'completed', 'failed', 'cancelled'];
const LIVE_INTERVAL_MS = 5000;

/** A datetime-local value (the browser's local time) as an RFC 3339 instant; '' when empty. */
function instant(local) {
    return local ? new Date(local).toISOString() : '';
}

/**
 * The executions list: the operator list (every principal's, executions:operator:status) when the token has that
 * scope, else the caller's own (tools:call). The operator API filters by state, tool, owner and creation time itself;
 * the caller's own list has no filter parameters, so there they apply to the pages loaded so far. "Live" reloads the
 * first pages every 5 s.
 */
export function renderExecutions(view, {session, navigate, signal}) {
    const asOperator = session.has(SCOPES.operatorStatus);
    const filters = {status: '', tool: '', principal: '', from: '', to: ''};
    let items = [];
    let cursor = null;
    let timer = null;

    const status = h('select', {name: 'status', id: 'filter-status'}, STATES.map((s) => h('option', {value: s}, s || 'any')));
    const tool = h('input', {name: 'tool', id: 'filter-tool', placeholder: 'demo.sleep'});
    const principal = h('input', {name: 'principal', id: 'filter-principal', placeholder: 'subject or whole principal',
        disabled: !asOperator, title: asOperator ? null : 'only the operator list names owners'});
    const from = h('input', {name: 'from', id: 'filter-from', type: 'datetime-local'});
    const to = h('input', {name: 'to', id: 'filter-to', type: 'datetime-local'});
    const live = h('input', {type: 'checkbox', id: 'live'});
    const form = h('form', {class: 'filters', id: 'filters'},
        h('label', {}, 'State', status),
        h('label', {}, 'Tool', tool),
        h('label', {}, 'Principal', principal),
        h('label', {}, 'Created from', from),
        h('label', {}, 'Created before', to),
        h('button', {type: 'submit', id: 'apply-filters'}, 'Apply'),
        h('label', {}, h('span', {}, live, ' live')));
    const message = h('div');
    const list = h('div', {id: 'executions'});
    const more = h('button', {type: 'button', class: 'secondary', id: 'load-more', hidden: true}, 'Load more');

    fill(view,
        h('h1', {}, asOperator ? `Executions of ${session.org}/${session.project}` : 'My executions'),
        h('p', {class: 'muted'}, asOperator
            ? 'Every principal\'s executions (operator API). Tool: its exact name; principal: a subject or the whole principal.'
            : 'Your executions of every surface (REST and MCP). Tool, state and time filter the pages loaded.'),
        form, message, list, more);

    function matches(item) {
        if (asOperator) {
            return true; // the operator API applied every filter
        }
        const created = Date.parse(item.created_at);
        return (!filters.status || item.status === filters.status)
            && (!filters.tool || (item.tool_name || '').includes(filters.tool))
            && (!filters.from || created >= Date.parse(filters.from))
            && (!filters.to || created < Date.parse(filters.to));
    }

    function progressOf(item) {
        if (item.progress === undefined || item.progress === null) {
            return '';
        }
        return item.total ? `${Math.round((100 * item.progress) / item.total)} %` : String(item.progress);
    }

    function show() {
        const shown = items.filter(matches);
        const columns = [
            ['Execution', (e) => h('a', {href: `#/executions/${encodeURIComponent(e.execution_id)}`, class: 'mono'},
                e.execution_id.slice(0, 24) + '…')],
            ['Tool', (e) => e.tool_name],
            ['State', (e) => badge(e.status)],
        ];
        if (asOperator) {
            columns.push(['Owner', (e) => e.owner]);
        }
        columns.push(['Progress', progressOf], ['Surface', (e) => e.surface], ['Created', (e) => when(e.created_at)],
            ['Updated', (e) => when(e.updated_at)]);
        fill(list, shown.length
            ? table(columns, shown, (e) => navigate(`#/executions/${encodeURIComponent(e.execution_id)}`),
                (e) => e.execution_id)
            : h('p', {class: 'muted', id: 'no-executions'}, items.length ? 'No loaded execution matches.' : 'No executions.'));
        more.hidden = !cursor;
    }

    async function page(next) {
        const answer = asOperator
            ? await operator.list({
                status: filters.status,
                tool: filters.tool,
                principal: filters.principal,
                created_from: instant(filters.from),
                created_before: instant(filters.to),
            }, next)
            : await executions.list(next);
        return answer.body;
    }

    // Only the newest load may draw: an older answer arriving late (the first page before the filtered one, a live
    // reload) would otherwise replace what the user asked for last.
    let loads = 0;

    async function load(reset) {
        const mine = ++loads;
        try {
            const body = await page(reset ? null : cursor);
            if (mine !== loads) {
                return;
            }
            items = reset ? body.items : items.concat(body.items);
            cursor = body.next_cursor || null;
            fill(message);
            show();
        } catch (e) {
            if (e.name !== 'AbortError' && mine === loads) {
                fill(message, problemBlock(e));
            }
        }
    }

    form.addEventListener('submit', (event) => {
        event.preventDefault();
        Object.assign(filters, {status: status.value, tool: tool.value.trim(), principal: principal.value.trim(),
            from: from.value, to: to.value});
        load(true);
    });
    more.addEventListener('click', () => load(false));
    live.addEventListener('change', () => {
        clearInterval(timer);
        timer = live.checked ? setInterval(() => load(true), LIVE_INTERVAL_MS) : null;
    });
    signal.addEventListener('abort', () => clearInterval(timer));
    load(true);
}
