import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SUPPORTED_WEBHOOK_KINDS } from '../../shared/webhooks.js';
import { TRUST_FINDING_SEVERITIES } from '../../shared/trust-findings.js';

// The Prometheus metrics of one runtime (an API or worker process, or one app in a test). Each
// runtime has its own registry, never prom-client's global one: several apps in one test process
// must not add to each other's counters. The sites that count call one method here each; what
// lives in the database (queue and inbox depth, the remote budget) is read when scraped.

/** What the database holds, read at scrape time (the API process: see scrape-sources.ts). */
interface ScrapeSources {
  /** Jobs of the queue by kind and state (queued, running, dead). */
  queueDepth(): Promise<{ kind: string; state: string; count: number }[]>;
  /** Webhook events not processed yet, or dead, by their type and status. */
  inboxDepth(): Promise<{ type: string; status: string; count: number }[]>;
  /** Seconds the oldest due queued job has waited (null: none due). */
  oldestDueJobSeconds(): Promise<number | null>;
  /** Each organization's share of its remote budget in use now. */
  remoteBudget(): Promise<BudgetUsage[]>;
  /** Open (unacknowledged, unresolved) trust-safety findings of all organizations by severity. */
  trustFindings?(): Promise<{ severity: string; count: number }[]>;
}

interface BudgetUsage {
  orgId: string;
  /** Request starts in the rolling window, and its limit. */
  inWindow: number;
  maxRequests: number;
  /** Requests in flight, and the limit. */
  inFlight: number;
  maxConcurrent: number;
}

interface MetricsOptions {
  /** Label the budget by organization id (METRICS_ORG_LABELS=1); else the busiest one's figures. */
  orgLabels?: boolean;
  /** Read at scrape; absent in a worker process (the API process exports them once for all). */
  sources?: ScrapeSources;
  /** Told when a source fails: the scrape still answers, without that source's series. */
  onSourceError?: (source: string, error: unknown) => void;
  /** Log lines this process could not write and dropped (a full disk, a gone reader). */
  logLinesDropped?: () => number;
  /** The process's own figures (CPU, memory, event loop lag): default on; one set per process. */
  processMetrics?: boolean;
}

export type WebhookAckOutcome =
  'accepted' | 'bad_request' | 'unauthorized' | 'too_large' | 'unavailable' | 'error';

type JobOutcome = 'done' | 'retrying' | 'dead';

const PREFIX = 'payment_link_';
// Acks must stay well inside the remote's 5 s; remote requests take up to the 15 s timeout.
const ACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REMOTE_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** The record type and action of a sync job kind (`sync.payment_link`), for bounded labels. */
const SYNC_KIND = /^(sync|remove)\.(client|matter|payment_link|aggregate_link)$/;
const RECONCILE_KIND = 'webhook.reconcile';
/** Job kinds are our own constants; anything else is folded so a label stays bounded. */
const KNOWN_KIND = /^[a-z_]+\.[a-z_]+$/;

/**
 * An operation name of ours (`AddClient`, `Batch_AddClient_x37`) without the batch size, so the
 * label has one value per operation; anything unexpected is folded into `other`.
 */
function operationLabel(name: string): string {
  const bare = name.replace(/_x\d+$/, '');
  return /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(bare) ? bare : 'other';
}

const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set(SUPPORTED_WEBHOOK_KINDS);

/** The webhook event types we handle keep their name; any other type (the sender's) is `other`. */
function eventTypeLabel(type: string): string {
  return KNOWN_EVENT_TYPES.has(type) ? type : 'other';
}

/** Shares one call among the callers that come while it runs (two gauges, one query). */
function shared<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= fn().finally(() => {
      pending = undefined;
    }));
}

