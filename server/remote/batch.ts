// Packs several single-field operations into one GraphQL document (one request against the
// remote's 500/min budget) and splits the answer back per operation:
//
//   mutation Batch_AddClient_x2($a0_input: AddClientInput!, $a1_input: AddClientInput!) {
//     a0: addClient(input: $a0_input) { ...ClientFields }
//     a1: addClient(input: $a1_input) { ...ClientFields }
//   }
//
// Variables are renamed per alias, fragments are merged (each defined once), and mutations keep
// their order (GraphQL executes mutation fields serially, in document order).

import {
  Kind,
  parse,
  print,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type OperationTypeNode,
  type VariableDefinitionNode,
} from 'graphql';
import type { RemoteGraphQLError } from './errors.js';
import type { GraphQLEnvelope, GraphQLRequest } from './transport.js';

interface BatchItem {
  readonly document: string;
  readonly variables: Readonly<Record<string, unknown>>;
}

interface BatchDocument {
  readonly request: GraphQLRequest;
  /** Response key of item i; GraphQL errors of item i carry it as `path[0]`. */
  readonly aliases: readonly string[];
  readonly operation: 'query' | 'mutation';
}

interface ParsedItem {
  /** Which document it is (the order it was first parsed in): part of a batch's cache key. */
  readonly id: number;
  readonly operation: OperationDefinitionNode;
  readonly kind: 'query' | 'mutation';
  readonly field: FieldNode;
  readonly variableNames: ReadonlySet<string>;
  readonly fragments: readonly { readonly node: FragmentDefinitionNode; readonly text: string }[];
}

// Documents come from a fixed set (documents.ts): parsing each once is enough.
const parsedCache = new Map<string, ParsedItem>();

/** Parses a document that holds one query or mutation selecting exactly one root field. */
function parseSingleField(document: string): ParsedItem {
  const cached = parsedCache.get(document);
  if (cached) return cached;
  const ast: DocumentNode = parse(document);
  const operations = ast.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operations[0];
  if (operations.length !== 1 || !operation)
    throw new Error('A batch item must hold exactly one operation');
  if (operation.operation !== 'query' && operation.operation !== 'mutation') {
    throw new Error(`Cannot batch a ${operation.operation}`);
  }
  const selections = operation.selectionSet.selections;
  const field = selections[0];
  if (selections.length !== 1 || !field || field.kind !== Kind.FIELD) {
    throw new Error('A batch item must select exactly one root field');
  }
  const fragments = ast.definitions.filter(
    (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
  );
  for (const fragment of fragments) {
    let usesVariable = false;
    visit(fragment, { Variable: () => void (usesVariable = true) });
    // Variables are renamed per alias; a fragment shared by several aliases cannot follow.
    if (usesVariable)
      throw new Error(`Fragment ${fragment.name.value} uses variables: cannot batch`);
  }
  const parsed: ParsedItem = {
    id: parsedCache.size,
    operation,
    kind: operation.operation,
    field,
    variableNames: new Set((operation.variableDefinitions ?? []).map((d) => d.variable.name.value)),
    fragments: fragments.map((node) => ({ node, text: print(node) })),
  };
  parsedCache.set(document, parsed);
  return parsed;
}

/** The key a single (unbatched) document's answer arrives under: the field's alias or name. */
export function responseKeyOf(document: string): string {
  const { field } = parseSingleField(document);
  return field.alias?.value ?? field.name.value;
}

export function operationTypeOf(document: string): 'query' | 'mutation' {
  return parseSingleField(document).kind;
}

// A batch's text depends on its documents, in order, and its name, never on the variables'
// values: a drain sends the same few shapes again and again, so each is printed once (printing
// 50 aliased fields was the longest stretch a webhook drain held the event loop).
const printedCache = new Map<string, string>();
const PRINTED_CACHE_SIZE = 500;

export function buildBatchDocument(
  items: readonly BatchItem[],
  options: { readonly operationName?: string } = {},
): BatchDocument {
  if (items.length === 0) throw new Error('Cannot build an empty batch');
  const parsedItems = items.map((item) => parseSingleField(item.document));
  const kind = parsedItems[0]?.kind ?? 'query';
  if (parsedItems.some((p) => p.kind !== kind)) {
    throw new Error('Queries and mutations cannot share one request');
  }

  const variables: Record<string, unknown> = {};
  const aliases = parsedItems.map((parsed, index) => {
    const alias = `a${index}`;
    for (const [name, value] of Object.entries(items[index]?.variables ?? {})) {
      if (!parsed.variableNames.has(name))
        throw new Error(`Variable $${name} is not declared by the operation`);
      if (value !== undefined) variables[`${alias}_${name}`] = value;
    }
    return alias;
  });

  const operationName = options.operationName ?? defaultName(parsedItems);
  const key = `${operationName}\u0000${parsedItems.map((p) => p.id).join(',')}`;
  let query = printedCache.get(key);
  if (query === undefined) {
    query = printBatch(parsedItems, kind, operationName);
    if (printedCache.size >= PRINTED_CACHE_SIZE) printedCache.clear();
    printedCache.set(key, query);
  }
  return { request: { query, variables, operationName }, aliases, operation: kind };
}

/** The batch's text: item i's field under alias `a{i}`, its variables `$a{i}_name`. */
function printBatch(
  parsedItems: readonly ParsedItem[],
  kind: 'query' | 'mutation',
  operationName: string,
): string {
  const variableDefinitions: VariableDefinitionNode[] = [];
  const selections: FieldNode[] = [];
  const fragments = new Map<string, { node: FragmentDefinitionNode; text: string }>();

  parsedItems.forEach((parsed, index) => {
    const alias = `a${index}`;
    const rename = (name: string): string => `${alias}_${name}`;
    for (const definition of parsed.operation.variableDefinitions ?? []) {
      variableDefinitions.push({
        ...definition,
        variable: {
          ...definition.variable,
          name: { ...definition.variable.name, value: rename(definition.variable.name.value) },
        },
      });
    }

    const field = visit(parsed.field, {
      Variable: (node) => ({ ...node, name: { ...node.name, value: rename(node.name.value) } }),
    });
    selections.push({ ...field, alias: { kind: Kind.NAME, value: alias } });

    for (const fragment of parsed.fragments) {
      const name = fragment.node.name.value;
      const seen = fragments.get(name);
      if (seen && seen.text !== fragment.text)
        throw new Error(`Two different fragments named ${name}`);
      if (!seen) fragments.set(name, fragment);
    }
  });

  const operation: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: kind as OperationTypeNode,
    name: { kind: Kind.NAME, value: operationName },
    variableDefinitions,
    directives: [],
    selectionSet: { kind: Kind.SELECTION_SET, selections },
  };
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [operation, ...[...fragments.values()].map((f) => f.node)],
  };
  return print(document);
}

