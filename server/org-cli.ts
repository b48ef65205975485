import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import {
  createOrganizationWithAdmin,
  listOrganizations,
  setOrganizationActive,
} from './domain/operator.js';
import { StartupError } from './errors.js';

// `npm run org -- create "Firm name"` (prints the first admin key once), `list`,
// `deactivate <id>`, `activate <id>`: the operator API's work from a shell, on the database the
// environment names (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first, it
// holds that folder).

const usage = `Usage: npm run org -- create "Firm name" | list | deactivate <id> | activate <id>`;

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (!command || !['create', 'list', 'deactivate', 'activate'].includes(command)) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  if (command !== 'list' && !arg?.trim()) {
    process.stderr.write(
      `${command} needs ${command === 'create' ? 'a name' : 'an id'}\n${usage}\n`,
    );
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const db = database.db;
    if (command === 'create') {
      const { organization, adminKey } = await createOrganizationWithAdmin(db, arg!.trim());
      process.stdout.write(
        `Organization "${organization.name}": ${organization.id}\n` +
          `Its first admin API key (shown once, store it now):\n  ${adminKey}\n`,
      );
    } else if (command === 'list') {
      for (const o of await listOrganizations(db)) {
        process.stdout.write(
          `${o.id}  ${o.active ? 'active     ' : 'deactivated'}  ${o.name}${o.isDefault ? ' (default)' : ''}\n`,
        );
      }
    } else {
      const id = arg!.trim();
      if (!/^[0-9a-f-]{36}$/i.test(id)) {
        process.stderr.write(`Not an organization id: ${id}\n`);
        return 2;
      }
      const o = await setOrganizationActive(db, id, command === 'activate');
      process.stdout.write(`${o.id}  ${o.active ? 'active' : 'deactivated'}  ${o.name}\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `${err instanceof StartupError || (err as { status?: number })?.status ? (err as Error).message : String((err as Error)?.stack ?? err)}\n`,
    );
    process.exit(1);
  },
);
