import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { getLedgerDeposits } from '../../shared/ledger-api.js';
import { renderAlert } from '../core/alerts.js';
import { msg } from '../core/localize.js';
import { spinner } from '../core/service-element.js';
import { renderDeposits } from './tables.js';

// The trust ledger's Deposits tab: the bank deposits (gross, refunds, surcharges, net, settled
// date), loaded while the tab is open.

export interface DepositsSource {
  api: () => ApiClient;
  accountId: () => string;
  /** Whether the tab is open: only then is the report loaded. */
  shown: () => boolean;
  onError: (error: unknown) => void;
}

export class LedgerDepositsView {
  readonly task;

  constructor(host: ReactiveControllerHost, source: DepositsSource) {
    this.task = new Task(host, {
      args: () => [source.api(), source.accountId(), source.shown()] as const,
      task: async (
        [api, bankAccountId, shown]: readonly [ApiClient, string, boolean],
        { signal },
      ) =>
        bankAccountId && shown ? getLedgerDeposits(api, { bankAccountId }, signal) : initialState,
      onError: source.onError,
    });
  }

  /** `heading`: the view's heading; `download`: the deposits' CSV button. */
  render(heading: (content: string) => unknown, download: () => unknown) {
    const report = this.task.value;
    if (!report) {
      return this.task.status === TaskStatus.ERROR
        ? renderAlert(this.task.error)
        : html`<p class="hint">${spinner}${msg('Loading the deposits…')}</p>`;
    }
    return html`<div class="row header">
        ${heading(msg('Bank deposits'))} ${report.deposits.length ? download() : nothing}
      </div>
      ${
        report.deposits.length
          ? renderDeposits(report)
          : html`<p class="hint" part="empty">${msg('No deposit has settled yet.')}</p>`
      }`;
  }
}
