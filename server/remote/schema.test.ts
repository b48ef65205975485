import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  introspectionFromSchema,
  specifiedScalarTypes,
  type IntrospectionField,
  type IntrospectionInputValue,
  type IntrospectionQuery,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadRemoteSchema, readRemoteSchemaSdl, validateRemoteDocument } from './sdl.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const introspectionPath = path.resolve(
  repoRoot,
  '..',
  'shared',
  'remote-api',
  'schema.introspection.json',
);
const haveIntrospection = existsSync(introspectionPath);
if (!haveIntrospection) {
  console.warn(
    `\n[schema.test] ${introspectionPath} is missing: the comparison of schema.graphql with the ` +
      'real schema is SKIPPED. CI must have it.\n',
  );
}

/** The operations FACTS.md lists; schema.graphql declares exactly these root fields. */
const PROJECT_QUERIES = [
  'bankAccountsList',
  'client',
  'matter',
  'me',
  'paymentLink',
  'refundRequestGet',
  'statements',
  'subscription',
  'transaction',
  'transactionVoidDetails',
  'transactionsList',
  'voidRequestGet',
  'webhookEventsList',
  'webhookUrlsList',
];
const PROJECT_MUTATIONS = [
  'addAggregatePaymentLink',
  'addClient',
  'addMatter',
  'addPaymentLink',
  'addSubscription',
  'cancelSubscription',
  'recordManualPaymentOnPaymentLink',
  'removePaymentLink',
  'sandboxOnlyCreateMockStatement',
  'sandboxOnlyMoveTransactionToDeposited',
  'sandboxOnlyMoveTransactionToFundsInTransit',
  'sandboxOnlyTriggerAchReturn',
  'sandboxOnlyTriggerChargeback',
  'sandboxOnlyTriggerChargebackReversal',
  'sendPaymentRequest',
  'transactionRefund',
  'transactionVoid',
  'updateAggregatePaymentLink',
  'updateClient',
  'updateMatter',
  'updatePaymentLink',
  'updateSubscription',
  'webhookEventResend',
  'webhookUrlCreate',
  'webhookUrlUpdate',
];

// Built-in scalars and introspection types exist in every schema: nothing to compare.
const BUILT_IN = new Set(specifiedScalarTypes.map((scalar) => scalar.name));
const isBuiltIn = (name: string) => name.startsWith('__') || BUILT_IN.has(name);

function typeRef(ref: IntrospectionTypeRef): string {
  if (ref.kind === 'NON_NULL') return `${typeRef(ref.ofType)}!`;
  if (ref.kind === 'LIST') return `[${typeRef(ref.ofType)}]`;
  return ref.name;
}

function byName<T extends { name: string }>(
  items: readonly T[] | null | undefined,
): Map<string, T> {
  return new Map((items ?? []).map((item) => [item.name, item]));
}

/**
 * Each local item (field, argument or input field) against the real one of its name, at `where`:
 * none is a problem, a different type is one, and `more` tells what else differs.
 */
function compareByName<T extends { name: string; type: IntrospectionTypeRef }>(
  where: string,
  local: readonly T[],
  remote: readonly T[],
  more: (item: T, real: T, at: string) => string[],
): string[] {
  const problems: string[] = [];
  const remoteByName = byName(remote);
  for (const item of local) {
    const other = remoteByName.get(item.name);
    const at = `${where}.${item.name}`;
    if (!other) {
      problems.push(`${at}: not in the real schema`);
      continue;
    }
    if (typeRef(item.type) !== typeRef(other.type)) {
      problems.push(`${at}: type ${typeRef(item.type)}, real ${typeRef(other.type)}`);
    }
    problems.push(...more(item, other, at));
  }
  return problems;
}

/** Input values (arguments or input fields) must be the same set with the same types/defaults. */
function compareInputValues(
  where: string,
  local: readonly IntrospectionInputValue[],
  remote: readonly IntrospectionInputValue[],
): string[] {
  const problems = compareByName(where, local, remote, (value, other, at) =>
    (value.defaultValue ?? null) === (other.defaultValue ?? null)
      ? []
      : [`${at}: default ${value.defaultValue}, real ${other.defaultValue}`],
  );
  const localNames = new Set(local.map((value) => value.name));
  for (const value of remote) {
    if (!localNames.has(value.name)) problems.push(`${where}.${value.name}: missing`);
  }
  return problems;
}

