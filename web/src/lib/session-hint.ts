/**
 * Whether the browser may hold a session cookie. The cookie is HttpOnly, so the page cannot see it; the gateway
 * marks the page it serves instead: `<meta name="km-session" content="none">` when the request carried no session
 * cookie (index.html says "unknown", which the Vite dev server and any other server leave as it is). Asking
 * /api/auth/me or a member's profile then could only earn the 401 the spec requires for a visitor, which browsers
 * log as a console error on every page a visitor opens.
 */
export type SessionHint = 'none' | 'unknown';

export const SESSION_HINT_META = 'km-session';

/** The hint in a page's head; anything but "none" (or no document, as in Node) is "unknown". */
export function readSessionHint(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): SessionHint {
  return doc?.querySelector(`meta[name="${SESSION_HINT_META}"]`)?.getAttribute('content') === 'none' ? 'none' : 'unknown';
}

let hint: SessionHint = readSessionHint();

/** False only when the page was served to a browser without a session cookie and none has been opened since. */
export const sessionMayExist = () => hint !== 'none';

/** A call that sets the session cookie succeeded (sign-in, a member's sign-in link, joining Marketshare). */
export function sessionStarted() {
  hint = 'unknown';
}

/** Signing out cleared the cookie. */
export function sessionEnded() {
  hint = 'none';
}

/** For tests: the hint as if the page had just loaded with it. */
export function resetSessionHint(value: SessionHint) {
  hint = value;
}
