import { and, eq } from 'drizzle-orm';
import { SUPPORTED_WEBHOOK_KINDS } from '../../shared/webhooks.js';
import { transactions } from '../db/schema/index.js';
import type { RemoteApi } from '../remote/index.js';
import type { Simulator, SimulatorOptions } from '../../simulator/simulator.js';
import type { FirmInfo } from '../../simulator/firms.js';
import type { WorkOptions } from '../runtime.js';
import { createTestApp, type TestApp } from './app.js';
import { closeServer, listen } from './http.js';
import { startTestSimulator } from './simulator.js';
import { waitFor } from './wait.js';
import { webhookUrl } from '../webhooks/receiver/webhook-url.js';

// The webhook pipeline end to end over real loopback HTTP: the simulator of the remote service
// and the real app, each on 127.0.0.1:0; the app's organization points at the simulator (API
// token, webhook secret, sandbox URL) and its webhook URL is registered with the simulator.

export interface PipelineHarness {
  t: TestApp;
  sim: Simulator;
  firm: FirmInfo;
  simUrl: string;
  serverUrl: string;
  orgId: string;
  secret: string;
  /** Names of the remote client's methods called since the last `remoteCalls.length = 0`. */
  remoteCalls: string[];
  /** Resolves when `check` answers truthy (polled), or fails after `timeoutMs`. */
  waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs?: number): Promise<T>;
  /** Our stored row of the remote transaction `serviceId` (undefined: not stored yet). */
  storedTransaction(serviceId: string): Promise<typeof transactions.$inferSelect | undefined>;
  close(): Promise<void>;
}

/** Records the name of every method called on the remote client (the pipeline's and the sync's). */
function recordCalls(remote: RemoteApi, calls: string[]): void {
  const target = remote as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function') continue;
    const original = value as (...args: unknown[]) => unknown;
    target[name] = (...args: unknown[]) => {
      calls.push(name);
      return original(...args);
    };
  }
}

export async function startPipeline(
  options: {
    simulator?: SimulatorOptions;
    work?: Partial<WorkOptions>;
    env?: NodeJS.ProcessEnv;
    /** Start the worker (default true). */
    worker?: boolean;
  } = {},
): Promise<PipelineHarness> {
  const remote = await startTestSimulator({
    webhooks: { retryDelaysMs: [100, 200, 400] },
    ...options.simulator,
    firmName: 'Pipeline Firm',
  });
  const { sim, firm } = remote;
  const t = await createTestApp(
    { SERVICE_SANDBOX_URL: remote.url, LOG_LEVEL: 'warn', ...options.env },
    { pollMs: 50, ...options.work },
  );
  const app = await listen(t.app.fetch);
  const orgId = t.org.orgId;
  const secret = 'whsec-pipeline-test-secret';
  const put = await t.request('PUT', '/api/settings', {
    body: { apiToken: firm.apiKey, webhookSecret: secret },
  });
  if (put.status !== 200) throw new Error(`settings: ${put.status}`);
  await t.remote.createWebhookUrl(orgId, {
    url: webhookUrl(app.url, orgId),
    enabledWebhooks: SUPPORTED_WEBHOOK_KINDS,
    secret,
  });
  const remoteCalls: string[] = [];
  recordCalls(t.remote, remoteCalls);
  if (options.worker !== false) t.startWorkers();
  return {
    t,
    sim,
    firm,
    simUrl: remote.origin,
    serverUrl: app.url,
    orgId,
    secret,
    remoteCalls,
    waitFor,
    async storedTransaction(serviceId) {
      const [row] = await t.database.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.orgId, orgId), eq(transactions.serviceId, serviceId)));
      return row;
    },
    async close() {
      await remote.close();
      await closeServer(app.server);
      await t.close();
    },
  };
}
