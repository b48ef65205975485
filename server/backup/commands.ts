import { createWriteStream, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { lockDataDir } from '../db/data-dir-lock.js';
import { StartupError } from '../errors.js';
import { uncompressed } from './backup-file.js';
import { startExport } from './export-process.js';
import { DATA_FILES, writeThroughPartial } from './files.js';
import { readBackup } from './backup-reader.js';
import { BackupFileError, type BackupHeader } from './format.js';
import { moveToPostgres, MoveRefused } from './move.js';
import { formatCount, Progress, type ProgressOutput } from './progress.js';
import { restoreBackup, RestoreRefused } from './restore.js';

// The three commands: `npm run backup -- --out FILE`, `npm run restore -- FILE`,
// `npm run db:move -- --to postgres://…`. Each answers its exit status: 0 done, 1 refused or
// failed (with the reason), 2 wrong use (or, for backup, a database it does not back up).

export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: ProgressOutput;
}

type Env = Record<string, string | undefined>;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `--name value` and bare arguments. */
function parseArgs(argv: string[], flags: string[], values: string[]) {
  const named: Record<string, string | true> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s) : [];
    if (name && flags.includes(name)) named[name] = true;
    else if (name && values.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      named[name] = value;
    } else if (name) throw new UsageError(`Unknown option --${name}`);
    else rest.push(arg);
  }
  return { named, rest };
}

class UsageError extends Error {}

/** A command that will not run or did not finish, and why (the message is for the operator). */
class CommandRefused extends Error {}

const dataDirOf = (env: Env) => env.DATA_DIR || './.data';

/** Runs a command body, turning its refusals into a message and status 1. */
async function guarded(io: CommandIo, usage: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n${usage}\n`);
      return 2;
    }
    const known =
      error instanceof CommandRefused ||
      error instanceof RestoreRefused ||
      error instanceof MoveRefused ||
      error instanceof BackupFileError ||
      error instanceof StartupError;
    io.stderr.write(
      `${known ? (error as Error).message : `Failed: ${(error as Error)?.message ?? String(error)}`}\n`,
    );
    return 1;
  }
}

// --- npm run backup ----------------------------------------------------------------------------

const BACKUP_USAGE = 'Usage: npm run backup -- --out FILE [--url http://127.0.0.1:3000]';

/** Where the server answers: --url, else HOST and PORT as the server reads them. */
function serverUrl(env: Env, given: string | undefined): string {
  if (given) return given.replace(/\/+$/, '');
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || '3000'}`;
}

