import { and, isNotNull, isNull, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { orgSettings, organizations } from '../../db/schema/index.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';

// The periodic webhook endpoint check: soon after start and then every interval, each active
// organization with an API token and a webhook secret has its endpoint at the service checked
// and repaired (re-enabled once the service disabled it, moved when PUBLIC_URL changed).

/** Active organizations that have an API token and a webhook secret. */
async function organizationsWithEndpoints(db: Database): Promise<string[]> {
  const rows = await db
    .select({ orgId: orgSettings.orgId })
    .from(orgSettings)
    .innerJoin(organizations, eq(organizations.id, orgSettings.orgId))
    .where(
      and(
        isNotNull(orgSettings.apiTokenCiphertext),
        isNotNull(orgSettings.webhookSecretCiphertext),
        isNull(organizations.deactivatedAt),
      ),
    );
  return rows.map((r) => r.orgId);
}

const FIRST_TICK_MS = 5_000;

export function startEndpointScheduler(options: {
  db: Database;
  logger: Logger;
  intervalMs: number;
  check: (orgId: string) => Promise<unknown>;
}): { stop(): void } {
  const { db, logger, intervalMs, check } = options;
  let stopped = false;
  let running = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // One at a time: each check is a few remote calls inside the organization's budget.
      for (const orgId of await organizationsWithEndpoints(db)) {
        if (stopped) break;
        await check(orgId);
      }
    } catch (error) {
      if (!stopped) logger.warn({ err: errorMessage(error) }, 'webhook endpoint check failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), FIRST_TICK_MS);
  first.unref();
  const timer = intervalMs > 0 ? setInterval(() => void tick(), intervalMs) : undefined;
  timer?.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(first);
      if (timer) clearInterval(timer);
    },
  };
}
