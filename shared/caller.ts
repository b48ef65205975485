// GET /api/me: who the caller is, as far as a page needs to know: its role (a widget shows an
// admin's actions only to an admin) and what it presented. Types only for the widgets.
import { z } from 'zod';
import { ROLES } from './records.js';

export const callerRecord = z.object({
  role: z.enum(ROLES),
  /** What was presented: an API key or a widget token. */
  kind: z.enum(['api-key', 'widget-token']),
});
export type CallerInfo = z.infer<typeof callerRecord>;
