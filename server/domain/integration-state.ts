import { eq } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { integrationState, type StoredProgress } from '../db/schema/index.js';

// What an organization's integration did last (table integration_state): read by the health
// check, written by the bank account sync and the reconciliation.

type IntegrationState = typeof integrationState.$inferSelect;

export async function readIntegrationState(
  db: Executor,
  orgId: string,
): Promise<IntegrationState | null> {
  const [row] = await db.select().from(integrationState).where(eq(integrationState.orgId, orgId));
  return row ?? null;
}

/** Creates the organization's row on first write, then changes only the given columns. */
export async function writeIntegrationState(
  db: Executor,
  orgId: string,
  patch: Partial<Omit<typeof integrationState.$inferInsert, 'orgId'>>,
): Promise<void> {
  const values = { ...patch, updatedAt: new Date() };
  await db
    .insert(integrationState)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: integrationState.orgId, set: values });
}

/** The bank account sync succeeded now. */
export const markBankAccountsSynced = (db: Executor, orgId: string) =>
  writeIntegrationState(db, orgId, { bankAccountsSyncedAt: new Date() });

/** The long work whose progress the widgets show, by its column. */
type ProgressOf = 'bankAccountsProgress' | 'reconcileProgress' | 'retryProgress';

/**
 * One run's progress, written to its column as it goes: the whole `{ done, total, startedAt,
 * finishedAt }` each time (a few writes per run: per account, per page, per chunk), so a
 * reader never sees half of it. `finish()` also ends a run cut short: what it did stays.
 */
export class ProgressRecorder {
  readonly #db: Executor;
  readonly #orgId: string;
  readonly #of: ProgressOf;
  #value: StoredProgress;

  constructor(db: Executor, orgId: string, of: ProgressOf, value: StoredProgress) {
    this.#db = db;
    this.#orgId = orgId;
    this.#of = of;
    this.#value = value;
  }

  /** Writes the new counts (through `db`, e.g. the transaction that did the work). */
  async set(counts: Partial<Pick<StoredProgress, 'done' | 'total'>>, db = this.#db): Promise<void> {
    this.#value = { ...this.#value, ...counts };
    await writeIntegrationState(db, this.#orgId, { [this.#of]: this.#value });
  }

  advance(by: number, db = this.#db): Promise<void> {
    return this.set({ done: this.#value.done + by }, db);
  }

  /**
   * Runs the work and ends the progress with it, done or cut short. A failure to write the end
   * of a run that failed must not hide why it failed: the work's error is the one thrown.
   */
  async around<T>(work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.finish().catch(() => undefined);
      throw error;
    }
    await this.finish();
    return result;
  }

  /** The run ended, done or cut short. */
  finish(): Promise<void> {
    this.#value = { ...this.#value, finishedAt: new Date().toISOString() };
    return this.set({});
  }
}

/** A run starts: its progress is written at once (total 0 until it is known). */
export async function startProgress(
  db: Executor,
  orgId: string,
  of: ProgressOf,
  start: { total?: number; jobIds?: string[] } = {},
): Promise<ProgressRecorder> {
  const value: StoredProgress = {
    done: 0,
    total: start.total ?? 0,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    ...(start.jobIds ? { jobIds: start.jobIds } : {}),
  };
  const recorder = new ProgressRecorder(db, orgId, of, value);
  await recorder.set({});
  return recorder;
}
