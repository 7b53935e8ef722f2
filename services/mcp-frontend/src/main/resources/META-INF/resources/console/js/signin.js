import {fill, h, problemBlock} from './dom.js';
import {signIn} from './session.js';

/** The sign-in page: the user pastes a token; nothing else is asked or stored. */
export function renderSignIn(view, {navigate}) {
    const error = h('div');
    const token = h('textarea', {id: 'token', name: 'token', required: true, autocomplete: 'off', spellcheck: 'false',
        placeholder: 'eyJhbGciOiJSUzI1NiIs…'});
    const form = h('form', {class: 'signin', id: 'signin-form'},
        h('h1', {}, 'Sign in'),
        h('p', {class: 'muted'},
            'Paste a bearer token (a JWT of your identity provider; locally: bin/taskgate token --scope "…"). ',
            'It stays in this tab (sessionStorage) and is sent only to the Taskgate APIs.'),
        h('label', {for: 'token'}, 'Token', token),
        error,
        h('div', {}, h('button', {type: 'submit', id: 'sign-in'}, 'Sign in')));
    form.addEventListener('submit', (event) => {
        event.preventDefault();
        try {
            signIn(token.value);
            navigate('#/executions');
        } catch (e) {
            fill(error, problemBlock({title: 'Not a usable token', detail: e.message}));
        }
    });
    fill(view, form);
}
