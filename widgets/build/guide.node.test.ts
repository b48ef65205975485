import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packageReadme } from './guide.js';
import { eventClass, publicManifest, type Manifest } from './manifest.js';

// The package's guide names the whole API of its main entry, and the manifest it is generated
// from holds each element's public API only, its events typed with the element's own record.

/** The names widgets/index.ts exports, as the type checker resolves them (re-exports too). */
const exportsOfIndex = () => {
  const file = fileURLToPath(new URL('../index.ts', import.meta.url));
  const program = ts.createProgram([file], { noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker.getExportsOfModule(module).map((s) => s.name);
};

const RAW: Manifest = {
  schemaVersion: '1.0.0',
  modules: [
    {
      kind: 'javascript-module',
      path: 'widgets/client-create/service-client-create.ts',
      declarations: [
        {
          kind: 'class',
          name: 'ServiceClientCreate',
          tagName: 'service-client-create',
          customElement: true,
          members: [
            { kind: 'field', name: 'heading', type: { text: 'string' } },
            { kind: 'field', name: 'save', privacy: 'private', default: 'new Task(…)' },
            { kind: 'field', name: 'formTask', privacy: 'protected' },
            { kind: 'field', name: '#busy' },
            { kind: 'field', name: 'styles', static: true },
            { kind: 'method', name: 'render' },
            { kind: 'method', name: 'submit', description: 'Runs the work.' },
          ],
          attributes: [{ name: 'heading', fieldName: 'heading', type: { text: 'string' } }],
          events: [
            { name: 'service-record-created', description: 'Created.' },
            { name: 'service-error', description: 'Failed.' },
          ],
        },
        { kind: 'function', name: 'checkName' },
      ],
    },
    { kind: 'javascript-module', path: 'widgets/core/format.ts', declarations: [] },
  ],
};

describe('the package guide and manifest', () => {
  it('name every export of the main entry', () => {
    const guide = readFileSync(new URL('./guide.md', import.meta.url), 'utf8');
    const names = exportsOfIndex();
    expect(names).toContain('registerLocale');
    expect(names.filter((name) => !guide.includes(`\`${name}`))).toEqual([]);
  });

  it('keep each element’s public API only, its events typed', () => {
    const manifest = publicManifest(RAW);
    expect(manifest.modules).toHaveLength(1);
    const [element] = manifest.modules[0]!.declarations!;
    expect(element!.members!.map((m) => m.name)).toEqual(['heading', 'submit']);
    expect(element!.events!.map((e) => e.type?.text)).toEqual([
      'ServiceRecordCreatedEvent<ClientDetail>',
      'ServiceErrorEvent',
    ]);
    expect(eventClass('service-record-updated', 'service-settings')).toBe(
      'ServiceRecordUpdatedEvent<SettingsDetail>',
    );
    expect(eventClass('service-bank-accounts-synced', 'service-bank-accounts-sync')).toBe(
      'ServiceBankAccountsSyncedEvent',
    );
  });

  it('write each element’s reference after the guide', () => {
    const readme = packageReadme(publicManifest(RAW), new Set(['service-client-create']));
    expect(readme).toMatch(/^# payment-link-widgets/);
    expect(readme).toContain('### `<service-client-create>`');
    expect(readme).toContain('| `heading` | `heading` | `string` |');
    expect(readme).toContain('| `submit()` | Runs the work. |');
    expect(readme).toContain(
      '| `service-record-created` | `ServiceRecordCreatedEvent<ClientDetail>` | Created. |',
    );
    expect(readme).not.toContain('save');
  });
});
