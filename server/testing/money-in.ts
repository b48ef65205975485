import { expect } from 'vitest';
import { PAYMENT_REQUEST_JOB } from '../money-in/jobs.js';
import { findJob, openJobs } from '../queue/queue.js';
import { bankAccount, useMoneyOutPipeline } from './money-out.js';
import type { PipelineHarness } from './webhooks.js';

// The payment requests' and manual payments' suites (server/money-in/*.db.test.ts): the app and
// the simulator on loopback HTTP with webhooks delivered, bank accounts synced; links made
// through the actions (synced before they answer).

export interface MoneyInSuite {
  readonly h: PipelineHarness;
  /** A new client with a synced payment link of `amount` into the default account of `category`. */
  link(amount?: string, category?: 'operating' | 'trust'): Promise<Link>;
  /** The emails the simulated service sent, oldest first. */
  emails(): ReturnType<PipelineHarness['sim']['payRequests']['emails']>;
  /**
   * Runs the waiting step job of a request now, as if its day had come (Worker.runNow claims a
   * job whatever its run_at): the tests' clock. Answers the job's run_at, or null when none waits.
   */
  runDueStep(requestId: string): Promise<Date | null>;
}

export interface Link {
  id: string;
  serviceId: string;
  clientId: string;
}

export function useMoneyIn(): MoneyInSuite {
  // The refunds' suite harness: the same app, simulator, webhooks and synced bank accounts.
  const base = useMoneyOutPipeline();
  const h = () => base.h;

  return {
    get h() {
      return h();
    },
    async link(amount = '10.00', category = 'operating') {
      const t = h().t;
      const [client] = (
        await t.request('POST', '/api/actions/ClientCreate', { body: { name: 'Pat Payer' } })
      ).body;
      const [link] = (
        await t.request('POST', '/api/actions/PaymentLinkCreate', {
          body: { amount, bankAccountId: await bankAccount(h(), category), clientId: client.id },
        })
      ).body;
      expect(link.syncStatus).toBe('synced');
      return { id: link.id, serviceId: link.serviceId, clientId: client.id };
    },
    emails: () => h().sim.payRequests.emails(h().firm.id),
    async runDueStep(requestId) {
      const t = h().t;
      const [job] = await openJobs(t.database.db, {
        orgId: t.org.orgId,
        kind: PAYMENT_REQUEST_JOB,
        key: requestId,
      });
      if (!job) return null;
      const runAt = (await findJob(t.database.db, job.id))!.runAt;
      await t.worker.runNow(job.id);
      return runAt;
    },
  };
}