export async function backupCommand(argv: string[], env: Env, io: CommandIo): Promise<number> {
  return guarded(io, BACKUP_USAGE, async () => {
    const { named, rest } = parseArgs(argv, [], ['out', 'url']);
    if (env.DATABASE_URL) {
      io.stderr.write(
        'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g.\n' +
          '  pg_dump --format=custom --file=backup.dump "$DATABASE_URL"\n' +
          'and keep SECRETS_KEY apart from it (the backup is useless for the stored secrets without it).\n',
      );
      return 2;
    }
    const out = typeof named.out === 'string' ? named.out : undefined;
    if (!out || rest.length > 0) throw new UsageError('Where to? --out FILE');
    if (existsSync(out)) {
      throw new CommandRefused(
        `${out} exists: choose a new file name (a backup never overwrites).`,
      );
    }
    const url = serverUrl(env, typeof named.url === 'string' ? named.url : undefined);
    const key = env.OPERATOR_API_KEY;
    // The backup's time is the operator's wait: the server's working copy comes before any byte.
    const started = Date.now();
    let response: Response | null;
    try {
      response = key
        ? await fetch(`${url}/api/operator/backup`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}` },
          })
        : null;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'ECONNREFUSED') {
        throw new CommandRefused(`No answer from ${url}: ${code ?? error}`);
      }
      return backupStopped(out, url, env, io, started);
    }
    if (!response) {
      throw new UsageError(
        'Set OPERATOR_API_KEY (the same as the running server has): the backup is made by the server, which holds the database.',
      );
    }
    if (!response.ok) return backupRefused(response, url, io);
    io.stderr.write(`The server at ${url} is writing the backup (it goes on serving meanwhile).\n`);
    const where = response.headers.get('x-secrets-key-location');
    const result = await receiveBackup(Readable.fromWeb(response.body as never), out, io, started);
    io.stdout.write(backupSummary(out, result, where));
    return 0;
  });
}

async function backupRefused(response: Response, url: string, io: CommandIo): Promise<number> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  const message = body?.error?.message ?? `HTTP ${response.status}`;
  if (response.status === 401) {
    io.stderr.write(`The server at ${url} refused the operator key: ${message}\n`);
  } else if (response.status === 404) {
    io.stderr.write(
      `The server at ${url} has its operator API off: start it with OPERATOR_API_KEY set (the same as here).\n`,
    );
  } else {
    io.stderr.write(`The server at ${url} made no backup: ${message}\n`);
  }
  // A server on PostgreSQL: its backups are pg_dump's.
  return /pg_dump/.test(message) ? 2 : 1;
}

/** With no server running: the embedded database straight from DATA_DIR (its lock held). */
async function backupStopped(
  out: string,
  url: string,
  env: Env,
  io: CommandIo,
  started: number,
): Promise<number> {
  const dataDir = dataDirOf(env);
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new CommandRefused(
      `No server answers at ${url}, and DATA_DIR (${path.resolve(dataDir)}) holds no database. Start the server (npm start) or give its address with --url.`,
    );
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    throw new CommandRefused(
      `No server answers at ${url}, but ${(error as Error).message.replace(/\.? The embedded.*$/, '')}: give the server's address with --url.`,
    );
  }
  try {
    io.stderr.write(
      `No server answers at ${url}: backing up DATA_DIR (${path.resolve(dataDir)}) directly.\n`,
    );
    const files = DATA_FILES.filter((name) => existsSync(path.join(dataDir, name))).map((name) => ({
      name,
      path: path.join(dataDir, name),
    }));
    const child = startExport(pgdata, { gzip: true, files });
    const [result] = await Promise.all([receiveBackup(child.output, out, io, started), child.done]);
    const keyFile = path.resolve(dataDir, 'secrets.key');
    io.stdout.write(
      backupSummary(
        out,
        result,
        env.SECRETS_KEY ? 'SECRETS_KEY (environment)' : `the file ${keyFile}`,
      ),
    );
    return 0;
  } finally {
    unlock();
  }
}

/**
 * Writes the backup's bytes to `out` (through `out.partial`) while reading them back: progress,
 * and the same checks a restore makes, so a file that is kept is a complete, intact backup.
 */
async function receiveBackup(
  body: Readable,
  out: string,
  io: CommandIo,
  started: number,
): Promise<{ header: BackupHeader; rows: number; bytes: number; seconds: number }> {
  const partial = `${out}.partial`;
  // Interrupted (Ctrl-C): no partial file is left behind.
  const interrupted = () => {
    rmSync(partial, { force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  const progress = new Progress(io.stderr, 'backup');
  const toFile = new PassThrough();
  const toCheck = new PassThrough();
  let bytes = 0;
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  body.pipe(toFile);
  body.pipe(toCheck);
  let header: BackupHeader | undefined;
  let rows = 0;
  const check = (async () => {
    let total = 0;
    for await (const event of readBackup(uncompressed(toCheck))) {
      if (event.kind === 'header') {
        header = event.header;
        total = header.tables.reduce((sum, t) => sum + t.rows, 0);
      } else if (event.kind === 'rows') {
        rows += event.rows;
        progress.update({ rows, total });
      }
    }
  })();
  try {
    await writeThroughPartial(
      out,
      (file) => Promise.all([pipeline(toFile, createWriteStream(file, { mode: 0o600 })), check]),
      () => body.destroy(),
    );
  } catch (error) {
    process.off('SIGINT', interrupted);
    throw error instanceof BackupFileError && error.problem === 'truncated'
      ? new BackupFileError(
          'truncated',
          'The backup stream ended early: the server stopped writing it (its log says why). Nothing was kept.',
        )
      : error;
  }
  process.off('SIGINT', interrupted);
  progress.finish(`backup: ${formatCount(rows)} rows received and checked.`);
  return { header: header!, rows, bytes, seconds: (Date.now() - started) / 1000 };
}

function backupSummary(
  out: string,
  r: { header: BackupHeader; rows: number; bytes: number; seconds: number },
  keyLocation: string | null,
): string {
  return (
    `Backup written: ${out} (${mb(r.bytes)}, ${formatCount(r.rows)} rows in ${r.header.tables.length} tables, ` +
    `${r.header.migrations.length} migrations, made ${r.header.createdAt}, ${r.seconds.toFixed(1)} s).\n` +
    `It does not hold the secrets key: that is ${keyLocation ?? 'SECRETS_KEY or the file secrets.key in the server’s DATA_DIR'}. ` +
    'Keep a copy of the key apart from the backups: without it, the backup’s API tokens and webhook secrets cannot be read.\n'
  );
}

// --- npm run restore ---------------------------------------------------------------------------

const RESTORE_USAGE = 'Usage: npm run restore -- FILE [--force] [--key-file PATH]';

export async function restoreCommand(argv: string[], env: Env, io: CommandIo): Promise<number> {
  return guarded(io, RESTORE_USAGE, async () => {
    const { named, rest } = parseArgs(argv, ['force'], ['key-file']);
    const [file, ...extra] = rest;
    if (!file || extra.length > 0) throw new UsageError('Which backup? npm run restore -- FILE');
    if (env.DATABASE_URL) {
      throw new UsageError(
        'DATABASE_URL is set: restore fills the embedded database (DATA_DIR). To load a backup into PostgreSQL: npm run db:move -- --from FILE --to postgres://…',
      );
    }
    const dataDir = dataDirOf(env);
    const result = await restoreBackup({
      file,
      dataDir,
      force: named.force === true,
      ...(typeof named['key-file'] === 'string' ? { keyFile: named['key-file'] } : {}),
      ...(env.SECRETS_KEY ? { secretsKey: env.SECRETS_KEY } : {}),
      progress: io.stderr,
    });
    const where = path.resolve(dataDir);
    const key = {
      SECRETS_KEY: 'Its secrets open with SECRETS_KEY (checked): start with the same SECRETS_KEY.',
      'key file': `Its secrets open with the key file now in ${path.join(where, 'secrets.key')} (checked).`,
      'none needed': 'It holds no encrypted secrets.',
      missing: `Its API tokens and webhook secrets need the key of the server it came from: put that key file at ${path.join(where, 'secrets.key')}, or set SECRETS_KEY, before npm start (the server refuses to start with another key).`,
    }[result.key];
    io.stdout.write(
      `Restored into ${where}: ${formatCount(result.rows)} rows in ${result.tables} tables from the backup of ${result.backupCreatedAt} (${result.seconds.toFixed(1)} s).\n` +
        (result.replacedKeptAt
          ? `The DATA_DIR it replaced is kept at ${result.replacedKeptAt}.\n`
          : '') +
        `${key}\nNext: npm start${env.DATA_DIR ? ` (with DATA_DIR=${env.DATA_DIR})` : ''}.\n`,
    );
    return 0;
  });
}

// --- npm run db:move ---------------------------------------------------------------------------

const MOVE_USAGE =
  'Usage: npm run db:move -- --to postgres://user:password@host:5432/db [--from FILE]';

export async function moveCommand(argv: string[], env: Env, io: CommandIo): Promise<number> {
  return guarded(io, MOVE_USAGE, async () => {
    const { named, rest } = parseArgs(argv, [], ['to', 'from']);
    const to = typeof named.to === 'string' ? named.to : undefined;
    if (!to || rest.length > 0) throw new UsageError('Where to? --to postgres://…');
    const dataDir = dataDirOf(env);
    let result;
    try {
      result = await moveToPostgres({
        to,
        dataDir,
        ...(typeof named.from === 'string' ? { from: named.from } : {}),
        ...(env.SECRETS_KEY ? { secretsKey: env.SECRETS_KEY } : {}),
        progress: io.stderr,
      });
    } catch (error) {
      if (error instanceof MoveRefused || error instanceof BackupFileError) throw error;
      throw new CommandRefused(
        `The move failed and was undone: the target database is as empty as before. Cause: ${(error as Error)?.message ?? String(error)}`,
      );
    }
    const keyFile = path.resolve(dataDir, 'secrets.key');
    const keyStep = !result.key
      ? `Set SECRETS_KEY to the key of the server the data came from (its SECRETS_KEY, or the 64 hex characters of its DATA_DIR/secrets.key): every process needs it.`
      : result.key.source === 'SECRETS_KEY'
        ? `Keep SECRETS_KEY as it is${result.key.opens ? ' (it opens the moved secrets: checked)' : ': WARNING, it does not open the moved secrets; use the original server’s key'}: every process needs it.`
        : `SECRETS_KEY=$(cat ${keyFile})${result.key.opens ? ' (it opens the moved secrets: checked)' : ' — WARNING: it does not open the moved secrets; use the original server’s key'}: every process needs it; keep it in your secret store.`;
    io.stdout.write(
      `Moved to ${result.target}: ${formatCount(result.rows)} rows in ${result.tables} tables in ${result.seconds.toFixed(1)} s, verified (row counts and a checksum per table match on both sides).\n` +
        `Next steps:\n` +
        `  1. ${keyStep}\n` +
        `  2. Start on PostgreSQL: DATABASE_URL='<the --to address>' SECRETS_KEY=… npm start\n` +
        `  3. More processes: WORKERS=0 on the API processes, and npm run worker processes (same DATABASE_URL and SECRETS_KEY) for the work.\n` +
        `  4. ${named.from ? `DATA_DIR was not touched.` : `DATA_DIR (${path.resolve(dataDir)}) is as it was: keep it until the new setup has run for a while, but never start the embedded server on it again (webhooks would be stored in two places).`}\n`,
    );
    return 0;
  });
}
