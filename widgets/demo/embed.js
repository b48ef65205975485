/* global document, window, fetch -- a browser script: the lint config knows only TypeScript globals */
// The embed page's own script (embed.html), from the page's own origin: no inline script and no
// onerror, so a strict CSP runs it. Deferred like the kit's script tag before it, it runs after
// the kit ran, or failed to load.
if (window.ServiceWidgets) {
  window.ServiceWidgets.configure({
    apiBase: 'http://127.0.0.1:3000',
    // Asked again when the API answers 401, so an expired token is renewed in place.
    getToken: async () => (await fetch('/widget-token', { method: 'POST' })).text(),
  });
} else {
  // The kit could not load: the elements cannot say so without their code.
  document.getElementById('kit-error').hidden = false;
}
