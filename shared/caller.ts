// GET /api/me: who the caller is, as far as a page needs to know: its role (a widget shows an
// admin's actions only to an admin) and what it presented. Types only for the widgets.
import { z } from 'zod';
import { PERSON_SOURCES } from './people.js';
import { ROLES } from './records.js';

export const callerRecord = z.object({
  role: z.enum(ROLES),
  /** What was presented: an API key or a widget token. */
  kind: z.enum(['api-key', 'widget-token']),
  /** The person acting (a widget token's user, X-Acting-User, or the key's label), if known. */
  person: z.object({ id: z.string(), name: z.string(), via: z.enum(PERSON_SOURCES) }).nullable(),
});
export type CallerInfo = z.infer<typeof callerRecord>;
