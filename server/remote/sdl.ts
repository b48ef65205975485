// Loads server/remote/schema.graphql: the subset of the remote service's schema this project uses.
// The remote client validates its documents against it in tests, and the simulator executes it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
} from 'graphql';

/** Absolute path of schema.graphql (it sits next to this file). */
const REMOTE_SCHEMA_PATH = fileURLToPath(new URL('./schema.graphql', import.meta.url));

let sdl: string | undefined;
let schema: GraphQLSchema | undefined;

/** The SDL text of schema.graphql (read once). */
export function readRemoteSchemaSdl(): string {
  sdl ??= readFileSync(REMOTE_SCHEMA_PATH, 'utf8');
  return sdl;
}

/**
 * The remote schema, built once and shared. Treat it as read-only: code that attaches resolvers
 * (the simulator) builds its own copy from readRemoteSchemaSdl().
 */
export function loadRemoteSchema(): GraphQLSchema {
  schema ??= buildSchema(readRemoteSchemaSdl());
  return schema;
}

/** Parse and validation errors of a document against the remote schema; empty when valid. */
export function validateRemoteDocument(document: string | DocumentNode): readonly GraphQLError[] {
  let ast: DocumentNode;
  try {
    ast = typeof document === 'string' ? parse(document) : document;
  } catch (error) {
    return [error as GraphQLError];
  }
  return validate(loadRemoteSchema(), ast);
}
