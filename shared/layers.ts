// The server's layers, top to bottom (paths from the repository root): the one source of the
// order. shared/layers.test.ts enforces it on the imports; docs/docs.test.ts checks that
// docs/architecture.md and docs/decisions/layer-order.md draw the same line (layerLine()).
//
// A module imports modules of its own folder or file, and of layers below its own; never a layer
// above it, nor (outside the layers marked `peers`) another member of its own layer. Types count
// too: a type import upwards ties the lower layer to the upper one's shape just the same.
//
// The request path reads down the table: http → actions → sync engine | webhooks | money out →
// book → domain → sync rules → queue | remote → db. The domain writes a record and, through the
// sync rules, enqueues its job; the sync engine picks the job up from the queue and imports the
// domain (not the other way round), so the domain never imports the sync engine, http, or
// anything above. The three pipelines are peers in one layer: none imports another; the runtime
// (a composition root) registers each one's jobs on its one worker, and what reads them
// (integration health) sits above them. The webhook pipeline and money out are two sources of
// the book: each hands the service's snapshots to it, and only the book writes money (it alone
// takes the history lock and refreshes the trust findings). The simulator (simulator/, top
// level) is a stand-in for the remote service, not a layer: demo mode and the tests mount it.
// Nothing at run time imports this module.

export interface ServerLayer {
  /** Its name in the one-line order the docs draw (`roots → http → …`). */
  name: string;
  /** What it is for, as a failing test names it. */
  layer: string;
  /** Folders and files, from the repository root. */
  members: readonly string[];
  /** Its members may import each other. */
  peers?: true;
}

export const SERVER_LAYERS: readonly ServerLayer[] = [
  {
    name: 'roots',
    layer: 'composition roots (build a process or a test app from every part)',
    members: [
      'server/main.ts',
      'server/worker.ts',
      'server/process-life.ts',
      'server/runtime.ts',
      'server/app.ts',
      'server/warm-up.ts',
      'server/schedules.ts',
      'server/org-cli.ts',
      'server/audit-cli.ts',
      'server/testing',
    ],
    peers: true,
  },
  {
    name: 'http',
    layer: 'http (routes, auth, the error model mapped to HTTP)',
    members: ['server/http'],
  },
  {
    name: 'going live',
    layer: 'going live (settings → endpoint, demo mode off)',
    members: ['server/going-live.ts'],
  },
  { name: 'demo', layer: 'demo mode (mounts the simulator)', members: ['server/demo.ts'] },
  {
    name: 'actions | integration health',
    layer: 'actions | integration health (run the sync now; read both pipelines)',
    members: ['server/actions', 'server/integration-health.ts'],
  },
  {
    name: 'sync engine | webhooks | money out',
    layer:
      'sync engine | webhooks | money out (three peer pipelines on the one worker; none imports another)',
    // Money in (payment requests and their reminders, cheques recorded on a link) is a fourth.
    members: ['server/sync', 'server/webhooks', 'server/money-out', 'server/money-in'],
  },
  {
    name: 'book',
    layer:
      "book (the firm's money: stored transactions, ledger, trust findings, history, statements, money-out requests; the one writer of each)",
    members: ['server/book'],
  },
  {
    name: 'backup',
    layer:
      'backup (online backups, restore, the move to PostgreSQL; their commands; it reads the database and the settings, nothing above)',
    members: ['server/backup'],
  },
  { name: 'domain', layer: 'domain (records and their write path)', members: ['server/domain'] },
  {
    name: 'sync rules',
    layer: 'sync rules (when a write asks for a sync)',
    members: ['server/sync-rules'],
  },
  { name: 'metrics', layer: 'metrics (what the layers above count)', members: ['server/metrics'] },
  { name: 'queue | remote', layer: 'queue | remote', members: ['server/queue', 'server/remote'] },
  { name: 'db', layer: 'db', members: ['server/db'] },
  {
    name: 'shared bottom',
    layer: 'shared bottom',
    members: [
      'server/security',
      'server/errors.ts',
      'server/sentences.ts',
      'server/org-key.ts',
      'server/config.ts',
      'server/logger.ts',
      'server/log-sink.ts',
      'shared',
    ],
    peers: true,
  },
];

/** The order in one line, as the docs draw it. */
export const layerLine = (): string => SERVER_LAYERS.map((l) => l.name).join(' → ');
