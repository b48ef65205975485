import { Counter, Gauge, type Registry } from 'prom-client';
import type { BackupService } from './service.js';

// The backups' series on the runtime's registry (GET /metrics): alert on
// `time() - payment_link_backup_last_success_timestamp_seconds` beyond the interval, or on
// failures. Only where the process makes backups (the embedded database in a data folder).

const PREFIX = 'payment_link_backup';

export function registerBackupMetrics(registry: Registry, backups: BackupService): void {
  const registers = [registry];
  const runs = new Counter({
    name: `${PREFIX}s_total`,
    help: 'Online backups this process made, by outcome (success, failure)',
    labelNames: ['outcome'],
    registers,
  });
  runs.inc({ outcome: 'success' }, 0);
  runs.inc({ outcome: 'failure' }, 0);
  backups.onOutcome({
    finished: () => runs.inc({ outcome: 'success' }),
    failed: () => runs.inc({ outcome: 'failure' }),
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: `${PREFIX}_${name}`,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  gauge(
    'last_success_timestamp_seconds',
    'When the last successful backup finished (Unix time; 0: none known)',
    () => (backups.status().lastSuccess?.at.getTime() ?? 0) / 1000,
  );
  gauge(
    'last_size_bytes',
    'Size of the last successful backup, compressed (0: not known)',
    () => backups.status().lastSuccess?.bytes ?? 0,
  );
  gauge(
    'last_duration_seconds',
    'How long the last successful backup took',
    () => backups.status().lastSuccess?.seconds ?? 0,
  );
  gauge(
    'consecutive_failures',
    'Backups that failed since the last success',
    () => backups.status().failures,
  );
  gauge('running', 'Whether a backup is being made now (1) or not (0)', () =>
    backups.status().running ? 1 : 0,
  );
}
