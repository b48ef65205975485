// The one way a sync reaches the remote record of a local one, for all four record kinds.

/**
 * Updates the remote record by the local row's serviceId; without one, creates it, unless a
 * previous attempt may already have (the process may have died between the remote create and our
 * write of its id): then the record made for our id (its externalId) is looked up first and
 * adopted, so a crash never makes a second remote record. Answers the remote record, and whether
 * this call created it.
 */
export async function adoptOrCreate<Remote extends { id: string }>(
  attempt: { row: { serviceId: string | null }; previous: number },
  remote: {
    update(remoteId: string): Promise<Remote>;
    /** The remote record an earlier attempt made for this row, if any. */
    findCreated(): Promise<Remote | null | undefined>;
    create(): Promise<Remote>;
    /** Whether an adopted record already holds what the update would send (none is sent). */
    isCurrent?(adopted: Remote): boolean;
  },
): Promise<{ remote: Remote; created: boolean }> {
  const { row, previous } = attempt;
  if (row.serviceId) return { remote: await remote.update(row.serviceId), created: false };
  const adopted = previous > 0 ? await remote.findCreated() : null;
  if (adopted) {
    const current = remote.isCurrent?.(adopted) ?? false;
    return { remote: current ? adopted : await remote.update(adopted.id), created: false };
  }
  return { remote: await remote.create(), created: true };
}
