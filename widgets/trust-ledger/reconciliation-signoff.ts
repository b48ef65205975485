import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { downloadReconciliationReport, type Reconciliation } from '../../shared/ledger-api.js';
import { formatDateTime } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { spinner } from '../core/service-element.js';
import { save } from './download.js';
import { statementDay } from './reconciliation.js';

// A run's sign-off (the person who prepared it, then another who reviewed it: both, and the month
// is closed) and its report, saved as a PDF or a CSV.

export type SignRole = 'prepared' | 'reviewed';

export function renderSignoff(
  r: Reconciliation,
  options: {
    /** Whether the buttons show (an admin, the month open). */
    editable: boolean;
    /** The role being signed now. */
    signing: SignRole | null;
    onSign: (role: SignRole) => void;
  },
) {
  const { editable, signing, onSign } = options;
  const balanced = r.status === 'balanced';
  const rows: [SignRole, string, string][] = [
    ['prepared', msg('Prepared by'), msg('Sign as preparer')],
    ['reviewed', msg('Reviewed by'), msg('Sign as reviewer')],
  ];
  return html`<dl part="signoffs">
      ${rows.map(([role, label, action]) => {
        const signed = r.signoffs.find((s) => s.role === role);
        return html`<dt>${label}</dt>
          <dd data-role=${role}>
            ${
              signed
                ? html`<strong>${signed.person?.name ?? signed.by}</strong> ·
                    <time datetime=${signed.at}>${formatDateTime(signed.at)}</time>`
                : editable && balanced
                  ? html`<button
                      type="button"
                      part="button sign-button"
                      data-role=${role}
                      aria-disabled=${signing ? 'true' : 'false'}
                      @click=${() => !signing && onSign(role)}
                    >
                      ${signing === role ? spinner : nothing}${action}
                    </button>`
                  : html`<span class="hint">${msg('Not signed yet')}</span>`
            }
          </dd>`;
      })}
    </dl>
    ${
      r.closedAt
        ? html`<p part="closed">
            <span class="badge" data-tone="success">${msg('Closed')}</span>
            ${msg(str`Signed by two people on ${formatDateTime(r.closedAt)}: the month is closed and this reconciliation no longer changes.`)}
          </p>`
        : editable && !balanced
          ? html`<p class="hint">${msg('It can be signed once it balances.')}</p>`
          : editable
            ? html`<p class="hint">
                ${msg('Two different people sign: the one who prepared it, then a reviewer.')}
              </p>`
            : nothing
    }`;
}

/** What a report download reads from its element. */
export interface ReportSource {
  api: () => ApiClient;
  onError: (error: unknown) => void;
}

/** A run's report as a file: PDF or CSV, one at a time. */
export class ReportDownload {
  readonly task: Task<[Reconciliation, 'pdf' | 'csv'], 'pdf' | 'csv'>;
  /** The format asked last (its button spins). */
  #asked: 'pdf' | 'csv' | null = null;

  constructor(host: ReactiveControllerHost, source: ReportSource) {
    this.task = new Task(host, {
      autoRun: false,
      task: async ([run, format]: [Reconciliation, 'pdf' | 'csv'], { signal }) => {
        const blob = await downloadReconciliationReport(source.api(), run.id, format, signal);
        save(blob, `reconciliation-${statementDay(run.asOf)}.${format}`);
        return format;
      },
      onError: source.onError,
    });
  }

  buttons(run: Reconciliation) {
    const busy = this.task.status === TaskStatus.PENDING;
    const button = (format: 'pdf' | 'csv', label: string) =>
      html`<button
        type="button"
        part="button report-button"
        data-format=${format}
        aria-disabled=${busy ? 'true' : 'false'}
        @click=${() => {
          if (busy) return;
          this.#asked = format;
          void this.task.run([run, format]);
        }}
      >
        ${busy && this.#asked === format ? spinner : nothing}${label}
      </button>`;
    return html`<div class="row" part="reports">
      ${button('pdf', msg('Download PDF'))} ${button('csv', msg('Download CSV'))}
    </div>`;
  }
}
