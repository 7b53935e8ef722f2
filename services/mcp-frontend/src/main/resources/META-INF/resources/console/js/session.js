// The signed-in token, kept in sessionStorage: it lives as long as the tab, is never put in a URL, and is sent only
// as the Authorization header of the API calls. The console reads the token's claims (without verifying them: the
// APIs do) only to know the workspace in the routes and which routes to offer.

const KEY = 'taskgate.console.token';

/** Parses a JWT's claims; throws on anything that is not one. */
export function claimsOf(token) {
    const parts = token.split('.');
    if (parts.length !== 3) {
        throw new Error('This is not a JWT (three dot-separated parts).');
    }
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims.org_id !== 'string' || typeof claims.project_id !== 'string') {
        throw new Error('The token names no org_id and project_id.');
    }
    return claims;
}

/** Keeps the token for this tab after checking that it reads as a Taskgate token. */
export function signIn(token) {
    const trimmed = token.trim();
    claimsOf(trimmed);
    sessionStorage.setItem(KEY, trimmed);
}

export function signOut() {
    sessionStorage.removeItem(KEY);
}

/** The session, or null when nobody is signed in (or the stored token no longer parses). */
export function current() {
    const token = sessionStorage.getItem(KEY);
    if (!token) {
        return null;
    }
    try {
        const claims = claimsOf(token);
        const scopes = new Set(String(claims.scope || '').split(' ').filter((s) => s));
        return {
            token,
            subject: claims.sub,
            org: claims.org_id,
            project: claims.project_id,
            expiresAt: typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null,
            scopes,
            has: (scope) => scopes.has(scope),
        };
    } catch (e) {
        sessionStorage.removeItem(KEY);
        return null;
    }
}

/** Scopes that choose between the operator's and the owner's routes (docs/security.md). */
export const SCOPES = Object.freeze({
    operatorStatus: 'executions:operator:status',
    operatorPayload: 'executions:operator:payload',
    operatorCancel: 'executions:operator:cancel',
    call: 'tools:call',
    webhooks: 'webhooks:admin',
});
