import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { snippets } from '../docs/snippets.js';
import { KIT_LANGUAGES } from '../widgets/core/languages.js';
import { ALL_TAGS } from '../widgets/elements.js';
import { ELEMENT_ENTRIES, PACKAGE_NAME, packWidgets } from '../widgets/build/package.js';
import { bundle } from './bundle.js';
import { BASE_APP, ONE_ELEMENT_APP, VUE_ONE_CONSUMER } from './package-consumers.js';

// The npm package as a host developer meets it: packed fresh (nothing kept from an earlier
// run), installed from its tarball into empty projects (with React 19 and Vue, and with React
// 18) beside nothing else of ours, then type-checked with tsc as a TypeScript, a React (TSX) and
// a Vue consumer would write them, and every entry imported in Node with no DOM (a framework's
// server render). Lit, React and Vue come from the npm registry (its local cache first).

/** A command in `cwd` (an install, a type check, a script), killed after 4 minutes. */
const run = (file: string, args: string[], cwd: string) =>
  promisify(execFile)(file, args, { cwd, timeout: 240_000 });
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

let work: string;
let tarball: string;

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'plk-package-'));
  const ours = readFileSync(path.join(ROOT, 'package.json'), 'utf8');
  tarball = packWidgets(work, path.join(work, 'package'));
  // The manifest's analyzer edits the package.json it runs beside: the build puts it back.
  assert.equal(readFileSync(path.join(ROOT, 'package.json'), 'utf8'), ours);
});

after(() => rmSync(work, { recursive: true, force: true }));

/** npm install as a consumer runs it, from the local cache first, no install scripts. */
const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'];

/** An empty project with the tarball and `extra` installed, and `files` (by name) beside them. */
async function project(
  name: string,
  extra: string[],
  files: Record<string, string>,
): Promise<string> {
  const dir = path.join(work, name);
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module' }),
  );
  await run('npm', [...INSTALL, tarball, ...extra], dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** React at `version` with its types, as a consumer's project pins them. */
const react = (version: string, types: string, domTypes = types) => [
  `react@${version}`,
  `react-dom@${version}`,
  `@types/react@${types}`,
  `@types/react-dom@${domTypes}`,
];

const tsconfig = (files: string[], options: Record<string, unknown> = {}) =>
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
      ...options,
    },
    files,
  });

