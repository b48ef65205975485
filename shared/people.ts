// Named people (docs/api.md#people-and-approvals): who did a money action, as the host's backend
// names them (a widget token's user, the X-Acting-User header) or, failing that, the API key's
// label. Shared by the server's schemas and the widgets' types.
import { z } from 'zod';

const personText = (what: string) =>
  z
    .string({ error: `must be the person's ${what}` })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(255, { error: 'must be at most 255 characters' });

/** A person as a host's backend names them: its own user id and display name. */
export const personInput = z.strictObject({ id: personText('id'), name: personText('name') });
export type Person = z.infer<typeof personInput>;

/** A person as records show them (`by`): null where nobody is named (the sync, older records). */
export const personRecord = z.object({ id: z.string(), name: z.string() }).nullable();

/** The person of a record's two columns (`*_by_id`, `*_by_name`), or null when none is named. */
export const storedPerson = (id: string | null, name: string | null): Person | null =>
  id === null ? null : { id, name: name ?? '' };

/**
 * How the acting person of a call was identified: the user a widget token carries, the
 * X-Acting-User header of an admin key's call, or the API key's own label (its name).
 */
export const PERSON_SOURCES = ['widget-token-user', 'acting-user-header', 'key-label'] as const;
export type PersonSource = (typeof PERSON_SOURCES)[number];

export interface ActingPerson extends Person {
  via: PersonSource;
}

/** The header an admin key's call names its person with: `X-Acting-User: id; name`. */
export const ACTING_USER_HEADER = 'x-acting-user';
