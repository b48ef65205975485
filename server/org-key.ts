/**
 * The key of something within an organization, for in-memory maps and sets: a remote record by
 * its id, an event by its eventId, a batch by its operation type. The organization's id is a
 * uuid and NUL is in neither part, so two different pairs never make the same key.
 */
export const orgKey = (orgId: string, part: string) => `${orgId}\u0000${part}`;