export class Metrics {
  readonly registry = new Registry();
  readonly #ackDuration: Histogram<'outcome'>;
  readonly #jobs: Counter<'kind' | 'outcome'>;
  readonly #syncs: Counter<'record_type' | 'action' | 'outcome'>;
  readonly #reconciliations: Counter<'outcome'>;
  readonly #remoteDuration: Histogram<'operation' | 'status'>;

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    // The process's own figures (CPU, memory, event loop lag) under their standard names.
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.#ackDuration = new Histogram({
      name: `${PREFIX}webhook_ack_duration_seconds`,
      help: 'Webhook requests answered, by outcome, and how long each took (its _count is the acks)',
      labelNames: ['outcome'],
      buckets: ACK_BUCKETS,
      registers,
    });
    this.#jobs = new Counter({
      name: `${PREFIX}jobs_finished_total`,
      help: 'Job attempts of the queue this process ran, by job kind and outcome',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.#syncs = new Counter({
      name: `${PREFIX}sync_outcomes_total`,
      help: 'Record syncs (and remote removals) this process ran, by record type and outcome',
      labelNames: ['record_type', 'action', 'outcome'],
      registers,
    });
    this.#reconciliations = new Counter({
      name: `${PREFIX}reconciliation_runs_total`,
      help: 'Reconciliation runs (one organization each) this process ran, by outcome',
      labelNames: ['outcome'],
      registers,
    });
    this.#remoteDuration = new Histogram({
      name: `${PREFIX}remote_request_duration_seconds`,
      help: 'Requests to the remote service, by operation and HTTP status (or network/timeout)',
      labelNames: ['operation', 'status'],
      buckets: REMOTE_BUCKETS,
      registers,
    });
    const dropped = options.logLinesDropped;
    new Counter({
      name: `${PREFIX}log_lines_dropped_total`,
      help: 'Log lines this process could not write (a full disk, a reader gone) and dropped',
      registers,
      collect() {
        this.reset();
        this.inc(dropped?.() ?? 0);
      },
    });
    if (options.sources) this.#scrapeGauges(options, options.sources);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text of every series. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  webhookAck(outcome: WebhookAckOutcome, seconds: number): void {
    this.#ackDuration.observe({ outcome }, seconds);
  }

  /** A property, so the remote transport can be handed it as its `onResponse`. */
  readonly remoteRequest = (operationName: string, status: number | string, seconds: number) => {
    this.#remoteDuration.observe(
      { operation: operationLabel(operationName), status: String(status) },
      seconds,
    );
  };

  /** One attempt of a job finished: the queue's, the sync's or the reconciliation's counter. */
  jobFinished(kind: string, outcome: JobOutcome): void {
    this.#jobs.inc({ kind: KNOWN_KIND.test(kind) ? kind : 'other', outcome });
    const sync = SYNC_KIND.exec(kind);
    if (sync) this.#syncs.inc({ record_type: sync[2], action: sync[1], outcome });
    if (kind === RECONCILE_KIND) this.#reconciliations.inc({ outcome });
  }

  #scrapeGauges(options: MetricsOptions, sources: ScrapeSources) {
    const registers = [this.registry];
    // A failing source leaves its series out of this scrape instead of failing all of it.
    const read = async <T>(source: string, fn: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await fn();
      } catch (error) {
        failures.inc({ source });
        options.onSourceError?.(source, error);
        return undefined;
      }
    };
    const failures = new Counter({
      name: `${PREFIX}scrape_source_errors_total`,
      help: 'Scrapes in which reading a source (the database) failed, by source',
      labelNames: ['source'],
      registers,
    });
    /** A gauge of rows read from `source` at each scrape: emptied, then set from what was read. */
    const rowsGauge = <R>(
      config: { name: string; help: string; labelNames: string[] },
      source: string,
      rows: () => Promise<R[]>,
      set: (gauge: Gauge, rows: R[]) => void,
    ) =>
      new Gauge({
        ...config,
        name: `${PREFIX}${config.name}`,
        registers,
        async collect() {
          this.reset();
          set(this, (await read(source, rows)) ?? []);
        },
      });
    new Gauge({
      name: `${PREFIX}queue_jobs`,
      help: 'Jobs in the queue now, by kind and state (queued, running, dead)',
      labelNames: ['kind', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const row of (await read('queue', sources.queueDepth)) ?? []) {
          this.set(
            { kind: KNOWN_KIND.test(row.kind) ? row.kind : 'other', state: row.state },
            row.count,
          );
        }
      },
    });
    new Gauge({
      name: `${PREFIX}inbox_events`,
      help: 'Webhook events not processed yet (received, failed) or dead, by type and status',
      labelNames: ['type', 'status'],
      registers,
      async collect() {
        this.reset();
        for (const row of (await read('inbox', sources.inboxDepth)) ?? []) {
          this.inc({ type: eventTypeLabel(row.type), status: row.status }, row.count);
        }
      },
    });
    new Gauge({
      name: `${PREFIX}queue_oldest_due_job_age_seconds`,
      help: 'How long the oldest queued job that is due has waited for a worker (0: none waits)',
      registers,
      async collect() {
        const seconds = await read('queue_age', sources.oldestDueJobSeconds);
        this.set(seconds ?? 0);
      },
    });
    const { trustFindings } = sources;
    rowsGauge(
      {
        name: 'trust_findings_open',
        help: 'Trust-safety findings open now (not acknowledged, cause not gone), by severity',
        labelNames: ['severity'],
      },
      'trust_findings',
      async () => (trustFindings ? trustFindings() : []),
      (gauge, rows) => {
        // Every severity has a series, 0 when none: an alert can watch `high` from the start.
        for (const severity of TRUST_FINDING_SEVERITIES) gauge.set({ severity }, 0);
        for (const row of rows) {
          if ((TRUST_FINDING_SEVERITIES as readonly string[]).includes(row.severity)) {
            gauge.set({ severity: row.severity }, row.count);
          }
        }
      },
    );
    const orgLabels = options.orgLabels === true;
    const budget = shared(() => sources.remoteBudget());
    const labelNames = orgLabels ? ['org_id', 'measure'] : ['measure'];
    /** The budget's two measures, the rolling window and in flight, of each organization's row. */
    const budgetGauge = (
      name: string,
      help: string,
      window: (u: BudgetUsage) => number,
      inFlight: (u: BudgetUsage) => number,
    ) =>
      rowsGauge({ name, help, labelNames }, 'budget', budget, (gauge, usage) => {
        for (const [labels, u] of budgetRows(usage, orgLabels)) {
          gauge.set({ ...labels, measure: 'window' }, window(u));
          gauge.set({ ...labels, measure: 'in_flight' }, inFlight(u));
        }
      });
    budgetGauge(
      'remote_budget_in_use',
      orgLabels
        ? 'Remote budget in use per organization: starts in the rolling window, and in flight'
        : 'Remote budget in use by the busiest organization: starts in the window, and in flight',
      (u) => u.inWindow,
      (u) => u.inFlight,
    );
    budgetGauge(
      'remote_budget_limit',
      'The limits of the remote budget in use above: starts per window, and in flight',
      (u) => u.maxRequests,
      (u) => u.maxConcurrent,
    );
  }
}

/**
 * One row per organization with org labels; without them one row: the highest share of the
 * window and of the in-flight slots over all organizations, with those organizations' limits.
 */
function budgetRows(
  usage: readonly BudgetUsage[],
  orgLabels: boolean,
): [Record<string, string>, BudgetUsage][] {
  if (orgLabels) return usage.map((u) => [{ org_id: u.orgId }, u]);
  if (usage.length === 0) return [];
  const busiest = (share: (u: BudgetUsage) => number) =>
    usage.reduce((best, u) => (share(u) > share(best) ? u : best));
  const byWindow = busiest((u) => u.inWindow / u.maxRequests);
  const byFlight = busiest((u) => u.inFlight / u.maxConcurrent);
  return [
    [
      {},
      {
        orgId: '',
        inWindow: byWindow.inWindow,
        maxRequests: byWindow.maxRequests,
        inFlight: byFlight.inFlight,
        maxConcurrent: byFlight.maxConcurrent,
      },
    ],
  ];
}
