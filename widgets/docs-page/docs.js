/* global document, navigator, sessionStorage, matchMedia -- a browser script: the lint config knows only TypeScript globals */
// The /docs pages' script (the server renders them: server/http/docs-page.ts). It sets the page's
// theme and language, adds Copy buttons to the snippets, and in demo mode runs the live example:
// the kit with the demo's widget token (as the demo page gets it), the attribute controls, and a
// log of the events the element fires. An external module, so the page's strict CSP allows it.

const $ = (selector) => document.querySelector(selector);
const { body } = document;
const themeSelect = $('#theme');
const localeSelect = $('#locale');

// Choices last for the visit, across the element pages.
themeSelect.value =
  sessionStorage.getItem('docs-theme') ??
  (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
if (localeSelect) localeSelect.value = sessionStorage.getItem('docs-locale') ?? 'en';
const showTheme = () => (document.documentElement.dataset.theme = themeSelect.value);
showTheme();

// On a phone the element list is one row that scrolls sideways: this page's element in view.
document
  .querySelector('nav [aria-current="page"]')
  ?.scrollIntoView({ block: 'nearest', inline: 'center' });

for (const form of document.querySelectorAll('form')) {
  form.addEventListener('submit', (event) => event.preventDefault());
}

for (const pre of document.querySelectorAll('pre[data-copy]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = 'Copy';
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(pre.textContent);
    button.textContent = 'Copied';
  });
  pre.before(button);
}

let kit = null;
let getToken = null;
if (body.dataset.tag) {
  try {
    // Demo mode only (a live example): the demo's token, as the demo page gets it.
    ({ getToken } = await import('/demo/demo-token.js'));
    kit = await import('/widgets/service-widgets.js');
    // The consoles are entries of their own, outside the kit's script.
    if (body.dataset.entry) await import(body.dataset.entry);
  } catch {
    $('#stage').textContent =
      'The widget kit is not built: run "npm run build:widgets" (npm start does it), then reload.';
    kit = null;
  }
}

/** The whole page's setup: configure() replaces the last one, so it is given all of it. */
const configure = () =>
  kit?.configure({ getToken, locale: localeSelect?.value ?? 'en', theme: themeSelect.value });
configure();

themeSelect.addEventListener('change', () => {
  sessionStorage.setItem('docs-theme', themeSelect.value);
  showTheme();
  configure();
});
localeSelect?.addEventListener('change', () => {
  sessionStorage.setItem('docs-locale', localeSelect.value);
  configure();
});

const element = $('#live-element');
if (kit && element) {
  // Each control sets its attribute: a checkbox adds or removes it, an empty field removes it.
  for (const input of document.querySelectorAll('[data-attribute]')) {
    const name = input.dataset.attribute;
    if (input.type === 'checkbox') input.checked = element.hasAttribute(name);
    else input.value = element.getAttribute(name) ?? '';
    input.addEventListener('change', () => {
      if (input.type === 'checkbox') element.toggleAttribute(name, input.checked);
      else if (input.value === '') element.removeAttribute(name);
      else element.setAttribute(name, input.value);
    });
  }

  const log = $('#events');
  for (const type of body.dataset.events.split(' ').filter(Boolean)) {
    element.addEventListener(type, (event) => {
      const item = document.createElement('li');
      const detail = JSON.stringify(event.detail ?? null);
      item.textContent = `${new Date().toLocaleTimeString()} ${type} ${detail.length > 240 ? `${detail.slice(0, 240)}…` : detail}`;
      log.prepend(item);
    });
  }
}
