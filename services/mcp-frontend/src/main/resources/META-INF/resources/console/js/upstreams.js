import {upstreams} from './api.js';
import {badge, fill, h, json, problemBlock, table, when} from './dom.js';

/** An upstream's health as a label: available, or unavailable (why is in its problem). */
function health(state) {
    return badge(state.available ? 'available' : 'unavailable');
}

/**
 * The upstream MCP servers the project may use (upstreams:admin) with their health as job-control's last listing
 * left it: available or not, why not (addresses and errors: operators may see them), how many tools are offered.
 */
export function renderUpstreams(view, {navigate}) {
    const list = h('div', {id: 'upstreams'});
    fill(view,
        h('h1', {}, 'Upstreams'),
        h('p', {class: 'muted'}, 'The MCP servers behind this gateway that the project may use, as their last listing left them.'),
        h('div', {class: 'actions'},
            h('button', {type: 'button', class: 'secondary', id: 'reload-upstreams', onclick: load}, 'Reload')),
        list);

    let loads = 0; // only the newest load draws: a slower, older answer must not replace it

    async function load() {
        const mine = ++loads;
        try {
            const {body} = await upstreams.list();
            if (mine !== loads) {
                return;
            }
            fill(list, body.items.length
                ? table([
                    ['Upstream', (u) => h('code', {}, u.id)],
                    ['Namespace', (u) => h('code', {}, u.namespace)],
                    ['Health', health],
                    ['Tools', (u) => String(u.tools)],
                    ['Source', (u) => (u.revision ? `api, revision ${u.revision}` : 'file')],
                    ['Problem', (u) => u.problem || ''],
                ], body.items, (u) => navigate(`#/upstreams/${encodeURIComponent(u.id)}`), (u) => u.id)
                : h('p', {class: 'muted'}, 'No upstream is open to this project.'));
        } catch (e) {
            if (mine === loads) {
                fill(list, problemBlock(e));
            }
        }
    }
    load();
}

/**
 * One upstream: its registration (the credential only as "set", never its value), its health, and "List tools now",
 * which has job-control list it again and shows the state that listing left.
 */
export function renderUpstream(view, {id}) {
    const state = h('div', {id: 'upstream-state'});
    const message = h('div', {id: 'upstream-message'});
    const registration = h('div', {id: 'upstream-definition'});
    fill(view,
        h('p', {}, h('a', {href: '#/upstreams'}, '← Upstreams')),
        h('h1', {}, 'Upstream ', h('code', {id: 'upstream-id'}, id)),
        state,
        h('div', {class: 'actions'},
            h('button', {type: 'button', class: 'secondary', id: 'refresh-upstream', onclick: refresh}, 'List tools now')),
        message,
        h('h2', {}, 'Registration'),
        registration);

    function showState(s) {
        fill(state, h('dl', {class: 'facts'},
            h('dt', {}, 'Health'), h('dd', {id: 'upstream-health'}, health(s)),
            h('dt', {}, 'Problem'), h('dd', {id: 'upstream-problem'}, s.problem || ''),
            h('dt', {}, 'Tools offered'), h('dd', {}, String(s.tools)),
            h('dt', {}, 'Namespace'), h('dd', {}, h('code', {}, s.namespace)),
            h('dt', {}, 'Workspaces'), h('dd', {}, (s.workspaces || []).join(', '))));
    }

    async function refresh() {
        try {
            fill(message, h('div', {class: 'notice'}, 'Listing…'));
            const {body} = await upstreams.refresh(id);
            showState(body);
            fill(message, h('div', {class: 'notice', id: 'refreshed'}, 'Listed again: ', health(body)));
        } catch (e) {
            fill(message, problemBlock(e));
        }
    }

    upstreams.get(id).then(({body}) => {
        showState(body.state);
        fill(registration,
            h('dl', {class: 'facts'},
                h('dt', {}, 'Source'), h('dd', {}, body.source),
                h('dt', {}, 'Revision'), h('dd', {}, body.revision ? String(body.revision) : ''),
                h('dt', {}, 'Registered by'), h('dd', {}, body.owner || ''),
                h('dt', {}, 'Credential'), h('dd', {}, body.credential ? `${body.credential.header}: set` : 'none'),
                h('dt', {}, 'Created'), h('dd', {}, when(body.createdAt)),
                h('dt', {}, 'Updated'), h('dd', {}, when(body.updatedAt))),
            json(body.definition));
    }).catch((e) => fill(state, problemBlock(e)));
}
