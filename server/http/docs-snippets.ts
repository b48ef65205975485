import type { ElementDoc } from './docs-manifest.js';

// The copy-paste snippets of an element's /docs page: a plain page (its own module script, no
// inline script or handler, so the strict CSP docs/widgets.md gives runs it), React and Vue.

export interface Snippets {
  plainHtml: string;
  plainScript: string;
  csp: string;
  react: string;
  vue: string;
}

/** `service-record-created` → `onRecordCreated` (the React prop @lit/react makes of it). */
export const reactProp = (event: string) =>
  `on${event
    .replace(/^service-/, '')
    .replace(/(?:^|-)([a-z])/g, (_m, letter: string) => letter.toUpperCase())}`;

/** The event a snippet listens to: the element's own first, else its error event. */
function mainEvent(doc: ElementDoc): string {
  const own = doc.events.find((e) => !/^service-(error|ready|change)$/.test(e.name));
  return (own ?? doc.events[0])?.name ?? 'service-error';
}

/**
 * `origin`: where this server answers (PUBLIC_URL, else the request's). `kitTag`: whether the
 * kit's script registers the element (service-widgets.js); the others load their own entry.
 */
export function snippetsFor(doc: ElementDoc, origin: string, kitTag: boolean): Snippets {
  const { tag } = doc;
  const event = mainEvent(doc);
  const handler = reactProp(event);
  const plainHtml = [
    `<${tag}></${tag}>`,
    '',
    '<!-- The page’s own module, from its own origin: no inline script, no onerror. -->',
    '<script type="module" src="/payment-forms.js"></script>',
  ].join('\n');
  const plainScript = [
    '// payment-forms.js',
    `import { configure } from '${origin}/widgets/service-widgets.js';`,
    ...(kitTag ? [] : [`import '${origin}/widgets/${tag}.js';`]),
    '',
    'configure({',
    `  apiBase: '${origin}',`,
    '  // Your backend answers a widget token (it calls POST /api/widget-tokens with its API key).',
    "  getToken: async () => (await fetch('/my-backend/widget-token', { method: 'POST' })).text(),",
    '});',
    '',
    `const element = document.querySelector('${tag}');`,
    `element.addEventListener('${event}', (e) => console.log(e.detail));`,
  ].join('\n');
  const csp =
    `Content-Security-Policy: default-src 'self'; script-src 'self' ${origin}; ` +
    `style-src 'self'; connect-src 'self' ${origin}`;
  const react = [
    `import { ${doc.className} } from 'payment-link-widgets/react';`,
    '',
    `export function ${doc.className.replace(/^Service/, '')}Example() {`,
    `  return <${doc.className} ${handler}={(e) => console.log(e.detail)} />;`,
    '}',
  ].join('\n');
  const vue = [
    '<script setup lang="ts">',
    '// main.ts calls configure() once; vite.config.ts gives Vue isCustomElement.',
    `import 'payment-link-widgets/${tag}';`,
    'const log = (e: Event) => console.log((e as CustomEvent).detail);',
    '</script>',
    '',
    '<template>',
    `  <${tag} @${event}="log" />`,
    '</template>',
  ].join('\n');
  return { plainHtml, plainScript, csp, react, vue };
}
