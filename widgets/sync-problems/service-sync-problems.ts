import { Task, TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { ApiClient, ListOptions } from '../../shared/api-client.js';
import { listSyncProblems, retrySyncProblems } from '../../shared/operations-api.js';
import type { SyncProblemKind, SyncProblemRecord } from '../../shared/sync-problems.js';
import { renderAlert } from '../core/alerts.js';
import { formatDateTime, plural } from '../core/format.js';
import { spinner } from '../core/service-element.js';
import { ServiceSyncRetriedEvent } from '../operations/events.js';
import { PagedList } from '../operations/paged-list.js';
import { ProgressWatcher } from '../operations/progress.js';

const KINDS: Record<SyncProblemKind, string> = {
  client: 'Client',
  matter: 'Matter',
  paymentLink: 'Payment link',
  aggregateLink: 'Aggregate link',
  paymentLinkRemoval: 'Payment link removal',
  aggregateLinkRemoval: 'Aggregate link removal',
};

/** The problem's name as a person knows it; a removal's record is gone, so its id stands in. */
const nameOf = (p: SyncProblemRecord) => p.name ?? `Deleted record ${p.recordId.slice(0, 8)}`;

function nextTry(p: SyncProblemRecord): string {
  if (p.status === 'dead') return 'Only when retried';
  return p.nextAttemptAt ? formatDateTime(p.nextAttemptAt, true) : '—';
}

/**
 * What failed to reach the payment service (admin role): records whose sync is in `error` or
 * `retrying`, and removals of deleted records that gave up, newest first, each with its type,
 * name, the payment service's message, attempts and next automatic try. "Retry" puts one back in
 * line, "Retry all" every one, then shows how many of them the sync has tried again ("3 / 12")
 * while the workers drain them; with nothing failing it says all is in step. It reloads on its
 * own while the page is visible (`poll-interval`), so a retried record leaves the list once synced.
 *
 * @tagname service-sync-problems
 * @summary Records that failed to sync, with retry.
 *
 * @fires service-sync-retried - `detail: { id, retried }` after a retry (`id` null: all).
 * @fires service-error - A call failed; `detail` has the API's message.
 *
 * @csspart table - The table of problems.
 * @csspart row - A problem's row.
 * @csspart message - The payment service's message.
 * @csspart button - Buttons.
 * @csspart retry-button - A row's retry button.
 * @csspart retry-all-button - The button that retries every problem.
 * @csspart more-button - Loads the next page.
 * @csspart empty - The text shown when all is in step.
 * @csspart result - The outcome of a retry.
 * @csspart progress - After "Retry all": those tried again of those put back in line.
 * @csspart warning - A refresh failed: the list shown is the last one loaded.
 */
export class ServiceSyncProblems extends PagedList<SyncProblemRecord> {
  /** The outcome of the last retry, announced. */
  @state() private outcome = '';

  /** "Retry all" goes on after its request: the workers drain the jobs it put back in line. */
  readonly #drain = new ProgressWatcher(this, () => this.api, 'retryAll');

  protected override fetchPage(api: ApiClient, options: ListOptions, signal: AbortSignal) {
    return listSyncProblems(api, options, signal);
  }

  private readonly retry = new Task(this, {
    autoRun: false,
    task: async ([id]: [string | null], { signal }) => {
      const { retried } = await retrySyncProblems(this.api, id ?? undefined, signal);
      return { id, retried };
    },
    onComplete: (detail) => {
      this.outcome =
        detail.retried === 0
          ? 'Nothing to retry: it is in step already.'
          : `${plural(detail.retried, 'record')} put back in line: the sync tries again now.`;
      this.emit(new ServiceSyncRetriedEvent(detail));
      void this.refresh();
      if (detail.id === null && detail.retried > 0) void this.followDrain(detail.retried);
    },
    onError: (error) => {
      this.outcome = '';
      this.emitError('retry', error);
    },
  });

  private async followDrain(retried: number): Promise<void> {
    const last = await this.#drain.watch(true);
    if (!last?.finishedAt) return; // stopped (the element left the page, or a new retry)
    this.outcome = `${plural(retried, 'record')} put back in line: the sync has tried ${retried === 1 ? 'it' : 'them all'} again.`;
    void this.refresh();
  }

  private async onRetry(id: string | null): Promise<void> {
    if (this.retry.status === TaskStatus.PENDING) return;
    this.#drain.stop();
    this.#retrying = id;
    await this.retry.run([id]);
    await this.updateComplete;
    // The row (and its button) leaves the list once retried: focus goes to the outcome, or to
    // the alert, rather than to the page's body.
    this.renderRoot
      .querySelector<HTMLElement>(
        this.retry.status === TaskStatus.ERROR ? '[part~="error"]' : '[part~="result"]',
      )
      ?.focus();
  }

  private renderTable() {
    const busy = this.retry.status === TaskStatus.PENDING;
    const busyId = busy ? this.#retrying : undefined;
    return html`<div class="scroll" role="region" aria-label="Sync problems" tabindex="0">
      <table part="table">
        <caption class="visually-hidden">
          Records that failed to sync, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Message</th>
            <th scope="col">Attempts</th>
            <th scope="col">Next try</th>
            <th scope="col"><span class="visually-hidden">Action</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.rows.map(
            (p) =>
              html`<tr part="row" data-id=${p.id}>
                <td data-label="Type">
                  ${KINDS[p.kind]}
                  <span class="hint sub">${p.status === 'retrying' ? 'retrying' : 'failed'}</span>
                </td>
                <td data-label="Name">${nameOf(p)}</td>
                <td data-label="Message" part="message">${p.errorMessage ?? '—'}</td>
                <td data-label="Attempts">${p.attempts}</td>
                <td data-label="Next try">${nextTry(p)}</td>
                <td>
                  <button
                    type="button"
                    part="button retry-button"
                    aria-disabled=${busy ? 'true' : 'false'}
                    @click=${() => this.onRetry(p.id)}
                  >
                    ${busyId === p.id ? html`${spinner}Retrying…` : 'Retry'}<span
                      class="visually-hidden"
                      >: ${KINDS[p.kind]} ${nameOf(p)}</span
                    >
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  /** The problem being retried (null: all), for its button's busy label. */
  #retrying: string | null = null;

  override render() {
    const busy = this.retry.status === TaskStatus.PENDING;
    const count = this.rows.length;
    return html`<section
      part="card"
      aria-busy=${this.load.status === TaskStatus.PENDING || busy ? 'true' : 'false'}
    >
      <div class="row">
        ${this.renderHeading('Sync problems')}
        ${
          count > 0
            ? html`<button
                type="button"
                class="primary"
                part="button retry-all-button"
                aria-disabled=${busy ? 'true' : 'false'}
                @click=${() => this.onRetry(null)}
              >
                ${busy && this.#retrying === null ? html`${spinner}Retrying all…` : 'Retry all'}
              </button>`
            : nothing
        }
      </div>
      ${this.renderLoadState('problems')}
      ${this.retry.status === TaskStatus.ERROR ? renderAlert(this.retry.error) : nothing}
      <p role="status" part="result" tabindex="-1" class=${this.outcome ? 'success' : ''}>
        ${this.outcome}
      </p>
      ${this.#drain.render('Retried records tried again')}
      ${
        this.hasLoaded
          ? count === 0
            ? html`<p class="success" part="empty">
                All is in step: every record has reached the payment service.
              </p>`
            : html`${this.renderTable()}${this.renderMore('problems')}`
          : this.renderFirstLoad('the sync problems')
      }
    </section>`;
  }
}
