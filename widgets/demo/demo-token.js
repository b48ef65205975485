/* global fetch -- a browser script: the lint config knows only TypeScript globals */
// The demo's widget token (POST /demo/token, demo mode only), for the pages that run the kit
// against the demo's data: the demo page, its flow screen and the /docs live examples. A module
// of its own, served from /demo/ like the pages' scripts, so a strict CSP (script-src 'self')
// allows it.

let token = null;

/** The page's widget token; the kit asks again (`renew`) when the API answers 401. */
export async function getToken({ renew } = { renew: false }) {
  if (token && !renew) return token;
  const res = await fetch('/demo/token', { method: 'POST' });
  if (!res.ok) throw new Error(`No demo token: the server answered ${res.status}`);
  token = (await res.json()).token;
  return token;
}
