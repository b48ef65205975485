import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { enterDemoMode, readIntegrationSecrets } from './domain/settings.js';
import type { Logger } from './logger.js';
import type { RemoteApi } from './remote/index.js';
import { isLoopbackHost } from './security/hosts.js';
import type { SecretBox } from './security/secret-box.js';
import { createSimulator, type Simulator, type SimulatorSnapshot } from '../simulator/simulator.js';
import { ensureWebhookEndpoint } from './webhooks/endpoint/endpoint.js';

// Demo mode: `npm start` with no API token configured runs the simulator of the remote service
// inside the server, as the default organization's remote target, so the whole product works
// offline at once. Its state is kept in DATA_DIR beside the embedded database, whose records
// refer to its ids. The target is stored with the organization's settings (never in the
// process's configuration): saving a real API token leaves demo mode at once, in every process.

export interface Demo {
  simulator: Simulator;
  /** The simulated firm the default organization talks to (its API token). */
  firmKey: string;
  /** The path the simulator is mounted at in the server. */
  mountPath: string;
  /** The organization in demo mode (the default one). */
  orgId: string;
  /** The server's own address once it listens: the only place the simulator POSTs webhooks to. */
  baseUrl?: string;
  /**
   * Writes the simulator's state to DATA_DIR now, if it changed. Called before the answer to
   * each request that may change it leaves (and every 5 s), so a kill -9 forgets nothing that
   * was answered.
   */
  persist(): void;
  close(): Promise<void>;
}

interface DemoOptions {
  config: Config;
  db: Database;
  secretBox: SecretBox;
  orgId: string;
  logger: Logger;
}

/** Whether `url` is on the server's own origin (nothing is, before the server listens). */
export function isOwnAddress(url: string, baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  try {
    return new URL(url).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}

const snapshotFile = (dataDir: string) => path.join(dataDir, 'simulator.json');

/**
 * Replaces `file` whole or not at all: a temporary file written and flushed, then renamed over
 * it (and the folder flushed). A write cut short leaves the previous state, never a torn file
 * that would stop the next start.
 */
function replaceFile(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  // The snapshot holds the simulated firm's key and webhook secrets: owner-only.
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const folder = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/**
 * Whether to run in demo mode, and the simulator if so: DEMO=1 always, DEMO=0 never, and by
 * default when the default organization has no API token, or has the saved simulator's.
 */
export async function prepareDemo(options: DemoOptions): Promise<Demo | null> {
  const { config, db, secretBox, orgId, logger } = options;
  if (config.demo === 'off') return null;
  if (!isLoopbackHost(config.host)) {
    // The simulator would be open to the network (firms, webhook URLs it POSTs to), and the demo
    // page hands out an admin token: neither is served beyond this machine.
    logger.warn({ host: config.host }, 'demo mode is off: HOST is not a loopback address');
    return null;
  }
  const file = snapshotFile(config.dataDir);
  const saved = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as SimulatorSnapshot)
    : undefined;
  const { apiToken } = await readIntegrationSecrets(db, secretBox, orgId);
  const savedFirm = saved?.firms.find((f) => f.apiKey === apiToken);
  if (config.demo === 'auto' && apiToken && !savedFirm) return null;

  const own: { baseUrl?: string } = {};
  const simulator = createSimulator({
    restore: saved,
    logger,
    webhooks: { allowUrl: (url) => isOwnAddress(url, own.baseUrl) },
  });
  const firmKey = savedFirm?.apiKey ?? simulator.createFirm({ name: 'Demo law firm' }).apiKey;
  let written = '';
  const persist = () => {
    const text = JSON.stringify(simulator.snapshot());
    if (text === written) return;
    try {
      replaceFile(file, text);
      written = text;
    } catch (error) {
      // A full disk, say: the demo runs on, and the next change tries again.
      logger.warn({ err: String(error) }, 'demo mode: the simulator state could not be saved');
    }
  };
  // Changes not made by a request (webhook deliveries and their retries) are saved on a timer.
  const timer = setInterval(persist, 5_000);
  timer.unref();
  return {
    simulator,
    firmKey,
    mountPath: '/simulator',
    orgId,
    get baseUrl() {
      return own.baseUrl;
    },
    set baseUrl(url: string | undefined) {
      own.baseUrl = url;
    },
    persist,
    async close() {
      clearInterval(timer);
      persist();
      await simulator.close();
    },
  };
}

/**
 * Once the server listens (its address is known): puts the organization in demo mode (the
 * simulated firm's key, the mounted simulator as its remote target, a webhook secret) and
 * registers its webhook URL with the simulator (or moves it to the current address). Also run
 * when an admin clears the API token, which returns the organization to demo mode.
 */
export async function activateDemo(
  demo: Demo,
  options: DemoOptions & { remote: RemoteApi; baseUrl: string },
): Promise<void> {
  const { db, secretBox, orgId, remote, baseUrl, logger } = options;
  demo.baseUrl = baseUrl;
  const serviceUrl = `${baseUrl}${demo.mountPath}`;
  const current = await readIntegrationSecrets(db, secretBox, orgId);
  const webhookSecret = current.webhookSecret ?? randomBytes(24).toString('base64url');
  await enterDemoMode(db, secretBox, orgId, { apiToken: demo.firmKey, serviceUrl, webhookSecret });
  const endpoint = await ensureWebhookEndpoint({ db, remote, secretBox, logger }, orgId, baseUrl);
  if (endpoint.error) throw new Error(endpoint.error);
  logger.info(
    { simulator: serviceUrl, webhookUrl: endpoint.endpoint?.url },
    'demo mode: the simulator of the remote service is the sandbox',
  );
}
