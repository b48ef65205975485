import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import {
  downloadClientStatement,
  getClientStatement,
  type ClientStatement,
  type ClientStatementLine,
  type StatementQuery,
} from '../../shared/ledger-api.js';
import { renderAlert, serverFieldErrors } from '../core/alerts.js';
import { msg, str } from '../core/localize.js';
import { renderField, spinner } from '../core/service-element.js';
import { amountHead, renderTable } from '../operations/table.js';
import { save } from './download.js';
import { day, entryKindLabel, lineName, money, renderMoreButton } from './tables.js';
import { LineView } from './line-view.js';

// The client ledger statement of a balance line (a client's, or one matter's) for a period: the
// opening balance, each entry with who paid or was paid and why, the running balance, the closing
// balance; CSV and PDF of the whole period from the API (docs/api.md#client-ledger-statement).

/** A local day as the API reads it: `2026-11-30`. */
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** This month so far: its first day to today. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: isoDay(now) };
}

/** What the statement reads from its element. */
export interface StatementSource {
  api: () => ApiClient;
  accountId: () => string;
  onError: (operation: string, error: unknown) => void;
}

export class LedgerStatement extends LineView {
  period = thisMonth();
  #entries: ClientStatementLine[] = [];

  /** A page of the period's entries: the first (no cursor) replaces, the next add. */
  readonly page: Task<[string | undefined], { statement: ClientStatement; more: boolean }>;
  /** The whole period as a file. */
  readonly download: Task<['pdf' | 'csv'], 'pdf' | 'csv'>;

  constructor(
    host: ReactiveControllerHost,
    private readonly source: StatementSource,
  ) {
    super(host);
    this.page = new Task(host, {
      autoRun: false,
      task: async ([cursor]: [string | undefined], { signal }) => ({
        statement: await getClientStatement(source.api(), { ...this.query(), cursor }, signal),
        more: cursor !== undefined,
      }),
      onComplete: ({ statement, more }) => {
        this.#entries = more ? [...this.#entries, ...statement.entries] : statement.entries;
      },
      onError: (error) => source.onError('statement', error),
    });
    this.download = new Task(host, {
      autoRun: false,
      task: async ([format]: ['pdf' | 'csv'], { signal }) => {
        const blob = await downloadClientStatement(source.api(), this.query(), format, signal);
        const { from, to } = this.period;
        save(blob, `trust-statement-${from || 'start'}-${to || 'today'}.${format}`);
        return format;
      },
      onError: (error) => source.onError('download', error),
    });
  }

  private query(): StatementQuery {
    const line = this.line!;
    return {
      bankAccountId: this.source.accountId(),
      clientId: line.clientId!,
      matterId: line.matterId ?? undefined,
      from: this.period.from || undefined,
      to: this.period.to || undefined,
    };
  }

  /** The open line's client and matter, as a person reads them. */
  get name(): string {
    const line = this.line;
    if (!line) return '';
    return `${lineName(line)}${line.matterId ? ` · ${line.matterName ?? ''}` : ''}`;
  }

  /** A line opens on this month. */
  protected override reset(): void {
    this.period = thisMonth();
    this.#entries = [];
  }

  private onPeriod(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    this.period = { from: value('from'), to: value('to') };
    void this.reload();
  }

  private renderPeriod() {
    const error = this.page.status === TaskStatus.ERROR ? this.page.error : null;
    const date = (id: 'from' | 'to', label: string) =>
      renderField(
        { id, label, errors: serverFieldErrors(error, id), optional: true },
        ({ describedBy, invalid }) =>
          html`<input
            type="date"
            id=${id}
            name=${id}
            part="input"
            .value=${this.period[id]}
            aria-describedby=${describedBy ?? nothing}
            aria-invalid=${invalid ?? nothing}
          />`,
      );
    return html`<form
      class="row period"
      part="form period"
      novalidate
      aria-label=${msg('Period')}
      @submit=${(e: SubmitEvent) => this.onPeriod(e)}
    >
      ${date('from', msg('From'))} ${date('to', msg('Through'))}
      <button part="button submit">${msg('Show')}</button>
    </form>`;
  }

