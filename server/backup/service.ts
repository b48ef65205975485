import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import type { Config } from '../config.js';
import { isAlive } from '../db/data-dir-lock.js';
import type { DatabaseHandle } from '../db/index.js';
import { AppError, errorMessage, StartupError } from '../errors.js';
import type { Logger } from '../logger.js';
import { startExport, type ExportResult } from './export-process.js';
import {
  DATA_FILES,
  listBackupFiles,
  newBackupFileName,
  pruneBackups,
  writeThroughPartial,
} from './files.js';
import { BackupSpaceError, checkRoom, copyLiveDatabase } from './snapshot.js';

// Online backups of the embedded database, one at a time per process: asked for over the
// operator API (npm run backup) or on a schedule (BACKUP_INTERVAL_HOURS). Each makes a
// consistent working copy of the live database in BACKUP_DIR (snapshot.ts), has a child process
// write the backup from it (export-child.ts), and removes the copy. What the last ones did is
// kept for integration health and /metrics.

export interface BackupOutcome {
  at: Date;
  seconds: number;
  bytes: number;
  rows: number;
  file?: string;
}

export interface BackupStatus {
  running: { since: Date; trigger: 'api' | 'schedule' } | null;
  lastSuccess: BackupOutcome | null;
  /** Failures since the last success. */
  failures: number;
  lastFailure: { at: Date; error: string } | null;
  schedule: { intervalHours: number; keep: number; nextAt: Date | null } | null;
}

export interface RunningBackup {
  /** The backup's bytes, gzip-compressed. */
  output: Readable;
  /** Settles when it is complete (or failed); the working copy is gone by then. */
  done: Promise<ExportResult>;
  /** Stops it (its reader went away). */
  abort(): void;
}

export interface BackupListener {
  finished(outcome: BackupOutcome): void;
  failed(error: string): void;
}

/**
 * Working copies in BACKUP_DIR, named after the process making them: removed when done, and
 * when their process is gone (killed mid-backup) by the next backup of any process.
 */
const WORK_PREFIX = '.backup-work-';
const WORK_NAME = /^\.backup-work-(\d+)-/;

