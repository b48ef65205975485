// What every sandbox route module shares: its environment (the firm the x-api-key named), the
// body reader, and a transaction as JSON.
import type { Context } from 'hono';
import type { z } from 'zod';
import { SimulatorError } from './errors.js';
import type { FirmState, TransactionRecord } from './state.js';

export type SandboxEnv = { Variables: { firm: FirmState } };

/** The JSON of a transaction: the GraphQL field names (status_v2), without internals. */
export function transactionJson(t: TransactionRecord) {
  const { seq: _seq, status, ...fields } = t;
  return { ...fields, status_v2: status };
}

export async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new SimulatorError('BAD_USER_INPUT', 'The body is not valid JSON');
    }
  }
  return schema.parse(json);
}
