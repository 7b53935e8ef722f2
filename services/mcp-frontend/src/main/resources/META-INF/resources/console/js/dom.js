// Building the page from data. Every value from the APIs goes in as text (textContent), never as markup, so a
// tool name, message or URL cannot inject script (and the CSP forbids inline script anyway).

/** An element: h('td', {class: 'mono'}, 'text', childNode, …); attributes starting with "on" are listeners. */
export function h(tag, attributes = {}, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (value === undefined || value === null || value === false) {
            continue;
        }
        if (name.startsWith('on') && typeof value === 'function') {
            element.addEventListener(name.slice(2), value);
        } else if (value === true) {
            element.setAttribute(name, '');
        } else {
            element.setAttribute(name, String(value));
        }
    }
    append(element, children);
    return element;
}

function append(element, children) {
    for (const child of children.flat(Infinity)) {
        if (child === undefined || child === null || child === false) {
            continue;
        }
        element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
}

/** Replaces the children of an element. */
export function fill(element, ...children) {
    element.replaceChildren();
    append(element, children);
    return element;
}

/** A state or outcome as a coloured label. */
export function badge(value) {
    return value === undefined || value === null ? '' : h('span', {class: `status ${value}`}, value);
}

/** An instant as the browser's local time, with the exact value on hover. */
export function when(instant) {
    if (!instant) {
        return '';
    }
    const date = new Date(instant);
    return Number.isNaN(date.getTime()) ? instant : h('time', {datetime: instant, title: instant}, date.toLocaleString());
}

/** A problem+json answer (or any failure) as a block the user can read. */
export function problemBlock(error) {
    const parts = [h('strong', {}, error.title || 'Request failed')];
    if (error.status) {
        parts.push(` (${error.status}${error.slug ? ' ' + error.slug : ''})`);
    }
    if (error.detail) {
        parts.push(': ', error.detail);
    }
    return h('div', {class: 'problem', role: 'alert'}, parts);
}

/** A table whose rows come from items; columns are [heading, item => cell content]. */
export function table(columns, items, onOpen, rowId) {
    const head = h('tr', {}, columns.map(([heading]) => h('th', {}, heading)));
    const rows = items.map((item) => h('tr', {
        class: onOpen ? 'clickable' : null,
        'data-id': rowId ? rowId(item) : null,
        onclick: onOpen ? () => onOpen(item) : null,
    }, columns.map(([, cell]) => h('td', {}, cell(item)))));
    return h('table', {}, h('thead', {}, head), h('tbody', {}, rows));
}

/** Pretty JSON in a <pre>. */
export function json(value) {
    return h('pre', {class: 'mono'}, JSON.stringify(value, null, 2));
}
