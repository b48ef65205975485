import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, invalidInput, type FieldErrors } from '../errors.js';

/** zod issues as `{ "field.path": ["message"] }`; issues about the whole body go under `_`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field(s): ${issue.keys.join(', ')}`
        : issue.message;
    (fields[key] ??= []).push(message);
  }
  return fields;
}

type ValidationResult =
  | { success: true; data: unknown; target: string }
  | { success: false; error: z.ZodError; target: string };

/**
 * The one hook every route's validation goes through. A malformed path id cannot name an
 * existing record, so it answers 404 like any unknown id; everything else is a 400 with
 * field-level messages.
 */
export function validationHook(result: ValidationResult, _c: Context): void {
  if (result.success) return;
  if (result.target === 'param') throw new AppError('not_found', 'Record not found');
  const where = result.target === 'query' ? 'The query parameters are' : 'The request body is';
  throw invalidInput(`${where} not valid`, fieldErrors(result.error));
}
