// Executes GraphQL against schema.graphql with graphql-js, so a document the real service would
// reject is rejected here the same way: HTTP 200 with an `errors` array.
import {
  buildSchema,
  execute,
  GraphQLError,
  isObjectType,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import type { Logger } from 'pino';
import { z } from 'zod';
import { readRemoteSchemaSdl } from '../server/remote/sdl.js';
import { SimulatorError } from './errors.js';
import type { IdSource } from './ids.js';
import type { LedgerEnv } from './ledger.js';
import type { FirmState } from './state.js';

interface SimContext {
  firm: FirmState;
  ids: IdSource;
  ledger: LedgerEnv;
  /** Where this endpoint is served; payment link URLs are `<baseUrl>/pay/<id>`. */
  baseUrl: string;
}

export type Resolver<TSource = unknown, TArgs = Record<string, never>> = (
  source: TSource,
  args: TArgs,
  context: SimContext,
) => unknown;

export type ResolverMap = Record<string, Record<string, Resolver<never, never>>>;

/** A fresh schema from schema.graphql with our resolvers attached; unknown names are a bug. */
export function buildExecutableSchema(resolvers: ResolverMap): GraphQLSchema {
  const schema = buildSchema(readRemoteSchemaSdl());
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`Resolver for unknown object type ${typeName}`);
    const declared = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = declared[fieldName];
      if (!field) throw new Error(`Resolver for unknown field ${typeName}.${fieldName}`);
      field.resolve = (source, args, context) => resolve(source as never, args as never, context);
    }
  }
  return schema;
}

const RequestBody = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

interface GraphqlResponse {
  status: 200 | 400;
  body: { data?: unknown; errors?: GraphQLFormattedError[] };
}

function requestError(message: string, code: string): GraphqlResponse {
  return { status: 400, body: { errors: [{ message, extensions: { code } }] } };
}

function formatError(error: GraphQLError, logger?: Logger): GraphQLFormattedError {
  const original = error.originalError;
  if (original instanceof SimulatorError) {
    return { ...error.toJSON(), extensions: { code: original.code } };
  }
  if (original && !(original instanceof GraphQLError)) {
    logger?.error({ err: original }, 'simulator resolver failed');
    const { locations, path } = error.toJSON();
    return {
      message: 'Internal server error',
      locations,
      path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  }
  return error.toJSON();
}

const withCode = (errors: readonly GraphQLError[], code: string): GraphQLFormattedError[] =>
  errors.map((e) => ({ ...e.toJSON(), extensions: { ...e.extensions, code } }));

/** One GraphQL HTTP request: body → response (status and JSON). */
export async function runGraphql(
  schema: GraphQLSchema,
  rawBody: unknown,
  context: SimContext,
  logger?: Logger,
): Promise<GraphqlResponse> {
  const parsed = RequestBody.safeParse(rawBody);
  if (!parsed.success) {
    return requestError('The body must be JSON {query, variables?, operationName?}', 'BAD_REQUEST');
  }
  const { query, variables, operationName } = parsed.data;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return {
      status: 200,
      body: { errors: withCode([error as GraphQLError], 'GRAPHQL_PARSE_FAILED') },
    };
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) {
    return { status: 200, body: { errors: withCode(invalid, 'GRAPHQL_VALIDATION_FAILED') } };
  }
  const result = await execute({
    schema,
    document,
    variableValues: variables ?? undefined,
    operationName: operationName ?? undefined,
    contextValue: context,
  });
  const body: GraphqlResponse['body'] = {};
  if (result.errors) body.errors = result.errors.map((e) => formatError(e, logger));
  if ('data' in result) body.data = result.data;
  return { status: 200, body };
}