/** tsc over `files` in `dir`: its exit status and output. */
async function typeCheck(dir: string, name: string, files: string[], options = {}) {
  writeFileSync(path.join(dir, name), tsconfig(files, options));
  try {
    const { stdout } = await run(process.execPath, [TSC, '-p', name], dir);
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

const TS_CONSUMER = `
import {
  configure,
  ServiceClientCreate,
  ServiceRecordCreatedEvent,
  type WidgetConfig,
} from '${PACKAGE_NAME}';
import '${PACKAGE_NAME}/service-matter-create';

const options: WidgetConfig = {
  apiBase: 'https://payments.example.com',
  getToken: async ({ renew }) => (renew ? 'pwt_new' : 'pwt_first'),
};
configure(options);

const form: ServiceClientCreate = document.createElement('service-client-create');
form.heading = 'New client';
form.required = true;
form.hideSubmit = true;
form.name = 'clientId';
const matter = document.createElement('service-matter-create');
matter.clientId = 'c1';

form.addEventListener('service-record-created', (e) => {
  const id: string = e.detail.record.id;
  if (e.detail.recordType === 'client') console.log(id, e.detail.record.name);
});
form.addEventListener('service-change', (e) => console.log(e.detail.isValid));
document.addEventListener('service-error', (e) => console.log(e.detail.message, e.detail.status));
form.addEventListener(ServiceRecordCreatedEvent.eventName, (e) => console.log(e.type));

const check: { isValid: boolean; errorMessage: string } = form.validate();
const created: Promise<{ id: string; name: string }> = form.submit();
const value: string = form.value;
console.log(check, created, value, form.record?.syncErrorMessage);
`;

const WRONG_EVENT_FIELD = `
import '${PACKAGE_NAME}';
const form = document.createElement('service-client-create');
form.addEventListener('service-record-created', (e) => console.log(e.detail.record.clientName));
`;

const REACT_CONSUMER = `
import {
  ServiceClientCreate,
  ServicePaymentLinkCreate,
  ServiceTransactionsList,
} from '${PACKAGE_NAME}/react';
import { ServiceMatterCreate } from '${PACKAGE_NAME}/react/service-matter-create';
import { ServiceSettings } from '${PACKAGE_NAME}/react/service-settings';

export function Checkout({ clientId }: { clientId: string }) {
  return (
    <>
      <ServiceClientCreate
        heading="New client"
        required
        hideSubmit
        onRecordCreated={(e) => console.log(e.detail.record.id)}
        onChange={(e) => console.log(e.detail.isValid)}
        onReady={(e) => console.log(e.type)}
      />
      <ServicePaymentLinkCreate clientId={clientId} onError={(e) => console.log(e.detail.message)} />
      <ServiceTransactionsList
        pollInterval={10}
        onTransactionRefunded={(e) => console.log(e.detail.original.status, e.detail.reversals)}
        onTransactionVoided={(e) => console.log(e.detail.status)}
      />
    </>
  );
}

// Each element's record-created detail is its own record, not a union of four.
export const typedRecord = (
  <>
    <ServiceClientCreate
      onRecordCreated={(e) => {
        const kind: 'client' = e.detail.recordType;
        const name: string = e.detail.record.name;
        console.log(kind, name);
      }}
    />
    <ServiceMatterCreate onRecordCreated={(e) => console.log(e.detail.record.clientId)} />
    <ServiceSettings onRecordUpdated={(e) => console.log(e.detail.record)} />
  </>
);
// @ts-expect-error: a client has no clientId (a matter's detail has)
export const notAMatter = <ServiceClientCreate onRecordCreated={(e) => e.detail.record.clientId} />;
// @ts-expect-error: required is a boolean
export const wrongType = <ServiceClientCreate required="yes" />;
// @ts-expect-error: the event's detail has no such field
export const wrongField = <ServiceClientCreate onRecordCreated={(e) => e.detail.nope} />;
`;

const VUE_CONSUMER = `
import type { GlobalComponents } from 'vue';
import type { ClientDetail, ServiceRecordCreatedEvent } from '${PACKAGE_NAME}';
import { isCustomElement } from '${PACKAGE_NAME}/vue';

type PropsOf<T extends keyof GlobalComponents> = InstanceType<GlobalComponents[T]>['$props'];
type EmitOf<T extends keyof GlobalComponents> = InstanceType<GlobalComponents[T]>['$emit'];

export const matter: PropsOf<'service-matter-create'> = {
  clientId: 'c1',
  heading: 'New matter',
  required: true,
  hideSubmit: true,
};
// @ts-expect-error: a client form has no client-id
export const wrong: PropsOf<'service-client-create'> = { clientId: 'c1' };
export const list: PropsOf<'service-transactions-list'> = { pollInterval: 10 };

declare const emit: EmitOf<'service-client-create'>;
declare const created: ServiceRecordCreatedEvent<ClientDetail>;
emit('service-record-created', created);
// @ts-expect-error: not an event of the client form
emit('service-record-deleted', created);

export const tags: boolean = isCustomElement('service-client-create');
`;

const NODE_IMPORTS = `
if (typeof document !== 'undefined' || typeof window !== 'undefined') throw new Error('a DOM');
const entries = ${JSON.stringify([
  PACKAGE_NAME,
  ...Object.keys(ELEMENT_ENTRIES).map((tag) => `${PACKAGE_NAME}/${tag}`),
  `${PACKAGE_NAME}/react`,
  `${PACKAGE_NAME}/vue`,
])};
for (const entry of entries) await import(entry);
const manifest = await import('${PACKAGE_NAME}/custom-elements.json', { with: { type: 'json' } });
const kit = await import('${PACKAGE_NAME}');
const vue = await import('${PACKAGE_NAME}/vue');
console.log(JSON.stringify({
  entries: entries.length,
  modules: manifest.default.modules.length,
  configure: typeof kit.configure,
  isCustomElement: vue.isCustomElement('service-client-create'),
}));
`;

const SERVER_RENDER = `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServiceClientCreate } from '${PACKAGE_NAME}/react';
console.log(renderToString(createElement(ServiceClientCreate, {
  heading: 'New client',
  onRecordCreated: () => undefined,
})));
`;

test(
  'the package installs alone, type-checks for TypeScript, React 19 and Vue, and imports in Node',
  { timeout: 900_000 },
  async () => {
    const dir = await project('consumer', [...react('19.3.1', '19.3.0'), 'vue@3.5.45'], {
      'consumer.ts': TS_CONSUMER,
      'react-consumer.tsx': REACT_CONSUMER,
      'vue-consumer.ts': VUE_CONSUMER,
      'vue-one-consumer.ts': VUE_ONE_CONSUMER,
      'wrong.ts': WRONG_EVENT_FIELD,
      'node-imports.mjs': NODE_IMPORTS,
      'server-render.mjs': SERVER_RENDER,
    });
    // docs/widgets.md's Install, React and Vue snippets, as written there.
    const documented = snippets(path.join(ROOT, 'docs/widgets.md')).filter(
      (s) => s.kind === 'type-checked',
    );
    assert.deepEqual(
      documented.map((s) => s.target),
      [
        'docs-install.ts',
        'docs-react.tsx',
        'docs-vue.ts',
        'docs-submit.ts',
        'docs-submit-react.tsx',
        'docs-submit-vue.ts',
        'docs-localization.ts',
      ],
    );
    for (const snippet of documented) writeFileSync(path.join(dir, snippet.target), snippet.code);

    const consumers = await typeCheck(dir, 'tsconfig.json', [
      'consumer.ts',
      'react-consumer.tsx',
      'vue-consumer.ts',
      ...documented.map((s) => s.target),
    ]);
    assert.ok(consumers.ok, consumers.output);
    const node16 = await typeCheck(dir, 'tsconfig.node.json', ['consumer.ts'], {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
    });
    assert.ok(node16.ok, node16.output);
    const vueOne = await typeCheck(dir, 'tsconfig.vue-one.json', ['vue-one-consumer.ts']);
    assert.ok(vueOne.ok, vueOne.output);
    const wrong = await typeCheck(dir, 'tsconfig.wrong.json', ['wrong.ts']);
    assert.equal(wrong.ok, false);
    assert.match(wrong.output, /wrong\.ts.*error TS2339: Property 'clientName' does not exist/);

    const imported = await run(process.execPath, ['node-imports.mjs'], dir);
    assert.deepEqual(JSON.parse(imported.stdout), {
      entries: Object.keys(ELEMENT_ENTRIES).length + 3,
      modules: JSON.parse(imported.stdout).modules,
      configure: 'function',
      isCustomElement: true,
    });
    assert.ok(JSON.parse(imported.stdout).modules > 10);
    const rendered = await run(process.execPath, ['server-render.mjs'], dir);
    assert.match(rendered.stdout, /^<service-client-create[ >]/);

    // The guide ships: the README holds the kit's API and each element's reference.
    const installed = path.join(dir, 'node_modules', PACKAGE_NAME);
    const readme = readFileSync(path.join(installed, 'README.md'), 'utf8');
    assert.doesNotMatch(readme, /docs\/widgets\.md/);
    for (const text of [
      'registerLocale',
      'configure',
      '## Elements',
      'ServiceRecordCreatedEvent<ClientDetail>',
    ]) {
      assert.ok(readme.includes(text), text);
    }
    for (const tag of Object.keys(ELEMENT_ENTRIES)) {
      assert.ok(readme.includes(`### \`<${tag}>\``), `${tag} in the README`);
    }
    assert.match(readme, /\| `hide-submit` \| `hideSubmit` \| `boolean` \|/);
    assert.match(readme, /\| `--service-font-family` \|/);
    // The manifest: public API only, every event typed, under 200 KB.
    const manifestText = readFileSync(path.join(installed, 'custom-elements.json'), 'utf8');
    assert.ok(
      manifestText.length < 200 * 1024,
      `custom-elements.json is ${manifestText.length} bytes`,
    );
    const declarations = (
      JSON.parse(manifestText) as {
        modules: {
          declarations: {
            members: { privacy?: string; name: string }[];
            events: { type?: { text: string } }[];
          }[];
        }[];
      }
    ).modules.flatMap((m) => m.declarations);
    assert.ok(declarations.length >= Object.keys(ELEMENT_ENTRIES).length);
    assert.deepEqual(
      declarations.flatMap((d) => d.members.filter((m) => m.privacy || m.name.startsWith('#'))),
      [],
    );
    assert.deepEqual(
      declarations.flatMap((d) => d.events.filter((e) => !e.type)),
      [],
    );
  },
);

test(
  'the React components type-check and render with React 18 too',
  { timeout: 600_000 },
  async () => {
    const dir = await project('react18', react('18.3.1', '18.3.8', '18.3.7'), {
      'react-consumer.tsx': REACT_CONSUMER,
      'server-render.mjs': SERVER_RENDER,
    });
    const checked = await typeCheck(dir, 'tsconfig.json', ['react-consumer.tsx']);
    assert.ok(checked.ok, checked.output);
    const rendered = await run(process.execPath, ['server-render.mjs'], dir);
    assert.match(rendered.stdout, /^<service-client-create[ >]/);
  },
);

test(
  'a Vite app that uses one React element loads that element and the kit’s core: ≤ 20 KB gzip more',
  { timeout: 300_000 },
  async () => {
    const dir = await project('one-element', ['react@19.3.1', 'react-dom@19.3.1'], {
      'base.js': BASE_APP,
      'one.js': ONE_ELEMENT_APP,
    });
    const base = await bundle(dir, 'base.js');
    const one = await bundle(dir, 'one.js');
    const added = one.gzip - base.gzip;
    console.log(`one React element adds ${(added / 1024).toFixed(1)} KB gzip`);
    assert.ok(added <= 20 * 1024, `one React element adds ${added} bytes gzip`);
    assert.ok(one.code.includes('service-client-create'));
    // No other element's registration, class or texts.
    for (const tag of ALL_TAGS.filter((t) => t !== 'service-client-create')) {
      // (A tag, not an event name such as service-bank-accounts-synced.)
      assert.doesNotMatch(one.code, new RegExp(`${tag}(?![-a-z])`), `${tag} rides along`);
    }
    assert.ok(!one.code.includes('Create payment link'));
    // The Spanish and French texts come on demand, each in a chunk of its own.
    assert.ok(!one.code.includes('Crear cliente'));
    assert.ok(!one.code.includes('Créer le client'));
    assert.equal(one.lazy.length, KIT_LANGUAGES.length - 1);
  },
);
