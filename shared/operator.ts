// The operator API's records and inputs (/api/operator/organizations): organizations as someone
// running the server for several firms sees them.
import { z } from 'zod';

export const organizationRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The organization of the spec's single-org webhook path. */
  isDefault: z.boolean(),
  /** False once an operator deactivated it: its keys, widget tokens and webhooks answer 401. */
  active: z.boolean(),
  deactivatedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type OrganizationRecord = z.infer<typeof organizationRecord>;

export const organizationCreate = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(255, { error: 'must be at most 255 characters' }),
});

export const organizationUpdate = z.strictObject({
  /** false deactivates the organization; true activates it again. */
  active: z.boolean({ error: 'must be true or false' }),
});