/** e.g. Batch_AddClient_x25; a mix shows only the count. Visible in the remote's logs and ours. */
function defaultName(items: readonly ParsedItem[]): string {
  const names = new Set(items.map((p) => p.operation.name?.value ?? p.field.name.value));
  const [only] = names;
  return names.size === 1 && only ? `Batch_${only}_x${items.length}` : `Batch_x${items.length}`;
}

/** What one response key of a (batched or single) answer says about its operation. */
type FieldOutcome =
  | { readonly state: 'value'; readonly value: unknown }
  | { readonly state: 'error'; readonly errors: readonly RemoteGraphQLError[] }
  /**
   * No value and no error of its own: another field's error was propagated up to `data`
   * (every root field we use is non-null). A query can simply be asked again; a mutation may
   * have been applied (the ones before the failing one were) or not (the ones after it).
   */
  | { readonly state: 'lost' };

/** Splits an answer by response key; `keys` are all the keys the request asked for. */
export function splitResponse(envelope: GraphQLEnvelope, keys: readonly string[]): FieldOutcome[] {
  const known = new Set(keys);
  const own = new Map<string, RemoteGraphQLError[]>();
  const unattributed: RemoteGraphQLError[] = [];
  for (const error of envelope.errors) {
    const head = error.path?.[0];
    if (typeof head === 'string' && known.has(head)) {
      own.set(head, [...(own.get(head) ?? []), error]);
    } else {
      unattributed.push(error);
    }
  }
  return keys.map((key): FieldOutcome => {
    const errors = own.get(key);
    if (errors) return { state: 'error', errors };
    const value = envelope.data?.[key];
    // A null root field without its own error is a value only when nothing failed at all.
    if (value !== undefined && (value !== null || envelope.errors.length === 0)) {
      return { state: 'value', value };
    }
    // Errors that name no operation (validation, auth, complexity) are the whole request's.
    if (unattributed.length > 0) return { state: 'error', errors: unattributed };
    return { state: 'lost' };
  });
}
