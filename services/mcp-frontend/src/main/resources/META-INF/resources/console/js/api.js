// The console's only way to the server: the public REST APIs (docs/mcp-frontend.md, docs/webhooks.md) with the
// signed-in token as a bearer token. Authorization is entirely theirs: a refusal is shown as the problem it is.

import {current} from './session.js';

let settings;

/** settings.json, read once: where the webhook API is ("" = this origin). */
export async function loadSettings() {
    if (!settings) {
        const answer = await fetch('settings.json', {cache: 'no-store'});
        settings = answer.ok ? await answer.json() : {webhooks_url: ''};
    }
    return settings;
}

/** A failed call: the problem+json members when the server sent one. */
export class ApiProblem extends Error {
    constructor(status, body) {
        super((body && (body.detail || body.title)) || `HTTP ${status}`);
        this.status = status;
        this.title = (body && body.title) || (status ? `HTTP ${status}` : 'The server could not be reached');
        this.detail = body && body.detail;
        this.type = body && body.type;
        this.slug = this.type ? String(this.type).split('/').pop() : null;
        this.body = body;
    }
}

function segment(value) {
    return encodeURIComponent(value);
}

function workspace(session) {
    return `/v1/orgs/${segment(session.org)}/projects/${segment(session.project)}`;
}

function headers(session, extra = {}) {
    return {Authorization: `Bearer ${session.token}`, Accept: 'application/json', ...extra};
}

function query(parameters) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(parameters)) {
        if (value !== undefined && value !== null && value !== '') {
            search.set(name, value);
        }
    }
    const text = search.toString();
    return text ? `?${text}` : '';
}

async function call(method, url, body, signal) {
    const session = current();
    if (!session) {
        throw new ApiProblem(401, {title: 'Not signed in'});
    }
    let answer;
    try {
        answer = await fetch(url, {
            method,
            headers: headers(session, body === undefined ? {} : {'Content-Type': 'application/json'}),
            body: body === undefined ? undefined : JSON.stringify(body),
            cache: 'no-store',
            credentials: 'omit',
            signal,
        });
    } catch (e) {
        if (e.name === 'AbortError') {
            throw e;
        }
        throw new ApiProblem(0, {title: 'The server could not be reached', detail: e.message});
    }
    const type = answer.headers.get('Content-Type') || '';
    const parsed = type.includes('json') ? await answer.json().catch(() => null) : null;
    if (!answer.ok) {
        throw new ApiProblem(answer.status, parsed);
    }
    return {status: answer.status, body: parsed};
}

const base = () => workspace(current());

export const executions = {
    /** The caller's own executions (tools:call). */
    list: (cursor, limit = 50) => call('GET', `${base()}/tool-executions${query({limit, cursor})}`),
    get: (id) => call('GET', `${base()}/tool-executions/${segment(id)}`),
    result: (id) => call('GET', `${base()}/tool-executions/${segment(id)}/result`),
    cancel: (id) => call('POST', `${base()}/tool-executions/${segment(id)}/cancel`),
};

export const operator = {
    /**
     * Every principal's executions of the project (executions:operator:status) that pass the filters: status, tool,
     * principal, created_from, created_before (empty ones are left out).
     */
    list: (filters, cursor, limit = 50) =>
        call('GET', `${base()}/operator/tool-executions${query({...filters, limit, cursor})}`),
    get: (id) => call('GET', `${base()}/operator/tool-executions/${segment(id)}`),
    payload: (id) => call('GET', `${base()}/operator/tool-executions/${segment(id)}/payload`),
    cancel: (id) => call('POST', `${base()}/operator/tool-executions/${segment(id)}/cancel`),
    audit: (cursor, limit = 50) => call('GET', `${base()}/operator/audit${query({limit, cursor})}`),
};

export const upstreams = {
    /** The upstreams the project may use and their state (upstreams:admin). */
    list: () => call('GET', `${base()}/operator/upstreams`),
    get: (id) => call('GET', `${base()}/operator/upstreams/${segment(id)}`),
    refresh: (id) => call('POST', `${base()}/operator/upstreams/${segment(id)}/refresh`),
};

async function hooks(path) {
    const {webhooks_url: origin} = await loadSettings();
    return `${origin}${base()}/webhook-subscriptions${path}`;
}

export const webhooks = {
    list: async () => call('GET', await hooks('')),
    get: async (id) => call('GET', await hooks(`/${segment(id)}`)),
    test: async (id) => call('POST', await hooks(`/${segment(id)}/test`)),
    deliveries: async (id) => call('GET', await hooks(`/${segment(id)}/deliveries`)),
    delivery: async (id, delivery) => call('GET', await hooks(`/${segment(id)}/deliveries/${segment(delivery)}`)),
    replay: async (id, delivery) =>
        call('POST', await hooks(`/${segment(id)}/deliveries/${segment(delivery)}/replay`)),
};

/**
 * Follows GET …/tool-executions/{id}/events (server-sent events) with fetch, since EventSource cannot send the
 * Authorization header. Calls onEvent(name, data) for each event; resolves when the server ends the stream (after
 * the terminal status, or after its maximum open time) and rejects with ApiProblem when it refuses to open one.
 */
export async function followEvents(id, onEvent, signal) {
    const session = current();
    const answer = await fetch(`${base()}/tool-executions/${segment(id)}/events`, {
        headers: headers(session, {Accept: 'text/event-stream'}),
        cache: 'no-store',
        credentials: 'omit',
        signal,
    });
    if (!answer.ok || !answer.body) {
        const type = answer.headers.get('Content-Type') || '';
        throw new ApiProblem(answer.status, type.includes('json') ? await answer.json().catch(() => null) : null);
    }
    const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
        const {value, done} = await reader.read();
        if (done) {
            return;
        }
        buffer += value.replace(/\r\n?/g, '\n');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
            dispatch(buffer.slice(0, end), onEvent);
            buffer = buffer.slice(end + 2);
        }
    }
}

function dispatch(block, onEvent) {
    let name = 'message';
    const data = [];
    for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
            continue; // keep-alive comment
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') {
            name = value;
        } else if (field === 'data') {
            data.push(value);
        }
    }
    if (data.length) {
        onEvent(name, JSON.parse(data.join('\n')));
    }
}

export const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
