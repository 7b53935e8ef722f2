import {executions, followEvents, operator, TERMINAL} from './api.js';
import {badge, fill, h, json, problemBlock, when} from './dom.js';
import {SCOPES} from './session.js';

const OPERATOR_POLL_MS = 2000;
const TIMELINE_LIMIT = 300;

/**
 * One execution. With executions:operator:status the safe status of the operator API (owner, attempt, recoveries);
 * with tools:call and ownership the owner's representation, followed live over its event stream (status changes,
 * progress reports, input requests). The payload (input, result, error, status message) only as the APIs give it:
 * the operator payload route, or the owner's own result. Cancel goes to the operator route with
 * executions:operator:cancel, else to the owner's, and its outcome is shown as answered.
 */
export function renderExecution(view, {session, id, signal}) {
    const state = {own: null, op: null, lastStatus: null, inputKeys: new Set(), cancelRequested: false};
    const timeline = [];
    const facts = h('div', {id: 'facts'});
    const progress = h('div', {id: 'progress'});
    const actions = h('div', {class: 'actions'});
    const outcome = h('div', {id: 'cancel-outcome'});
    const events = h('ol', {class: 'timeline', id: 'timeline'});
    const payload = h('div', {id: 'payload'});
    const problems = h('div');

    fill(view,
        h('p', {}, h('a', {href: '#/executions'}, '← Executions')),
        h('h1', {}, 'Execution ', h('code', {id: 'execution-id'}, id)),
        problems, facts, progress, actions, outcome,
        h('h2', {}, 'Timeline'), events,
        h('h2', {}, 'Payload'), payload);

    function note(at, kind, text) {
        timeline.push({at, kind, text});
        if (timeline.length > TIMELINE_LIMIT) {
            timeline.splice(1, timeline.length - TIMELINE_LIMIT);
        }
        fill(events, timeline.map((entry) => h('li', {'data-kind': entry.kind},
            h('span', {}, when(entry.at)), h('span', {}, entry.kind), h('span', {}, entry.text))));
    }

    function current() {
        return state.own || state.op;
    }

    function observe(execution, at) {
        if (execution.status !== state.lastStatus) {
            note(at || execution.updated_at, 'state', state.lastStatus
                ? `${state.lastStatus} → ${execution.status}` : `${execution.status}`);
            state.lastStatus = execution.status;
        }
        if (execution.cancel_requested && !state.cancelRequested) {
            state.cancelRequested = true;
            note(execution.updated_at, 'cancel', 'cancellation requested');
        }
        for (const [key, request] of Object.entries(execution.input_requests || {})) {
            if (!state.inputKeys.has(key)) {
                state.inputKeys.add(key);
                note(execution.updated_at, 'input request', `${key}: ${request.method || 'request'}${
                    request.params && request.params.message ? ' — ' + request.params.message : ''}`);
            }
        }
    }

    function showFacts() {
        const e = current();
        if (!e) {
            return;
        }
        const rows = [
            ['State', h('span', {id: 'state'}, badge(e.status))],
            ['Tool', e.tool_name],
            ['Surface', e.surface],
            state.op ? ['Owner', state.op.owner] : null,
            state.op ? ['Attempt', String(state.op.attempt)] : null,
            ['Created', when(e.created_at)],
            ['Updated', when(e.updated_at)],
            ['Deadline', when(e.execution_deadline)],
            ['Kept until', when(e.retention_expires_at)],
            ['Cancel requested', e.cancel_requested ? 'yes' : 'no'],
            state.own && state.own.status_message ? ['Message', state.own.status_message] : null,
            state.op && state.op.owner_loss_detection_at ? ['Owner lost', when(state.op.owner_loss_detection_at)] : null,
        ].filter((row) => row);
        fill(facts, h('dl', {class: 'facts'}, rows.map(([name, value]) => [h('dt', {}, name), h('dd', {}, value)])));
        const hasProgress = e.progress !== undefined && e.progress !== null;
        fill(progress, hasProgress
            ? h('p', {}, e.total ? h('progress', {value: e.progress, max: e.total}) : '',
                ` ${e.progress}${e.total ? ' of ' + e.total : ''}`)
            : '');
        showActions();
    }

    function showActions() {
        const e = current();
        const open = e && !TERMINAL.has(e.status);
        fill(actions, open
            ? h('button', {type: 'button', class: 'danger', id: 'cancel', onclick: cancel}, 'Cancel execution')
            : h('span', {class: 'muted'}, e ? `Ended ${e.status}.` : ''));
    }

    async function cancel() {
        const button = actions.querySelector('button');
        if (button) {
            button.disabled = true;
        }
        try {
            if (session.has(SCOPES.operatorCancel)) {
                const {body} = await operator.cancel(id);
                fill(outcome, h('div', {class: 'notice'}, 'Cancel outcome: ', h('span', {id: 'outcome'}, badge(body.outcome))));
                note(new Date().toISOString(), 'cancel', `operator cancel: ${body.outcome}`);
                if (body.execution) {
                    state.op = body.execution;
                }
            } else {
                const {body} = await executions.cancel(id);
                const delivery = body.stop_delivery ? ` (${body.stop_delivery})` : '';
                fill(outcome, h('div', {class: 'notice'}, 'Cancel outcome: ',
                    h('span', {id: 'outcome'}, badge(body.status)), delivery));
                note(new Date().toISOString(), 'cancel', `cancel asked; now ${body.status}${delivery}`);
                state.own = body;
            }
            observe(current());
            showFacts();
        } catch (e) {
            fill(outcome, problemBlock(e));
            showActions();
        }
    }

    function showRecoveries() {
        for (const r of (state.op && state.op.recoveries) || []) {
            note(r.detected_at, 'replacement',
                `attempt ${r.lost_attempt} lost (${r.cause}) → ${r.outcome}`);
        }
    }

    // What job-control holds to resume or settle the execution (operator view); never the content.
    const CHECKPOINT_TEXT = {
        frontier: (c) => `frontier ${c.sequence} (${c.revision}) saved by epoch ${c.epoch}`,
        result: (c) => `result staged by epoch ${c.epoch}`,
        journal: (c) => `rewrite plan bound by epoch ${c.epoch}`,
    };

    function showCheckpoints() {
        for (const c of (state.op && state.op.checkpoints) || []) {
            const text = CHECKPOINT_TEXT[c.kind];
            note(c.saved_at, 'checkpoint', text ? text(c) : `${c.kind} saved by epoch ${c.epoch}`);
        }
    }

    async function showPayload() {
        const e = current();
        if (session.has(SCOPES.operatorPayload)) {
            fill(payload, h('button', {type: 'button', class: 'secondary', id: 'show-payload', onclick: async () => {
                try {
                    const {body} = await operator.payload(id);
                    fill(payload, h('h3', {}, 'Input'), json(body.input),
                        body.result !== undefined ? [h('h3', {}, 'Result'), json(body.result)] : '',
                        body.error ? [h('h3', {}, 'Error'), json(body.error)] : '',
                        body.status_message ? [h('h3', {}, 'Status message'), h('p', {}, body.status_message)] : '');
                } catch (problem) {
                    fill(payload, problemBlock(problem));
                }
            }}, 'Show input and result'));
        } else if (state.own && e.status === 'completed') {
            try {
                const {body} = await executions.result(id);
                fill(payload, h('h3', {}, 'Result'), json(body));
            } catch (problem) {
                fill(payload, problemBlock(problem));
            }
        } else {
            fill(payload, h('p', {class: 'muted'}, state.own
                ? 'The result appears here once the execution completed.'
                : 'The operator status shows no payload; its route needs executions:operator:payload.'));
        }
    }

    async function follow() {
        // the owner's stream; opened again when the server ends it before the end (its maximum open time)
        for (let round = 0; round < 100 && !signal.aborted && !TERMINAL.has(state.own.status); round++) {
            try {
                await followEvents(id, (name, data) => {
                    if (name === 'status') {
                        state.own = data;
                        observe(data);
                        showFacts();
                        if (TERMINAL.has(data.status)) {
                            showPayload();
                        }
                    } else if (name === 'progress') {
                        state.own = {...state.own, progress: data.progress, total: data.total};
                        note(new Date().toISOString(), 'progress',
                            `${data.progress}${data.total ? ' of ' + data.total : ''}${data.message ? ' — ' + data.message : ''}`);
                        showFacts();
                    }
                }, signal);
            } catch (e) {
                if (e.name === 'AbortError') {
                    return;
                }
                fill(problems, problemBlock(e));
                return;
            }
        }
    }

    async function poll() {
        while (!signal.aborted && !TERMINAL.has(state.op.status)) {
            await new Promise((resolve) => setTimeout(resolve, OPERATOR_POLL_MS));
            if (signal.aborted) {
                return;
            }
            try {
                state.op = (await operator.get(id)).body;
                observe(state.op);
                showFacts();
            } catch (e) {
                fill(problems, problemBlock(e));
                return;
            }
        }
    }

    async function start() {
        const failures = [];
        if (session.has(SCOPES.operatorStatus)) {
            try {
                state.op = (await operator.get(id)).body;
            } catch (e) {
                failures.push(e);
            }
        }
        if (session.has(SCOPES.call) || !state.op) {
            try {
                state.own = (await executions.get(id)).body;
            } catch (e) {
                failures.push(e);
            }
        }
        if (!current()) {
            fill(problems, failures.map(problemBlock));
            return;
        }
        note(current().created_at, 'state', 'created');
        showRecoveries();
        showCheckpoints();
        observe(current());
        showFacts();
        showPayload();
        if (state.own) {
            follow();
        } else {
            poll();
        }
    }

    start();
}
