import { createOwnerOnly } from '../security/data-dir.js';
import { backupCommand, moveCommand, restoreCommand } from './commands.js';

// The entry of `npm run backup`, `npm run restore` and `npm run db:move` (package.json names the
// command): everything they write is the owner's only, like DATA_DIR itself.

const commands = { backup: backupCommand, restore: restoreCommand, move: moveCommand };
const [name, ...argv] = process.argv.slice(2);
const command = commands[name as keyof typeof commands];
if (!command) {
  process.stderr.write('Usage: tsx server/backup/cli.ts backup|restore|move …\n');
  process.exit(2);
}
createOwnerOnly();
command(argv, process.env, { stdout: process.stdout, stderr: process.stderr }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
