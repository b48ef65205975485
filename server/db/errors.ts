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

/**
 * Whether the database refused the data itself (class 22: text it cannot store, a value out of
 * range; 54: nesting too deep), not the connection or the server: sending it again cannot help.
 */
export function isDataRefusal(err: unknown): boolean {
  const code = pgErrorOf(err)?.code;
  return code !== undefined && (code.startsWith('22') || code.startsWith('54'));
}
