import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, rowsOf, type DatabaseHandle } from '../db/index.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { SecretBox } from '../security/secret-box.js';
import { fillDatabase } from '../testing/backups.js';
import { waitFor } from '../testing/wait.js';
import { openPrivatePglite } from './embedded.js';
import { listBackupFiles } from './files.js';
import { registerBackupMetrics } from './metrics.js';
import { restoreBackup } from './restore.js';
import { BackupService } from './service.js';

// Online backups of a live embedded database (the server's own handle, its thread, its urgent
// face for acks): one consistent point in time while writes go on, not one write refused; the
// schedule keeps BACKUP_KEEP of them; status, health and metrics say what happened.

const root = mkdtempSync(path.join(tmpdir(), 'plk-online-'));
const dataDir = path.join(root, 'data');
const logger = createLogger({ level: 'silent' });
let database: DatabaseHandle;
let orgId: string;

const service = (over: { backupDir?: string; hours?: number; keep?: number } = {}) =>
  new BackupService({
    database,
    logger,
    config: {
      dataDir,
      backupDir: over.backupDir ?? path.join(root, 'backups'),
      backupIntervalHours: over.hours,
      backupKeep: over.keep ?? 7,
      secretsKey: undefined,
    },
  });

beforeAll(async () => {
  database = await openPglite(dataDir);
  await database.migrate();
  ({ orgId } = await fillDatabase(database.db, new SecretBox(Buffer.alloc(32, 1)), {
    clients: 400,
    transactions: 2_000,
  }));
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('an online backup of the live embedded database', () => {
  it('is one point in time while acks and transactions go on, none of them refused', async () => {
    const backups = service();
    const acked: string[] = [];
    const errors: unknown[] = [];
    let stop = false;
    // Acks: one event a write on the urgent face, as the webhook receiver writes them.
    const acks = (async () => {
      for (let i = 0; !stop; i++) {
        const eventId = `during-${i}`;
        try {
          await database.receiverDb!.execute(sql`
            insert into webhook_events (org_id, event_id, type, payload)
            values (${orgId}, ${eventId}, 'transaction.created', '{}')`);
          acked.push(eventId);
        } catch (error) {
          errors.push(error);
        }
      }
    })();
    // Transactions of two rows each (a client and its matter) on the normal face.
    const pairs = (async () => {
      while (!stop) {
        await database.db
          .transaction(async (tx) => {
            const [client] = rowsOf<{ id: string }>(
              await tx.execute(
                sql`insert into clients (org_id, name) values (${orgId}, 'pair') returning id`,
              ),
            );
            await tx.execute(sql`
              insert into matters (org_id, client_id, name) values (${orgId}, ${client!.id}, 'pair')`);
          })
          .catch((error: unknown) => errors.push(error));
      }
    })();
    await waitFor(async () => acked.length > 20);
    const before = acked.length;
    const file = await backups.toDirectory('api');
    const after = acked.length;
    await waitFor(async () => acked.length > after + 20);
    stop = true;
    await Promise.all([acks, pairs]);
    expect(errors).toEqual([]);

    const target = path.join(root, 'restored-online');
    await restoreBackup({ file, dataDir: target });
    const pg = await openPrivatePglite(path.join(target, 'pgdata'));
    try {
      const events = (
        await pg.query<{ event_id: string }>(
          `select event_id from webhook_events where event_id like 'during-%'`,
        )
      ).rows.map((r) => Number(r.event_id.slice('during-'.length)));
      // Every event acknowledged before the backup began is in it, none from after it ended,
      // and what it has is a prefix: no gap, as one moment in time has none.
      expect(events.length).toBeGreaterThanOrEqual(before);
      expect(events.length).toBeLessThanOrEqual(after);
      expect(Math.max(...events)).toBe(events.length - 1);
      const [pairsIn] = (
        await pg.query<{ clients: number; matters: number }>(
          `select (select count(*)::int from clients where name = 'pair') as clients,
                  (select count(*)::int from matters where name = 'pair') as matters`,
        )
      ).rows;
      expect(pairsIn!.clients).toBe(pairsIn!.matters);
    } finally {
      await pg.close();
    }
    expect(backups.status()).toMatchObject({ running: null, failures: 0 });
    expect(backups.health()).toMatchObject({
      scheduled: false,
      running: false,
      lastBackupAt: expect.any(String),
      lastSizeBytes: expect.any(Number),
      failures: 0,
    });
  }, 180_000);

  it('runs one at a time, and says why where it cannot run', async () => {
    const backups = service();
    const first = await backups.start('api');
    const second = await backups.start('api').then(
      () => null,
      (e: unknown) => e as AppError,
    );
    expect(second).toMatchObject({ code: 'conflict' });
    expect(second!.message).toMatch(/already running/);
    first.output.resume();
    await first.done;

    const onPostgres = new BackupService({
      database: { ...database, kind: 'postgres' },
      logger,
      config: { dataDir, backupDir: root, backupIntervalHours: 1, backupKeep: 1, secretsKey: 'x' },
    });
    expect(onPostgres.unavailable()).toMatch(/pg_dump/);
    await expect(onPostgres.start('api')).rejects.toMatchObject({ code: 'conflict' });
    const inMemory = new BackupService({
      database: { ...database, dataDir: undefined },
      logger,
      config: { dataDir, backupDir: root, backupIntervalHours: 1, backupKeep: 1, secretsKey: 'x' },
    });
    expect(inMemory.unavailable()).toMatch(/in memory/);
    expect(onPostgres.status().schedule).toBeNull();
  }, 120_000);

  it('a reader that goes away stops the backup, leaving no working copy', async () => {
    const backupDir = path.join(root, 'abandoned');
    // Copies left by a killed process are removed; another live process's are not.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    mkdirSync(path.join(backupDir, `.backup-work-${dead}-abc`, 'pgdata'), { recursive: true });
    const live = `.backup-work-${process.ppid}-def`;
    mkdirSync(path.join(backupDir, live));
    const backups = service({ backupDir });
    const running = await backups.start('api');
    running.output.destroy();
    await expect(running.done).rejects.toThrow();
    expect(backups.status()).toMatchObject({ running: null, failures: 1 });
    expect(backups.health().lastError).toEqual(expect.any(String));
    expect(readdirSync(backupDir)).toEqual([live]);
  }, 120_000);

  it('on a schedule keeps the newest BACKUP_KEEP, and counts them in /metrics', async () => {
    const backupDir = path.join(root, 'scheduled');
    const backups = service({ backupDir, hours: 1 / 3600, keep: 2 });
    const registry = new Registry();
    registerBackupMetrics(registry, backups);
    let made = 0;
    backups.onOutcome({ finished: () => made++, failed: () => {} });
    await backups.startSchedule();
    expect(backups.health()).toMatchObject({ scheduled: true, intervalHours: 1 / 3600 });
    await waitFor(async () => made >= 3 && !backups.status().running, 150_000);
    await backups.close();
    const files = await listBackupFiles(backupDir);
    expect(files).toHaveLength(2);
    expect(backups.status().lastSuccess?.file).toBe(files[0]!.name);
    const text = await registry.metrics();
    expect(text).toMatch(new RegExp(`payment_link_backups_total\\{outcome="success"\\} ${made}`));
    expect(text).toMatch(/payment_link_backup_last_size_bytes [1-9]\d*/);
    expect(text).toMatch(/payment_link_backup_consecutive_failures 0/);
  }, 180_000);
});
