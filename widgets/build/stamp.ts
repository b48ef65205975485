// The built kit's stamp: a hash of everything its build reads, written into dist/ once
// `npm run build:widgets` is done. `npm start`'s prestart builds only when it differs (a second
// start skips the 15 s build); `npm run build` always builds.
//
//   tsx widgets/build/stamp.ts write    after a build
//   tsx widgets/build/stamp.ts check    exit 0 when dist/widgets is up to date, 1 when not
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Outside dist/widgets, which the server serves and vite empties. */
export const STAMP_FILE = path.join(ROOT, 'dist', 'widgets.stamp');

/** What the build reads: the kit's and shared/ sources (no tests), its config, the dependencies. */
const INPUTS = ['widgets', 'shared', 'vite.config.ts', 'package.json', 'package-lock.json'];

function files(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => !f.endsWith('.test.ts') && statSync(path.join(full, f)).isFile())
    .map((f) => path.join(relative, f))
    .sort();
}

/** The hash of every input file's path and bytes. */
export function sourcesHash(root = ROOT): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => files(root, input))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** Whether dist/widgets was built from the sources as they are now. */
export function upToDate(): boolean {
  if (!existsSync(path.join(ROOT, 'dist/widgets/service-widgets.js'))) return false;
  if (!existsSync(path.join(ROOT, 'dist/widgets/custom-elements.json'))) return false;
  return existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8').trim() === sourcesHash();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const command = process.argv[2];
  if (command === 'write') {
    writeFileSync(STAMP_FILE, `${sourcesHash()}\n`);
  } else if (command === 'check') {
    const fresh = upToDate();
    process.stdout.write(
      fresh ? 'widgets: dist/widgets is up to date\n' : 'widgets: sources changed, building\n',
    );
    process.exitCode = fresh ? 0 : 1;
  } else {
    process.stderr.write('usage: tsx widgets/build/stamp.ts write|check\n');
    process.exitCode = 2;
  }
}
