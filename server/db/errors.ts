/** A PostgreSQL error as both drivers report it (drizzle wraps it; field names differ). */
interface PgError {
  code: string | undefined;
  constraint: string | undefined;
}

export function pgErrorOf(err: unknown): PgError | null {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  if (!cause || typeof cause !== 'object' || !('code' in cause)) return null;
  const fields = cause as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
  return {
    code: typeof fields.code === 'string' ? fields.code : undefined,
    constraint: String(fields.constraint_name ?? fields.constraint ?? '') || undefined,
  };
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';
const DISK_FULL = '53100';

/**
 * Why a write lost a race with a concurrent one, in words for the person who sent it, or null.
 * The writes lock what their checks read (domain/payment-link-locks.ts), so these are the rare
 * leftovers of PostgreSQL running two requests at once; sending the request again decides it.
 */
export function raceMessage(err: unknown): string | null {
  switch (pgErrorOf(err)?.code) {
    case FOREIGN_KEY_VIOLATION:
      return 'A record this change refers to was deleted, or gained a reference, by a request that ran at the same time: reload and try again';
    case UNIQUE_VIOLATION:
      return 'A request that ran at the same time changed the same record: reload and try again';
    case SERIALIZATION_FAILURE:
    case DEADLOCK_DETECTED:
      return 'This change collided with one that ran at the same time: try again';
    default:
      return null;
  }
}

/**
 * Whether the database could not write for want of space: PostgreSQL's disk_full (53100), or
 * the embedded database's file system reporting ENOSPC.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause) {
    depth++;
    const fields = e as { code?: unknown; errno?: unknown; message?: unknown };
    if (fields.code === DISK_FULL || fields.code === 'ENOSPC') return true;
    if (typeof fields.message === 'string' && /no space left on device/i.test(fields.message)) {
      return true;
    }
  }
  return false;
}

/**
 * Whether the database refused the data itself (class 22: text it cannot store, a value out of
 * range; 54: nesting too deep), not the connection or the server: sending it again cannot help.
 */
export function isDataRefusal(err: unknown): boolean {
  const code = pgErrorOf(err)?.code;
  return code !== undefined && (code.startsWith('22') || code.startsWith('54'));
}
