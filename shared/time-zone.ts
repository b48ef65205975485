// Time zones by IANA name (`America/New_York`): the firm's (`timeZone` in the settings) decides
// which day and month its money belongs to (server/book/ledger/firm-time.ts).

/** The zone of this runtime (the server's: what a firm that never set one lives in). */
export const runtimeTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The canonical name of a zone this runtime knows (`america/new_york` → `America/New_York`), or null. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