  private renderDownloads() {
    const busy = this.download.status === TaskStatus.PENDING;
    const button = (format: 'csv' | 'pdf', label: string) =>
      html`<button
        type="button"
        part="button ${format}-button"
        aria-disabled=${busy ? 'true' : 'false'}
        @click=${() => !busy && this.download.run([format])}
      >
        ${label}<span class="visually-hidden">: ${msg(str`statement of ${this.name}`)}</span>
      </button>`;
    return html`<div class="row">
      ${button('csv', msg('Download CSV'))} ${button('pdf', msg('Download PDF'))}
      ${busy ? html`<span class="hint">${spinner}${msg('Downloading…')}</span>` : nothing}
    </div>`;
  }

  private renderSummary(s: ClientStatement) {
    const row = (label: string, amount: string, part: string, balance = false) =>
      html`<div part=${part}>
        <dt>${label}</dt>
        <dd class="amount">${money(amount, balance)}</dd>
      </div>`;
    return html`<dl class="summary" part="statement-summary">
      ${row(msg('Opening balance'), s.openingBalance, 'opening-balance', true)}
      ${row(msg('Money in'), s.totalIn, 'total-in')}
      ${row(msg('Money out'), s.totalOut, 'total-out')}
      ${row(msg('Closing balance'), s.closingBalance, 'closing-balance', true)}
    </dl>`;
  }

  private renderLines(lines: readonly ClientStatementLine[]) {
    return renderTable(
      msg('Statement entries'),
      msg('The period’s entries oldest first, with the balance after each'),
      'table statement',
      [
        msg('Date'),
        msg('Description'),
        msg('Payer or payee'),
        msg('Purpose'),
        amountHead(msg('Amount')),
        amountHead(msg('Balance')),
      ],
      lines.map((l) => {
        const reference = l.reference ? ` · ${l.reference}` : '';
        return html`<tr part="row" data-id=${l.id} data-kind=${l.kind}>
          <td data-label=${msg('Date')}>${day(l.day)}</td>
          <td data-label=${msg('Description')}>
            <span>${entryKindLabel(l.kind, l.amount)}${reference}</span>
            ${l.memo ? html`<span class="hint sub">${l.memo}</span>` : nothing}
          </td>
          <td data-label=${msg('Payer or payee')}><span>${l.payer ?? l.payee ?? '—'}</span></td>
          <td data-label=${msg('Purpose')}><span>${l.purpose ?? '—'}</span></td>
          <td class="amount" data-label=${msg('Amount')}>${money(l.amount)}</td>
          <td class="amount" data-label=${msg('Balance')} part="running-balance">
            ${money(l.runningBalance, true)}
          </td>
        </tr>`;
      }),
    );
  }

  /** The statement under `header` (the way back, the heading). */
  render(header: unknown) {
    const loading = this.page.status === TaskStatus.PENDING;
    const statement = this.page.value?.statement;
    return html`${header} ${this.renderPeriod()}
    ${this.page.status === TaskStatus.ERROR ? renderAlert(this.page.error, ['from', 'to']) : nothing}
    ${this.download.status === TaskStatus.ERROR ? renderAlert(this.download.error) : nothing}
    ${
      !statement
        ? loading
          ? html`<p class="hint">${spinner}${msg('Loading the statement…')}</p>`
          : nothing
        : html`${this.renderDownloads()} ${this.renderSummary(statement)}
          ${
            this.#entries.length
              ? this.renderLines(this.#entries)
              : html`<p class="hint" part="empty">${msg('No entries in this period.')}</p>`
          }
          ${renderMoreButton(statement.nextCursor, loading, msg('Show more entries'), (cursor) =>
            this.page.run([cursor]),
          )}`
    }`;
  }
}
