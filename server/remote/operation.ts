// The shape of a ready-to-send operation, and its makers the builders share (their input checks:
// variables.ts). The builders themselves: record-operations.ts, money-operations.ts and the table
// in operations.ts.

import type { z } from 'zod';
import type { OperationName } from './documents.js';
import { documents } from './documents.js';
import { required } from './variables.js';
import { decodeWith } from './wire.js';

type Variables = Readonly<Record<string, unknown>>;

/** A remote operation ready to run: alone, or as one alias of a batched request. */
export interface RemoteOperation<T> {
  readonly operationName: OperationName;
  /** A document with one operation selecting exactly one root field. */
  readonly document: string;
  readonly variables: Variables;
  /** Turns the root field's value into our type; throws RemoteError `invalid_response`. */
  readonly decode: (value: unknown) => T;
  /**
   * The look-ups by externalId answer "not found" with a GraphQL error (their root fields are
   * non-null): for them such an error means `null`, not a failure.
   */
  readonly nullIfNotFound?: boolean;
}

export function operation<T>(
  operationName: OperationName,
  variables: Variables,
  schema: z.ZodType<T>,
): RemoteOperation<T> {
  return {
    operationName,
    document: documents[operationName],
    variables,
    decode: (value) => decodeWith(schema, value, operationName),
  };
}

/** An operation whose "not found" answer is `null` (see `nullIfNotFound`). */
export function orNull<T>(op: RemoteOperation<T>): RemoteOperation<T | null> {
  return { ...op, nullIfNotFound: true };
}

/** A look-up by our externalId: `null` when the remote has none. */
export function lookup<T>(
  operationName: OperationName,
  externalId: string,
  schema: z.ZodType<T>,
): RemoteOperation<T | null> {
  return orNull(
    operation(operationName, { externalId: required(externalId, 'externalId') }, schema),
  );
}
