// The npm package's README: the guide (widgets/build/guide.md, written by hand: install, entries,
// configure, events, React, Vue, languages, theming, every export of the main entry), then
// each element's reference generated from the public manifest (widgets/build/manifest.ts):
// its attributes, properties, methods, events, slots, parts and CSS properties.
import { readFileSync } from 'node:fs';
import type { Manifest } from './manifest.js';

const GUIDE = new URL('./guide.md', import.meta.url);

interface Item {
  name: string;
  description?: string;
  summary?: string;
  type?: { text: string };
  default?: string;
  attribute?: string;
  fieldName?: string;
  kind?: string;
  readonly?: boolean;
  parameters?: { name: string; type?: { text: string }; optional?: boolean }[];
  return?: { type?: { text: string } };
}

/** Text for one table cell: one line, its pipes escaped. */
const cell = (text: string | undefined) =>
  (text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const code = (text: string | undefined) => (text ? `\`${cell(text)}\`` : '');

function table(headings: string[], rows: string[][]): string[] {
  if (rows.length === 0) return [];
  return [
    `| ${headings.join(' | ')} |`,
    `| ${headings.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

function section(title: string, body: string[]): string[] {
  return body.length === 0 ? [] : [`**${title}**`, '', ...body];
}

/** One element's reference, from its manifest declaration. */
function elementReference(
  d: Record<string, unknown> & { tagName: string; name: string },
  entries: ReadonlySet<string>,
): string[] {
  const list = (key: string) => (d[key] as Item[] | undefined) ?? [];
  const attributes = list('attributes');
  const attributeFields = new Set(attributes.map((a) => a.fieldName));
  const members = list('members');
  const properties = members.filter((m) => m.kind === 'field' && !attributeFields.has(m.name));
  const methods = members.filter((m) => m.kind === 'method');
  const description = [d.summary, d.description]
    .filter((t): t is string => typeof t === 'string' && t.length > 0)
    .join('\n\n');
  const imports = entries.has(d.tagName)
    ? [
        `Import \`payment-link-widgets/${d.tagName}\` (registers it alone), ` +
          `\`payment-link-widgets/react/${d.tagName}\` (\`${d.name}\` for React) or ` +
          `\`payment-link-widgets/vue/${d.tagName}\` (its Vue type).`,
        '',
      ]
    : [`Part of another element, which loads and registers it.`, ''];
  return [
    `### \`<${d.tagName}>\``,
    '',
    ...(description ? [description, ''] : []),
    ...imports,
    ...section(
      'Attributes',
      table(
        ['Attribute', 'Property', 'Type', 'Default', 'Description'],
        attributes.map((a) => [
          code(a.name),
          code(a.fieldName),
          code(a.type?.text),
          code(a.default),
          cell(a.description),
        ]),
      ),
    ),
    ...section(
      'Properties',
      table(
        ['Property', 'Type', 'Description'],
        properties.map((p) => [
          code(p.name) + (p.readonly ? ' (read-only)' : ''),
          code(p.type?.text),
          cell(p.description),
        ]),
      ),
    ),
    ...section(
      'Methods',
      table(
        ['Method', 'Description'],
        methods.map((m) => [
          code(
            `${m.name}(${(m.parameters ?? [])
              .map((p) => `${p.name}${p.optional ? '?' : ''}${p.type ? `: ${p.type.text}` : ''}`)
              .join(', ')})${m.return?.type ? `: ${m.return.type.text}` : ''}`,
          ),
          cell(m.description),
        ]),
      ),
    ),
    ...section(
      'Events',
      table(
        ['Event', 'Type', 'Description'],
        list('events').map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
      ),
    ),
    ...section(
      'Slots',
      table(
        ['Slot', 'Description'],
        list('slots').map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)]),
      ),
    ),
    ...section(
      'CSS parts',
      table(
        ['Part', 'Description'],
        list('cssParts').map((p) => [code(p.name), cell(p.description)]),
      ),
    ),
    ...section(
      'CSS custom properties',
      table(
        ['Property', 'Description'],
        list('cssProperties').map((p) => [code(p.name), cell(p.description)]),
      ),
    ),
  ];
}

/** The README: the guide, then every element of the manifest, in its order. */
export function packageReadme(manifest: Manifest, entries: ReadonlySet<string>): string {
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []);
  const reference = elements.flatMap((d) =>
    elementReference(d as Parameters<typeof elementReference>[0], entries),
  );
  return [
    readFileSync(GUIDE, 'utf8').trimEnd(),
    '',
    '## Elements',
    '',
    'Generated from `custom-elements.json`: every public attribute, property, method, event, slot,',
    'part and CSS custom property of each element.',
    '',
    ...reference,
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
