import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/index.js';
import { jobs } from '../db/schema/index.js';
import { createLogger } from '../logger.js';
import { useTestFirm } from '../testing/database-hooks.js';
import { describePlan, planProbe, rowsRead } from '../testing/plans.js';
import { waitFor } from '../testing/wait.js';
import { claim, enqueue, findJob, replayDead } from './queue.js';
import { Worker, type JobHandler } from './worker.js';

const silent = createLogger({ level: 'silent' });

const firm = useTestFirm('Q');
beforeEach(async () => {
  await firm.db.delete(jobs);
});

const allJobs = () => firm.db.select().from(jobs);

describe('enqueue', () => {
  it('merges jobs for the same record while one waits: ten edits, one job, latest payload', async () => {
    for (let i = 0; i < 10; i++) {
      await enqueue(firm.db, {
        orgId: firm.orgId,
        kind: 'sync.client',
        key: 'client:1',
        payload: { edit: i },
      });
    }
    const rows = await allJobs();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toEqual({ edit: 9 });
  });

  it('queues a new job when the one for that record is already running', async () => {
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'sync.client', key: 'client:2' });
    const [running] = await claim(firm.db, { workerId: 'w1', limit: 10, leaseMs: 60_000 });
    expect(running?.state).toBe('running');
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'sync.client', key: 'client:2' });
    expect((await allJobs()).map((j) => j.state).sort()).toEqual(['queued', 'running']);
    // ...but the second does not run while the first holds its lease.
    expect(await claim(firm.db, { workerId: 'w2', limit: 10, leaseMs: 60_000 })).toEqual([]);
  });

  it('enqueues with the caller’s transaction: a rollback leaves no job', async () => {
    await expect(
      firm.db.transaction(async (tx) => {
        await enqueue(tx, { orgId: firm.orgId, kind: 'sync.client', key: 'client:3' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await allJobs()).toEqual([]);
  });
});

describe('claim', () => {
  it('takes only due jobs of the asked kinds', async () => {
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'a', key: '1' });
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'b', key: '1' });
    await enqueue(firm.db, {
      orgId: firm.orgId,
      kind: 'a',
      key: '2',
      runAt: new Date(Date.now() + 60_000),
    });
    const claimed = await claim(firm.db, {
      workerId: 'w',
      limit: 10,
      leaseMs: 1000,
      kinds: ['a'],
    });
    expect(claimed.map((j) => [j.kind, j.key, j.attempts])).toEqual([['a', '1', 1]]);
  });

  it('gives a crashed worker’s job to another once its lease runs out', async () => {
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'a', key: 'lease' });
    const [first] = await claim(firm.db, { workerId: 'crashed', limit: 1, leaseMs: 60_000 });
    expect(await claim(firm.db, { workerId: 'other', limit: 1, leaseMs: 60_000 })).toEqual([]);
    await firm.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.id, first!.id));
    const [taken] = await claim(firm.db, { workerId: 'other', limit: 1, leaseMs: 60_000 });
    expect(taken).toMatchObject({ id: first!.id, lockedBy: 'other', attempts: 2 });
  });

  it('takes the oldest claimable jobs, past those held back by a twin running', async () => {
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    // Three records whose jobs run, each with an edit waiting: the three oldest waiting jobs.
    for (let i = 0; i < 3; i++) {
      await enqueue(firm.db, { orgId: firm.orgId, kind: 'a', key: `busy${i}`, runAt: at(i) });
    }
    expect(await claim(firm.db, { workerId: 'w1', limit: 3, leaseMs: 60_000 })).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      await enqueue(firm.db, { orgId: firm.orgId, kind: 'a', key: `busy${i}`, runAt: at(10 + i) });
    }
    for (let i = 0; i < 4; i++) {
      await enqueue(firm.db, { orgId: firm.orgId, kind: 'a', key: `free${i}`, runAt: at(20 + i) });
    }
    const claimed = await claim(firm.db, { workerId: 'w2', limit: 3, leaseMs: 60_000 });
    expect(claimed.map((j) => j.key)).toEqual(['free0', 'free1', 'free2']);
  });

  it('reads about `limit` rows of a long queue, whatever the planner’s statistics say', async () => {
    // A burst's backlog, and jobs running elsewhere.
    await firm.db.execute(sql`
      insert into jobs (org_id, kind, key, run_at)
      select ${firm.orgId}::uuid, 'a', 'waiting-' || g, now() - interval '1 hour' + g * interval '1 ms'
      from generate_series(1, 3000) g`);
    await firm.db.execute(sql`
      insert into jobs (org_id, kind, key, state, locked_until, locked_by)
      select ${firm.orgId}::uuid, 'a', 'running-' || g, 'running', now() + interval '1 hour', 'other'
      from generate_series(1, 50) g`);
    const probe = planProbe(firm.database);
    // As the planner finds the queue: never analyzed (a fresh database; PGlite, always), then
    // analyzed while full (stale once it drains or fills).
    for (const analyzed of [false, true]) {
      if (analyzed) await firm.db.execute(sql`analyze jobs`);
      probe.clear();
      const claimed = await claim(probe.logged, { workerId: 'w', limit: 20, leaseMs: 60_000 });
      expect(claimed).toHaveLength(20);
      const statement = probe.sent.at(-1)!;
      const nodes = await probe.explain(statement, probe.sent.slice(0, -1));
      // 20 waiting, the running ones once or twice (the expired and the twin checks), 20 updates.
      expect(rowsRead(nodes, 'jobs'), describePlan(nodes)).toBeLessThan(300);
    }
  });

  it('never hands the same job to two claimers at once', async () => {
    for (let i = 0; i < 40; i++)
      await enqueue(firm.db, { orgId: firm.orgId, kind: 'a', key: `k${i}` });
    const rounds = await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        claim(firm.db, { workerId: `w${w}`, limit: 10, leaseMs: 60_000 }),
      ),
    );
    const ids = rounds.flat().map((j) => j.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });
});