/** Removes the working copies in `dir` whose process is gone. */
async function removeAbandonedCopies(dir: string): Promise<void> {
  for (const entry of await readdir(dir)) {
    const pid = Number(WORK_NAME.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) {
      await rm(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}

type BackupConfig = Pick<
  Config,
  'dataDir' | 'backupDir' | 'backupIntervalHours' | 'backupKeep' | 'secretsKey'
>;

export class BackupService {
  readonly #database: DatabaseHandle;
  readonly #config: BackupConfig;
  readonly #logger: Logger;
  readonly #listeners: BackupListener[] = [];
  #running: BackupStatus['running'] = null;
  #current: RunningBackup | undefined;
  #lastSuccess: BackupOutcome | null = null;
  #failures = 0;
  #lastFailure: BackupStatus['lastFailure'] = null;
  #timer: NodeJS.Timeout | undefined;
  /** The scheduled backup in progress, which close() waits for. */
  #scheduled: Promise<unknown> | undefined;
  #nextAt: Date | null = null;
  #closed = false;

  constructor(options: { database: DatabaseHandle; config: BackupConfig; logger: Logger }) {
    this.#database = options.database;
    this.#config = options.config;
    this.#logger = options.logger;
  }

  /** Why this process cannot make online backups, or null when it can. */
  unavailable(): string | null {
    if (this.#database.kind === 'postgres') {
      return 'This server runs on PostgreSQL: back it up with pg_dump (see docs/operations.md, "Backups").';
    }
    if (!this.#database.dataDir)
      return 'The embedded database runs in memory: it has no files to back up.';
    return null;
  }

  /** Where the secrets key is, which a backup never holds: for the person who keeps backups. */
  secretsKeyLocation(): string {
    return this.#config.secretsKey
      ? "SECRETS_KEY in the server's environment"
      : `the file ${path.resolve(this.#config.dataDir, 'secrets.key')} on the server`;
  }

  /** The status as integration health shows it. */
  health(): NonNullable<IntegrationHealth['backups']> {
    const s = this.status();
    const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
    return {
      scheduled: s.schedule !== null,
      intervalHours: s.schedule?.intervalHours ?? null,
      running: s.running !== null,
      lastBackupAt: iso(s.lastSuccess?.at),
      lastSizeBytes: s.lastSuccess?.bytes || null,
      lastDurationSeconds: s.lastSuccess?.seconds
        ? Math.round(s.lastSuccess.seconds * 10) / 10
        : null,
      failures: s.failures,
      lastFailureAt: iso(s.lastFailure?.at),
      lastError: s.lastFailure?.error ?? null,
      nextAt: iso(s.schedule?.nextAt),
    };
  }

  onOutcome(listener: BackupListener): void {
    this.#listeners.push(listener);
  }

  status(): BackupStatus {
    const hours = this.#config.backupIntervalHours;
    return {
      running: this.#running,
      lastSuccess: this.#lastSuccess,
      failures: this.#failures,
      lastFailure: this.#lastFailure,
      schedule:
        hours === undefined || this.unavailable()
          ? null
          : { intervalHours: hours, keep: this.#config.backupKeep, nextAt: this.#nextAt },
    };
  }

  /**
   * Starts an online backup; resolves once its first bytes are ready, so a failure before that
   * (no room, a copy that cannot be opened) is an error the caller can answer with.
   */
  async start(trigger: 'api' | 'schedule'): Promise<RunningBackup> {
    const reason = this.unavailable();
    if (reason) throw new AppError('conflict', reason);
    if (this.#closed) throw new AppError('not_ready', 'The server is stopping');
    if (this.#running) {
      throw new AppError(
        'conflict',
        `A backup is already running (since ${this.#running.since.toISOString()}): try again when it has finished.`,
      );
    }
    const started = new Date();
    this.#running = { since: started, trigger };
    this.#logger.info({ trigger }, 'backup started');
    let work: string | undefined;
    try {
      work = await this.#workingCopy();
      const child = startExport(path.join(work, 'pgdata'), {
        gzip: true,
        files: DATA_FILES.filter((name) => existsSync(path.join(work!, name))).map((name) => ({
          name,
          path: path.join(work!, name),
        })),
        background: true,
      });
      let bytes = 0;
      const output = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      child.output.pipe(output);
      // Its reader went away before the end: stop writing (the child would wait for it forever).
      const delivered = finished(output).catch((error: unknown) => {
        child.kill();
        throw error;
      });
      // Nothing to answer with yet: wait for the first bytes, or the failure that came instead.
      await Promise.race([once(output, 'readable'), child.done.catch(() => {})]);
      if (output.readableLength === 0) {
        await child.done;
        throw new Error('the backup process wrote nothing');
      }
      const cleanup = work;
      work = undefined;
      const done = Promise.all([child.done, delivered])
        .then(([result]) => {
          this.#succeeded(started, result, bytes);
          return result;
        })
        .catch((error: unknown) => {
          this.#failed(error);
          throw error;
        })
        .finally(() => rm(cleanup, { recursive: true, force: true }));
      // The caller awaits `done`; this only keeps a failure nobody awaited from going unhandled.
      done.catch(() => {});
      this.#current = { output, done, abort: () => output.destroy() };
      return this.#current;
    } catch (error) {
      this.#failed(error);
      if (work) await rm(work, { recursive: true, force: true });
      throw error instanceof AppError
        ? error
        : new AppError(
            error instanceof BackupSpaceError ? 'conflict' : 'internal',
            `The backup failed: ${errorMessage(error)}`,
          );
    }
  }

  /** The consistent working copy of the live database (and DATA_FILES) in BACKUP_DIR. */
  async #workingCopy(): Promise<string> {
    const dataDir = this.#database.dataDir!;
    const pgdata = path.join(dataDir, 'pgdata');
    await mkdir(this.#config.backupDir, { recursive: true, mode: 0o700 });
    await removeAbandonedCopies(this.#config.backupDir);
    await checkRoom(pgdata, this.#config.backupDir);
    const work = await mkdtemp(path.join(this.#config.backupDir, `${WORK_PREFIX}${process.pid}-`));
    try {
      const copied = await copyLiveDatabase(this.#database.db, pgdata, path.join(work, 'pgdata'));
      for (const name of DATA_FILES) {
        if (existsSync(path.join(dataDir, name))) {
          await copyFile(path.join(dataDir, name), path.join(work, name));
        }
      }
      this.#logger.info({ bytes: copied }, 'backup: working copy made, writing the backup');
      return work;
    } catch (error) {
      await rm(work, { recursive: true, force: true });
      throw error;
    }
  }

  /** A backup into BACKUP_DIR (the schedule's), then the oldest beyond BACKUP_KEEP removed. */
  async toDirectory(trigger: 'api' | 'schedule' = 'schedule'): Promise<string> {
    const running = await this.start(trigger);
    const dir = this.#config.backupDir;
    const file = path.join(dir, newBackupFileName(dir));
    await writeThroughPartial(
      file,
      (partial) =>
        Promise.all([pipeline(running.output, createWriteStream(partial)), running.done]),
      () => running.abort(),
    );
    if (this.#lastSuccess) this.#lastSuccess.file = path.basename(file);
    await pruneBackups(dir, this.#config.backupKeep, this.#logger);
    return file;
  }

  /** Scheduled backups (BACKUP_INTERVAL_HOURS), the first one interval after the newest kept. */
  async startSchedule(): Promise<void> {
    const hours = this.#config.backupIntervalHours;
    if (hours === undefined || this.unavailable()) return;
    const intervalMs = hours * 3_600_000;
    const dir = this.#config.backupDir;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await removeAbandonedCopies(dir);
    } catch (error) {
      throw new StartupError(
        `BACKUP_DIR (${path.resolve(dir)}) cannot be used for scheduled backups: ${errorMessage(error)}`,
      );
    }
    const [newest] = await listBackupFiles(this.#config.backupDir);
    if (newest && !this.#lastSuccess) {
      this.#lastSuccess = {
        at: newest.modified,
        seconds: 0,
        bytes: newest.bytes,
        rows: 0,
        file: newest.name,
      };
    }
    const schedule = (delayMs: number) => {
      if (this.#closed) return;
      this.#nextAt = new Date(Date.now() + delayMs);
      this.#timer = setTimeout(() => {
        this.#scheduled = this.toDirectory('schedule')
          .catch((error: unknown) =>
            this.#logger.error({ err: errorMessage(error) }, 'scheduled backup failed'),
          )
          .finally(() => schedule(intervalMs));
      }, delayMs);
      this.#timer.unref();
    };
    const since = newest ? Date.now() - newest.modified.getTime() : Infinity;
    schedule(Math.max(0, Math.min(intervalMs, intervalMs - since)));
  }

  /** Stops the schedule and a backup in progress (its working copy is removed). */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const current = this.#current;
    if (this.#running && current) {
      current.abort();
      await current.done.catch(() => {});
    }
    await this.#scheduled;
  }

  #succeeded(started: Date, result: ExportResult, bytes: number): void {
    const outcome: BackupOutcome = {
      at: new Date(),
      seconds: (Date.now() - started.getTime()) / 1000,
      bytes,
      rows: result.rows,
    };
    this.#running = null;
    this.#current = undefined;
    this.#failures = 0;
    this.#lastSuccess = outcome;
    this.#logger.info(
      {
        rows: result.rows,
        bytes,
        seconds: Math.round(outcome.seconds * 10) / 10,
        exportMaxRssMb: result.maxRssMb,
      },
      'backup finished',
    );
    for (const l of this.#listeners) l.finished(outcome);
  }

  #failed(error: unknown): void {
    const message = errorMessage(error);
    this.#running = null;
    this.#current = undefined;
    this.#failures++;
    this.#lastFailure = { at: new Date(), error: message };
    this.#logger.error({ err: message }, 'backup failed');
    for (const l of this.#listeners) l.failed(message);
  }
}