function compareFields(
  typeName: string,
  local: readonly IntrospectionField[],
  remote: readonly IntrospectionField[],
): string[] {
  // Every argument of a declared field: a document valid against the real schema stays valid.
  return compareByName(typeName, local, remote, (field, other, at) =>
    compareInputValues(`${at}(args)`, field.args, other.args),
  );
}

function compareType(local: IntrospectionType, remote: IntrospectionType): string[] {
  if (local.kind !== remote.kind) return [`${local.name}: kind ${local.kind}, real ${remote.kind}`];
  switch (local.kind) {
    case 'OBJECT':
    case 'INTERFACE': {
      const other = remote as typeof local;
      const problems = compareFields(local.name, local.fields, other.fields);
      const remoteInterfaces = new Set(other.interfaces.map((i) => i.name));
      for (const iface of local.interfaces) {
        if (!remoteInterfaces.has(iface.name)) {
          problems.push(`${local.name}: implements ${iface.name}, the real type does not`);
        }
      }
      return problems;
    }
    case 'INPUT_OBJECT':
      return compareInputValues(
        local.name,
        local.inputFields,
        (remote as typeof local).inputFields,
      );
    case 'ENUM': {
      const localValues = local.enumValues.map((v) => v.name).sort();
      const remoteValues = (remote as typeof local).enumValues.map((v) => v.name).sort();
      return localValues.join() === remoteValues.join()
        ? []
        : [`${local.name}: values ${localValues.join('|')}, real ${remoteValues.join('|')}`];
    }
    case 'UNION': {
      const remoteMembers = new Set((remote as typeof local).possibleTypes.map((t) => t.name));
      return local.possibleTypes
        .filter((t) => !remoteMembers.has(t.name))
        .map((t) => `${local.name}: member ${t.name} not in the real union`);
    }
    default:
      return [];
  }
}

/**
 * Every type, field, argument, enum value and input field schema.graphql declares, checked against
 * the real schema's introspection. Returns one line per mismatch.
 */
export function compareWithIntrospection(sdl: string, remote: IntrospectionQuery): string[] {
  const local = introspectionFromSchema(buildSchema(sdl)).__schema;
  const real = remote.__schema;
  const problems: string[] = [];
  // A subset may leave out the mutation root, but a root it declares must be the real one.
  if (local.queryType.name !== real.queryType.name) problems.push('query root type differs');
  if (local.mutationType && local.mutationType.name !== real.mutationType?.name) {
    problems.push('mutation root type differs');
  }
  const realTypes = byName(real.types);
  for (const type of local.types) {
    if (isBuiltIn(type.name)) continue;
    const other = realTypes.get(type.name);
    if (!other) problems.push(`${type.name}: type not in the real schema`);
    else problems.push(...compareType(type, other));
  }
  return problems;
}

/** Descriptions are our own words: none may be a copy of the real schema's. */
function copiedDescriptions(sdl: string, remote: IntrospectionQuery): string[] {
  const described = (types: readonly IntrospectionType[]) =>
    types
      .filter((type) => !isBuiltIn(type.name))
      .flatMap((type) => [
        { name: type.name, description: type.description },
        ...(('fields' in type ? type.fields : null) ?? []).map((f) => ({
          name: `${type.name}.${f.name}`,
          description: f.description,
        })),
        ...(('inputFields' in type ? type.inputFields : null) ?? []).map((f) => ({
          name: `${type.name}.${f.name}`,
          description: f.description,
        })),
      ])
      .filter((entry) => entry.description);
  const realTexts = new Set(described(remote.__schema.types).map((e) => e.description?.trim()));
  const local = introspectionFromSchema(buildSchema(sdl)).__schema.types;
  return described(local)
    .filter((entry) => realTexts.has(entry.description?.trim()))
    .map((entry) => entry.name);
}