describe('worker', () => {
  const worker = (
    handlers: Record<string, JobHandler>,
    retryDelay = (_a: number, _e: unknown): number | null => 10,
  ) =>
    new Worker({
      db: firm.db,
      logger: silent,
      handlers,
      retryDelay,
      pollMs: 20,
      leaseMs: 10_000,
    });

  it('runs jobs and deletes them when done', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 5; i++)
      await enqueue(firm.db, { orgId: firm.orgId, kind: 'ok', key: `${i}` });
    const w = worker({ ok: { run: async (job) => void seen.push(job.key) } });
    w.start();
    await waitFor(async () => (await allJobs()).length === 0);
    await w.stop();
    expect(seen.sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('runs no more jobs at once than its capacity allows (none at 0), and more as soon as it allows more', async () => {
    for (let i = 0; i < 12; i++)
      await enqueue(firm.db, { orgId: firm.orgId, kind: 'gated', key: `${i}` });
    let running = 0;
    let most = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let allowed = 0;
    const w = new Worker({
      db: firm.db,
      logger: silent,
      handlers: {
        gated: {
          run: async () => {
            most = Math.max(most, ++running);
            await gate;
            running--;
          },
        },
      },
      retryDelay: () => 10,
      concurrency: 10,
      capacity: (concurrency) => Math.min(concurrency, allowed),
      pollMs: 20,
    });
    w.start();
    // None allowed (the receiver busy): many polls start nothing.
    await new Promise((r) => setTimeout(r, 200));
    expect(most).toBe(0);

    allowed = 3;
    await waitFor(async () => running >= 3);
    // Many polls later, still three: the capacity holds back the nine that wait.
    await new Promise((r) => setTimeout(r, 200));
    expect(most).toBe(3);

    allowed = 100; // more than its concurrency: the concurrency still bounds it
    await waitFor(async () => running === 10);
    open();
    await waitFor(async () => (await allJobs()).length === 0);
    await w.stop();
    expect(most).toBe(10);
  });

  it('writes a failure before the job can run again: a quick rerun’s success has the last word', async () => {
    const log: string[] = [];
    let attempts = 0;
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'once_flaky', key: 'r' });
    const handlers = {
      once_flaky: {
        run: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('the first attempt fails');
          log.push('rerun succeeded');
        },
        // A slow write of the record's failure (a busy database).
        failed: async () => {
          await new Promise((r) => setTimeout(r, 300));
          log.push('failure written');
        },
      },
    };
    // Due again at once, and a second worker ready to take it.
    const [a, b] = [worker(handlers, () => 0), worker(handlers, () => 0)];
    a.start();
    b.start();
    await waitFor(async () => log.includes('rerun succeeded') && (await allJobs()).length === 0);
    await Promise.all([a.stop(), b.stop()]);
    expect(log).toEqual(['failure written', 'rerun succeeded']);
  });

  it('retries with the policy’s delay, then parks the job dead with its error, and replays it', async () => {
    let calls = 0;
    const outcomes: string[] = [];
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'flaky', key: 'x', maxAttempts: 3 });
    const w = worker({
      flaky: {
        run: async () => {
          calls += 1;
          throw new Error(`boom ${calls}`);
        },
        failed: async (_job, outcome) => void outcomes.push(outcome.state),
      },
    });
    w.start();
    await waitFor(async () => (await allJobs())[0]?.state === 'dead');
    await w.stop();
    expect(calls).toBe(3);
    expect(outcomes).toEqual(['retrying', 'retrying', 'dead']);
    const [dead] = await allJobs();
    expect(dead).toMatchObject({ state: 'dead', attempts: 3, lastError: 'boom 3' });

    expect(await replayDead(firm.db, firm.orgId)).toEqual([dead!.id]);
    const ok = worker({ flaky: { run: async () => {} } });
    ok.start();
    await waitFor(async () => (await allJobs()).length === 0);
    await ok.stop();
  });

  it('gives up at once when the policy says the error is permanent', async () => {
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'bad', key: 'y' });
    const w = worker(
      { bad: { run: async () => Promise.reject(new Error('invalid')) } },
      () => null,
    );
    w.start();
    await waitFor(async () => (await allJobs())[0]?.state === 'dead');
    await w.stop();
    expect((await allJobs())[0]?.attempts).toBe(1);
  });

  it('runs one job at once for an action, and stops gracefully with work in hand', async () => {
    const id = await enqueue(firm.db, { orgId: firm.orgId, kind: 'now', key: 'z' });
    const w = worker({ now: { run: async () => {} } });
    expect(await w.runNow(id)).toEqual({ state: 'done' });
    expect(await findJob(firm.db, id)).toBeUndefined();
    expect(await w.runNow(id)).toBeNull();

    let finished = false;
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'slow', key: 's' });
    const slow = worker({
      slow: {
        run: async () => {
          await new Promise((r) => setTimeout(r, 300));
          finished = true;
        },
      },
    });
    slow.start();
    await waitFor(async () => (await allJobs())[0]?.state === 'running');
    await slow.stop();
    expect(finished).toBe(true);
    const left = rowsOf(await firm.db.execute(sql`select count(*)::int as n from jobs`));
    expect(left).toEqual([{ n: 0 }]);
  });

  it('keeps a job longer than its lease by heartbeats: a second worker never runs it meanwhile', async () => {
    await enqueue(firm.db, { orgId: firm.orgId, kind: 'long', key: 'l' });
    let running = 0;
    let most = 0;
    let runs = 0;
    const handlers = {
      long: {
        run: async () => {
          runs++;
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 3_500)); // three and a half leases
          running--;
        },
      },
    };
    const a = new Worker({
      db: firm.db,
      logger: silent,
      handlers,
      retryDelay: () => 10,
      pollMs: 20,
      leaseMs: 1_000,
    });
    const b = new Worker({
      db: firm.db,
      logger: silent,
      handlers,
      retryDelay: () => 10,
      pollMs: 20,
      leaseMs: 1_000,
    });
    a.start();
    await waitFor(async () => (await allJobs())[0]?.state === 'running');
    b.start();
    await waitFor(async () => (await allJobs()).length === 0);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBe(1);
    expect(most).toBe(1);
  });

  it('stops a job whose claim another worker took over (this one stalled past its lease)', async () => {
    const id = await enqueue(firm.db, { orgId: firm.orgId, kind: 'stalled', key: 's' });
    let reason: unknown;
    const w = new Worker({
      db: firm.db,
      logger: silent,
      handlers: {
        stalled: {
          run: (_job, signal) =>
            new Promise<void>((_resolve, reject) => {
              signal.addEventListener('abort', () => {
                reason = signal.reason;
                reject(signal.reason as Error);
              });
            }),
        },
      },
      retryDelay: () => 10,
      pollMs: 20,
      leaseMs: 200,
    });
    w.start();
    await waitFor(async () => (await allJobs())[0]?.state === 'running');
    // What a takeover writes: the job now belongs to another worker.
    await firm.db
      .update(jobs)
      .set({ lockedBy: 'worker-other', lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, id));
    await waitFor(async () => reason !== undefined, 3_000);
    await w.stop();
    expect(String(reason)).toContain('job lease lost');
    // The job stays with the worker that took it over: the stalled one changed nothing.
    expect(await findJob(firm.db, id)).toMatchObject({
      state: 'running',
      lockedBy: 'worker-other',
    });
  });
});
