import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { listLedgerEntries, type LedgerEntry } from '../../shared/ledger-api.js';
import type { Page } from '../../shared/schemas.js';
import { renderAlert } from '../core/alerts.js';
import { msg } from '../core/localize.js';
import { spinner } from '../core/service-element.js';
import { LineView } from './line-view.js';
import { lineName, renderEntries, renderMoreButton } from './tables.js';

// The trust ledger's drill-down: the entries of the balance line opened (a client's, or a
// matter's), with their running balance; the first page, then "Show more entries" with the API's
// cursor.

/** Entries per page. */
const PAGE = 50;

/** What the entries read from their element. */
export interface EntriesSource {
  api: () => ApiClient;
  accountId: () => string;
  onError: (error: unknown) => void;
}

export class LedgerEntries extends LineView {
  #entries: LedgerEntry[] = [];
  #cursor: string | null = null;

  /** A page of the open line's entries: the first (no cursor) replaces, the next add. */
  readonly page: Task<[string | undefined], { page: Page<LedgerEntry>; more: boolean }>;

  constructor(host: ReactiveControllerHost, source: EntriesSource) {
    super(host);
    this.page = new Task(host, {
      autoRun: false,
      task: async ([cursor]: [string | undefined], { signal }) => {
        const line = this.line!;
        const page = await listLedgerEntries(
          source.api(),
          {
            bankAccountId: source.accountId(),
            clientId: line.clientId ?? undefined,
            matterId: line.matterId ?? undefined,
            limit: PAGE,
            cursor,
          },
          signal,
        );
        return { page, more: cursor !== undefined };
      },
      onComplete: ({ page, more }) => {
        this.#entries = more ? [...this.#entries, ...page.data] : page.data;
        this.#cursor = page.nextCursor;
      },
      onError: source.onError,
    });
  }

  /** The open line's client and matter, as a person reads them. */
  get name(): string {
    const line = this.line;
    if (!line) return '';
    return `${lineName(line)}${line.matterId ? ` · ${line.matterName ?? ''}` : ''}`;
  }

  protected override reset(): void {
    this.#entries = [];
    this.#cursor = null;
  }

  render(header: unknown) {
    const loading = this.page.status === TaskStatus.PENDING;
    return html`${header}
    ${this.page.status === TaskStatus.ERROR ? renderAlert(this.page.error) : nothing}
    ${
      this.#entries.length
        ? renderEntries(this.#entries)
        : loading
          ? html`<p class="hint">${spinner}${msg('Loading the entries…')}</p>`
          : this.page.status === TaskStatus.COMPLETE
            ? html`<p class="hint" part="empty">${msg('No entries.')}</p>`
            : nothing
    }
    ${renderMoreButton(this.#cursor, loading, msg('Show more entries'), (cursor) =>
      this.page.run([cursor]),
    )}`;
  }
}
