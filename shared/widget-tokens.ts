// Widget tokens: short-lived, signed bearer tokens a host backend obtains with its API key and
// hands to the widgets on a page (POST /api/widget-tokens). The server validates with these
// schemas; the widgets import the types only.
import { z } from 'zod';
import { personInput, personRecord } from './people.js';
import { ROLES } from './records.js';

/** A token lives at most an hour: long enough for a page, short enough to be harmless once leaked. */
export const MAX_WIDGET_TOKEN_TTL_SECONDS = 3600;
const DEFAULT_WIDGET_TOKEN_TTL_SECONDS = 900;

/** `https://portal.example.com` or `http://127.0.0.1:8080`: a scheme and a host, nothing else. */
const webOrigin = z
  .string({ error: 'must be an origin such as https://portal.example.com' })
  .trim()
  .max(300, { error: 'must be at most 300 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
      } catch {
        return false;
      }
    },
    { error: 'must be an origin (scheme and host, no path) such as https://portal.example.com' },
  )
  .transform((value) => new URL(value).origin);

export const widgetTokenCreate = z.strictObject({
  /** At most the role of the key that asks; defaults to it. */
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).optional(),
  ttlSeconds: z
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(60, { error: 'must be at least 60' })
    .max(MAX_WIDGET_TOKEN_TTL_SECONDS, { error: `must be at most ${MAX_WIDGET_TOKEN_TTL_SECONDS}` })
    .default(DEFAULT_WIDGET_TOKEN_TTL_SECONDS),
  /** Pages allowed to use the token: requests from any other `Origin` are refused. */
  origins: z
    .array(webOrigin, { error: 'must be a list of origins' })
    .min(1, { error: 'must name at least one origin, or be left out' })
    .max(20, { error: 'must name at most 20 origins' })
    .optional(),
  /**
   * The host's user the page is for (its id and display name, from the host's backend): the
   * money actions made with the token record this person (docs/api.md#people-and-approvals).
   */
  user: personInput.optional(),
});
export type WidgetTokenCreate = z.input<typeof widgetTokenCreate>;

export const widgetTokenRecord = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  expiresAt: z.iso.datetime(),
  origins: z.array(z.string()).nullable(),
  user: personRecord,
});
export type WidgetToken = z.infer<typeof widgetTokenRecord>;