function remoteFromSdl(sdl: string): IntrospectionQuery {
  return introspectionFromSchema(buildSchema(sdl));
}

describe('schema.graphql', () => {
  it('builds, and declares exactly the operations the project uses', () => {
    const schema = loadRemoteSchema();
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {}).sort()).toEqual(PROJECT_QUERIES);
    expect(Object.keys(schema.getMutationType()?.getFields() ?? {}).sort()).toEqual(
      PROJECT_MUTATIONS,
    );
  });

  it.skipIf(!haveIntrospection)(
    'matches the real schema introspection (SKIPPED when ../shared/remote-api is absent)',
    () => {
      const parsed = JSON.parse(readFileSync(introspectionPath, 'utf8')) as {
        data: IntrospectionQuery;
      };
      expect(compareWithIntrospection(readRemoteSchemaSdl(), parsed.data)).toEqual([]);
      expect(copiedDescriptions(readRemoteSchemaSdl(), parsed.data)).toEqual([]);
    },
  );

  it('validates documents: accepts a valid one, rejects unknown fields and bad arguments', () => {
    expect(
      validateRemoteDocument(
        'query($id: String!) { a: transaction(id: $id) { id status_v2 amountProcessed } me { role } }',
      ),
    ).toEqual([]);
    expect(validateRemoteDocument('{ transaction(id: "1") { nope } }')[0]?.message).toMatch(
      /Cannot query field "nope"/,
    );
    expect(validateRemoteDocument('{ transaction { id } }')).toHaveLength(1);
    expect(validateRemoteDocument('{ unclosed')[0]?.message).toMatch(/Syntax Error/);
  });
});

describe('compareWithIntrospection', () => {
  const real = remoteFromSdl(`
    type Query { item(id: String!, flag: Boolean = false): Item! }
    type Item { id: ID! name: String tags: [String!]! kind: Kind! }
    enum Kind { A B C }
    input New { name: String! note: String }
    type Mutation { add(input: New!): Item! }
  `);

  it('finds no problem in a faithful subset', () => {
    const sdl = `
      type Query { item(id: String!, flag: Boolean = false): Item! }
      type Item { id: ID! kind: Kind! }
      enum Kind { A B C }
    `;
    expect(compareWithIntrospection(sdl, real)).toEqual([]);
  });

  it('reports each kind of mismatch', () => {
    const wrong = `
      type Query { item(id: String, extra: Int): Item! }
      type Item { id: ID name: String! tags: [String]! kind: Kind! colour: String }
      enum Kind { A B D }
      input New { name: String! }
      type Mutation { add(input: New!): Item! }
      type Ghost { id: ID! }
    `;
    expect(compareWithIntrospection(wrong, real).sort()).toEqual(
      [
        'Query.item(args).id: type String, real String!',
        'Query.item(args).extra: not in the real schema',
        'Query.item(args).flag: missing',
        'Item.id: type ID, real ID!',
        'Item.name: type String!, real String',
        'Item.tags: type [String]!, real [String!]!',
        'Item.colour: not in the real schema',
        'Kind: values A|B|D, real A|B|C',
        'New.note: missing',
        'Ghost: type not in the real schema',
      ].sort(),
    );
  });

  it('reports a wrong kind and a wrong default value', () => {
    const wrong = `
      type Query { item(id: String!, flag: Boolean = true): Item! }
      type Item { id: ID! }
      enum New { X }
    `;
    expect(compareWithIntrospection(wrong, real)).toEqual([
      'Query.item(args).flag: default true, real false',
      'New: kind ENUM, real INPUT_OBJECT',
    ]);
  });

  it('reports descriptions copied from the real schema', () => {
    const remote = remoteFromSdl('"Real words." type Query { "More real words." a: Int }');
    expect(copiedDescriptions('"Real words." type Query { "Ours." a: Int }', remote)).toEqual([
      'Query',
    ]);
    expect(copiedDescriptions('type Query { "More real words." a: Int }', remote)).toEqual([
      'Query.a',
    ]);
  });
});
