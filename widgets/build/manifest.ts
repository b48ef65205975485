// The custom elements manifest as hosts read it (dist/widgets/custom-elements.json, the npm
// package's, the server's /docs page): the analyzer's output (`cem analyze`) cut to the public
// API — each element's public attributes, properties, methods, events, slots, parts and CSS
// properties, none of its private or protected members nor Lit's lifecycle — and each event
// given its class, its record events narrowed to the element's own record.
//
//   tsx widgets/build/manifest.ts <custom-elements.json>    rewrites the file in place
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Typed {
  name: string;
  type?: { text: string };
  description?: string;
  default?: string;
  privacy?: string;
  static?: boolean;
  kind?: string;
  inheritedFrom?: { name: string; module?: string };
  [key: string]: unknown;
}

interface Declaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  members?: Typed[];
  attributes?: Typed[];
  events?: Typed[];
  [key: string]: unknown;
}

interface Module {
  kind: string;
  path: string;
  declarations?: Declaration[];
  exports?: { kind: string; name: string; declaration: { name: string; module?: string } }[];
}

export interface Manifest {
  schemaVersion: string;
  readme?: string;
  modules: Module[];
}

/** Lit's and the form API's callbacks: public in the class, not the element's API. */
const LIFECYCLE = new Set([
  'render',
  'update',
  'updated',
  'firstUpdated',
  'willUpdate',
  'shouldUpdate',
  'createRenderRoot',
  'connectedCallback',
  'disconnectedCallback',
  'attributeChangedCallback',
  'formAssociatedCallback',
  'formResetCallback',
  'formDisabledCallback',
  'formStateRestoreCallback',
]);

/** The record an element's record events carry (widgets/frameworks/element-events.ts). */
const ELEMENT_RECORDS: Record<string, string> = {
  'service-settings': 'SettingsDetail',
  'service-client-create': 'ClientDetail',
  'service-matter-create': 'MatterDetail',
  'service-payment-link-create': 'PaymentLinkDetail',
  'service-aggregate-link-create': 'AggregateLinkDetail',
  'service-aggregate-link-update': 'AggregateLinkDetail',
};

/** `service-record-created` → `ServiceRecordCreatedEvent` (widgets/core/events.ts's names). */
export function eventClass(event: string, tag: string): string | undefined {
  if (!event.startsWith('service-')) return undefined;
  const name = `${event.replace(/(?:^|-)([a-z])/g, (_m, c: string) => c.toUpperCase())}Event`;
  const record = ELEMENT_RECORDS[tag];
  return record && /^service-record-(?:created|updated|deleted)$/.test(event)
    ? `${name}<${record}>`
    : name;
}

const isPublic = (m: Typed) =>
  (!m.privacy || m.privacy === 'public') &&
  !m.static &&
  !/^[#_]/.test(m.name) &&
  !LIFECYCLE.has(m.name);

/** A member without what a host need not read: where it was inherited from, a long default. */
function trim<T extends Typed>(m: T): T {
  const out: T = { ...m };
  if (out.inheritedFrom) out.inheritedFrom = { name: out.inheritedFrom.name };
  if (out.default && out.default.length > 40) delete out.default;
  delete out.privacy;
  return out;
}

export function publicManifest(raw: Manifest): Manifest {
  const modules: Module[] = [];
  for (const module of raw.modules) {
    const elements = (module.declarations ?? [])
      .filter((d) => d.customElement && d.tagName)
      .map((d): Declaration => ({
        ...d,
        members: (d.members ?? []).filter(isPublic).map(trim),
        attributes: (d.attributes ?? []).filter((a) => !/^[#_]/.test(a.name)).map(trim),
        events: (d.events ?? [])
          .filter((e) => e.name.startsWith('service-'))
          .map((e) => {
            const type = eventClass(e.name, d.tagName!);
            return trim(type ? { ...e, type: { text: type } } : e);
          }),
      }));
    if (elements.length === 0) continue;
    const names = new Set(elements.map((d) => d.name));
    modules.push({
      ...module,
      declarations: elements,
      exports: (module.exports ?? []).filter((e) => names.has(e.declaration.name)),
    });
  }
  return { schemaVersion: raw.schemaVersion, readme: raw.readme ?? '', modules };
}

/** Compact: indented, the whole kit's manifest would weigh about twice as much. */
export const serialize = (manifest: Manifest) => `${JSON.stringify(manifest)}\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx widgets/build/manifest.ts <custom-elements.json>');
  const manifest = publicManifest(JSON.parse(readFileSync(file, 'utf8')) as Manifest);
  writeFileSync(file, serialize(manifest));
}
