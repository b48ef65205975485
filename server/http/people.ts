import type { Context } from 'hono';
import { ACTING_USER_HEADER, type ActingPerson, type Person } from '../../shared/people.js';
import { AppError, invalidInput } from '../errors.js';
import { actorOf, type AppEnv, type Caller } from './context.js';

// The person acting in a call (docs/api.md#people-and-approvals). Authentication sets it on the
// caller: the user a widget token carries, or the API key's label; an admin key's call from the
// host's backend may name its person with `X-Acting-User: id; name`. Money actions record it.

const MAX = 255;
const HEADER_FIELD = 'X-Acting-User';

/** The acting person of a call, or null where none is known (a server-issued token, the operator). */
export const personOf = (caller: Caller): ActingPerson | null => caller.person;

/** The person as records store it: id and name. */
export const recordedPerson = (caller: Caller): Person | null =>
  caller.person ? { id: caller.person.id, name: caller.person.name } : null;

/** Who asks for a ledger posting: the organization, the key's actor, the person. */
export const askerOf = (caller: Caller) => ({
  orgId: caller.orgId,
  createdBy: actorOf(caller),
  by: recordedPerson(caller),
});

const refuse = (problem: string) =>
  invalidInput(`The ${HEADER_FIELD} header is not valid: ${problem}`, {
    [HEADER_FIELD]: [problem],
  });

/** One part of the header: percent-decoded (UTF-8), trimmed, printable, 1 to 255 characters. */
function part(raw: string, what: 'id' | 'name'): string {
  let text: string;
  try {
    text = decodeURIComponent(raw).trim();
  } catch {
    throw refuse(`the ${what} is not valid percent-encoding (write % as %25)`);
  }
  if (text.length === 0) throw refuse(`the ${what} is empty (send "id; name")`);
  if (text.length > MAX) throw refuse(`the ${what} is longer than ${MAX} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) throw refuse(`the ${what} holds a control character`);
  return text;
}

/** `id; name` (each part may be percent-encoded UTF-8): the person, or a 400 naming the fault. */
export function parseActingUser(header: string): Person {
  const at = header.indexOf(';');
  if (at < 0) throw refuse('send "id; name", the id and the display name split by a semicolon');
  return { id: part(header.slice(0, at), 'id'), name: part(header.slice(at + 1), 'name') };
}

/**
 * Honours `X-Acting-User` on an admin API key's call (the host's backend naming its user); a
 * widget token or any other key sending it is refused (403): a page cannot name someone else.
 */
export function applyActingUser(c: Context<AppEnv>, caller: Caller): Caller {
  const header = c.req.header(ACTING_USER_HEADER);
  if (header === undefined) return caller;
  if (caller.kind !== 'api-key' || caller.role !== 'admin') {
    throw new AppError(
      'forbidden',
      `The ${HEADER_FIELD} header is honoured only on calls made with an admin API key (from the host's backend)`,
    );
  }
  return { ...caller, person: { ...parseActingUser(header), via: 'acting-user-header' } };
}
