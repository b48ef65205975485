import { z } from 'zod';
import { errorBody, recordId } from '../../shared/schemas.js';

// Small builders for route definitions, so every route documents bodies and errors alike.

const jsonContent = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  ...jsonContent(schema),
  required: true,
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  ...jsonContent(schema),
  description,
});

export const idParams = z.object({ id: recordId });

const problem = (description: string) => jsonResponse(errorBody, description);

export const errorResponses = {
  400: problem('Invalid input; nothing was written'),
  401: problem('Missing or invalid API key'),
  403: problem('The key lacks the role this needs'),
  404: problem('No such record in this organization'),
} as const;

export const writeErrorResponses = {
  ...errorResponses,
  409: problem('The change conflicts with other records'),
  422: problem('The Idempotency-Key was sent before with another request'),
} as const;
