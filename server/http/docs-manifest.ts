import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';

// What /docs shows of each element, read from the kit's custom elements manifest
// (dist/widgets/custom-elements.json, written by `npm run build:manifest`) at each request, so a
// rebuilt kit documents itself without a restart. Read defensively: any field may be missing, and
// only public API is kept (no private or protected member, no static, no lifecycle callback).

export interface DocRow {
  name: string;
  /** The TypeScript type as the manifest writes it ('' when it gives none). */
  type: string;
  description: string;
  default?: string;
  readonly?: boolean;
}

export interface ElementDoc {
  tag: string;
  /** The class, as the package exports it (and its React component). */
  className: string;
  /** The module that declares it: `widgets/settings/going-live-checklist.ts`. */
  module: string;
  description: string;
  attributes: DocRow[];
  properties: DocRow[];
  /** `type` holds the signature: `(kind, transaction) => Promise<void>`. */
  methods: DocRow[];
  /** `type` holds the event's type (its detail), when the manifest says it. */
  events: DocRow[];
  slots: DocRow[];
  cssParts: DocRow[];
  cssProperties: DocRow[];
}

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => !!v && typeof v === 'object') : [];
const typeText = (value: unknown): string =>
  value && typeof value === 'object' ? text((value as Json).text) : '';

function row(item: Json, type = typeText(item.type)): DocRow {
  const out: DocRow = { name: text(item.name), type, description: text(item.description) };
  if (typeof item.default === 'string') out.default = item.default;
  if (item.readonly === true) out.readonly = true;
  return out;
}

const isPublic = (member: Json) =>
  member.privacy !== 'private' &&
  member.privacy !== 'protected' &&
  member.static !== true &&
  !/^[_#]/.test(text(member.name)) &&
  !text(member.name).endsWith('Callback');

function signature(method: Json): string {
  const params = list(method.parameters).map((p) => {
    const type = typeText(p.type);
    return type ? `${text(p.name)}: ${type}` : text(p.name);
  });
  const returns = typeText((method.return as Json | undefined)?.type);
  return `(${params.join(', ')})${returns ? ` => ${returns}` : ''}`;
}

/** The manifest's custom elements (declarations with a tag), in tag order. */
export function elementDocs(manifest: unknown): ElementDoc[] {
  const modules = list((manifest as Json | null)?.modules);
  const docs = modules.flatMap((module) =>
    list(module.declarations)
      .filter((d) => /^[a-z][a-z0-9]*-[a-z0-9-]+$/.test(text(d.tagName)))
      .map((d): ElementDoc => {
        const members = list(d.members).filter(isPublic);
        const byName = (rows: DocRow[]) => rows.filter((r) => r.name);
        return {
          tag: text(d.tagName),
          className: text(d.name),
          module: text(module.path),
          description: text(d.description) || text(d.summary),
          attributes: byName(list(d.attributes).map((a) => row(a))),
          properties: byName(members.filter((m) => m.kind === 'field').map((m) => row(m))),
          methods: byName(
            members.filter((m) => m.kind === 'method').map((m) => row(m, signature(m))),
          ),
          events: byName(list(d.events).map((e) => row(e))),
          slots: list(d.slots).map((s) => ({ ...row(s), name: text(s.name) || '(default)' })),
          cssParts: byName(list(d.cssParts).map((p) => row(p))),
          cssProperties: byName(list(d.cssProperties).map((p) => row(p))),
        };
      }),
  );
  const seen = new Set<string>();
  return docs
    .filter((doc) => !seen.has(doc.tag) && seen.add(doc.tag))
    .sort((a, b) => a.tag.localeCompare(b.tag));
}

/** The built manifest's elements; a clear 404 while the kit is not built. */
export async function readElementDocs(widgetsDir: string): Promise<ElementDoc[]> {
  const raw = await readFile(path.join(widgetsDir, 'custom-elements.json'), 'utf8').catch(
    () => null,
  );
  if (raw === null) {
    throw new AppError(
      'not_found',
      'No widget manifest: build the kit with "npm run build:widgets"',
    );
  }
  return elementDocs(JSON.parse(raw));
}
