// The console's router: one page per location hash, so that the token never appears in a URL and a reload keeps
// the page. Each page gets an AbortSignal that ends its streams and timers when the user leaves it.

import {loadSettings} from './api.js';
import {fill, h} from './dom.js';
import {renderAudit} from './audit.js';
import {renderExecution} from './execution.js';
import {renderExecutions} from './executions.js';
import {current, signOut} from './session.js';
import {renderSignIn} from './signin.js';
import {renderUpstream, renderUpstreams} from './upstreams.js';
import {renderSubscription, renderSubscriptions} from './webhooks.js';

const view = document.getElementById('view');
let leaving = new AbortController();

const ROUTES = [
    [/^#\/executions\/([^/]+)$/, (ctx, [id]) => renderExecution(view, {...ctx, id})],
    [/^#\/executions$/, (ctx) => renderExecutions(view, ctx)],
    [/^#\/audit$/, (ctx) => renderAudit(view, ctx)],
    [/^#\/webhooks\/([^/]+)\/deliveries\/([^/]+)$/, (ctx, [id, delivery]) => renderSubscription(view, {...ctx, id, delivery})],
    [/^#\/webhooks\/([^/]+)$/, (ctx, [id]) => renderSubscription(view, {...ctx, id})],
    [/^#\/webhooks$/, (ctx) => renderSubscriptions(view, ctx)],
    [/^#\/upstreams\/([^/]+)$/, (ctx, [id]) => renderUpstream(view, {...ctx, id})],
    [/^#\/upstreams$/, (ctx) => renderUpstreams(view, ctx)],
];

function navigate(hash) {
    if (location.hash === hash) {
        route();
    } else {
        location.hash = hash;
    }
}

function header(session) {
    document.getElementById('nav').hidden = !session;
    document.getElementById('sign-out').hidden = !session;
    fill(document.getElementById('who'), session
        ? h('span', {id: 'principal'}, `${session.subject} · ${session.org}/${session.project}`)
        : '');
    for (const link of document.querySelectorAll('#nav a')) {
        link.classList.toggle('current', location.hash.startsWith(link.getAttribute('href')));
    }
}

function route() {
    leaving.abort();
    leaving = new AbortController();
    const session = current();
    header(session);
    if (!session) {
        renderSignIn(view, {navigate});
        return;
    }
    const ctx = {session, navigate, signal: leaving.signal};
    for (const [pattern, render] of ROUTES) {
        const match = pattern.exec(location.hash);
        if (match) {
            render(ctx, match.slice(1).map(decodeURIComponent));
            return;
        }
    }
    navigate('#/executions');
}

document.getElementById('sign-out').addEventListener('click', () => {
    signOut();
    navigate('#/signin');
});
window.addEventListener('hashchange', route);
loadSettings().finally(route);
