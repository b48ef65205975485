import { Task, TaskStatus } from '@lit/task';
import { html, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import {
  downloadLedgerCsv,
  type LedgerBalanceLine,
  type LedgerReport,
} from '../../shared/ledger-api.js';
import { msg } from '../core/localize.js';
import { spinner } from '../core/service-element.js';

// A report saved as a file: the CSV arrives through the API client (the token in its header, never
// in an address), then a download link to the Blob saves it.

/** A file name for a report: `trust-balances-2026-11-30.csv`. */
export const fileName = (report: LedgerReport) =>
  `trust-${report}-${new Date().toISOString().slice(0, 10)}.csv`;

/** Saves a Blob as a file, the way a download link does (its address is the Blob's, no token). */
export function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What a download reads from its element. */
export interface DownloadSource {
  api: () => ApiClient;
  accountId: () => string;
  /** The balance line whose entries are open (the entries report is theirs). */
  line: () => LedgerBalanceLine | null;
  onError: (error: unknown) => void;
}

/** The ledger's CSV downloads: one at a time, each from its button. */
export class CsvDownload {
  readonly task: Task<[LedgerReport], LedgerReport>;

  constructor(host: ReactiveControllerHost, source: DownloadSource) {
    this.task = new Task(host, {
      autoRun: false,
      task: async ([report]: [LedgerReport], { signal }) => {
        const line = report === 'entries' ? source.line() : null;
        const blob = await downloadLedgerCsv(
          source.api(),
          report,
          {
            bankAccountId: source.accountId(),
            clientId: line?.clientId ?? undefined,
            matterId: line?.matterId ?? undefined,
          },
          signal,
        );
        save(blob, fileName(report));
        return report;
      },
      onError: source.onError,
    });
  }

  /** The button that downloads `report` (`what`: its name, for a screen reader). */
  button(report: LedgerReport, what: string) {
    const busy = this.task.status === TaskStatus.PENDING;
    return html`<button
      type="button"
      part="button csv-button"
      aria-disabled=${busy ? 'true' : 'false'}
      @click=${() => !busy && this.task.run([report])}
    >
      ${busy ? html`${spinner}${msg('Downloading…')}` : msg('Download CSV')}<span
        class="visually-hidden"
        >: ${what}</span
      >
    </button>`;
  }
}
