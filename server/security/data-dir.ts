import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// DATA_DIR holds the embedded database, the secrets key and the simulator's state: readable by
// the user the server runs as, and no one else.

/**
 * From here on, everything this process creates is owner-only (folders 0700, files 0600):
 * PGlite writes its files with the process's umask, so this is the one place that covers them.
 */
export function createOwnerOnly(): void {
  process.umask(0o077);
}

/** Creates DATA_DIR owner-only (a folder that exists is left as its owner set it). */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * Makes a folder tree owner-only: folders 0700, files 0600. PGlite's file system layer sets its
 * own modes (0755 / 0644) whatever the umask, so the embedded database's folder is tightened
 * after it opens; a folder of 0700 keeps anything it creates later out of others' reach too.
 */
export function restrictTree(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictTree(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}

export const FIRST_KEY_FILE = 'first-admin-key.txt';

/**
 * Where the generated first admin key goes: to a person at an interactive terminal, or else
 * (output redirected to a log, a pipe, a service manager) into an owner-only file in DATA_DIR,
 * never into the log. Answers the text to print.
 */
export function deliverFirstAdminKey(
  key: string,
  options: { dataDir: string; interactive: boolean },
): string {
  if (options.interactive) {
    return `First start: the admin API key of the default organization (shown once, store it now):\n  ${key}\n\n`;
  }
  ensureDataDir(options.dataDir);
  const file = path.resolve(options.dataDir, FIRST_KEY_FILE);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return `First start: the admin API key of the default organization is in ${file} (readable by this user only): store it, then delete the file.\n\n`;
}
