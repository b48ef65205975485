import { Task, TaskStatus } from '@lit/task';
import { css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { ApiError, type ApiClient, type ListOptions } from '../../shared/api-client.js';
import {
  getWebhookEvent,
  listWebhookEvents,
  reconcileNow,
  replayWebhookEvents,
} from '../../shared/operations-api.js';
import type { WebhookEventRecord, WebhookEventStatus } from '../../shared/webhooks.js';
import { alertBox, renderAlert } from '../core/alerts.js';
import { formatDateTime, plural } from '../core/format.js';
import { spinner } from '../core/service-element.js';
import { renderTime } from '../core/table-fit.js';
import { ServiceReconciledEvent, ServiceWebhookEventsReplayedEvent } from '../operations/events.js';
import { PagedList } from '../operations/paged-list.js';
import { ProgressWatcher } from '../operations/progress.js';

/** The event log's statuses as a person reads them (the order of the filter). */
const STATUSES: Record<WebhookEventStatus, string> = {
  received: 'Received',
  processed: 'Processed',
  ignored: 'Ignored',
  skipped: 'Skipped',
  failed: 'Failed, retrying',
  dead: 'Dead',
};

/** Each status's badge. */
const TONES: Record<WebhookEventStatus, string> = {
  received: 'muted',
  processed: 'success',
  ignored: 'muted',
  skipped: 'muted',
  failed: 'warning',
  dead: 'error',
};

const badge = (status: WebhookEventStatus) =>
  html`<span class="badge" data-tone=${TONES[status]}>${STATUSES[status]}</span>`;

/**
 * The webhook event log (admin role): the events the payment service sent, newest first, with
 * their kind, status, attempts and error; a filter by status; "Details" opens an event (its kind,
 * transaction ids, attempts, error and times; never its signature, which is not kept); "Replay"
 * sends a dead event through the pipeline again, "Replay all dead" every one. "Show more" pages
 * with the API's cursor. It reloads on its own while the page is visible (`poll-interval`).
 * "Reconcile now" pulls from the payment service what webhooks may have missed, showing the
 * transactions checked of those to check while it runs; when a reconciliation already runs (the
 * schedule, another admin), it follows that one to its end instead.
 *
 * @tagname service-webhook-events
 * @summary The webhook event log, with replay.
 *
 * @fires service-webhook-events-replayed - `detail: { id, replayed }` after a replay (`id` null: all dead).
 * @fires service-reconciled - `detail: { result }` when a reconciliation ended (`result` null: one started elsewhere was followed).
 * @fires service-error - A call failed; `detail` has the API's message.
 *
 * @csspart filter - The status filter.
 * @csspart table - The table of events.
 * @csspart row - An event's row (`data-status`).
 * @csspart button - Buttons.
 * @csspart details-button - Opens a row's details.
 * @csspart replay-button - Replays a dead event.
 * @csspart replay-all-button - Replays every dead event.
 * @csspart reconcile-button - Reconciles now.
 * @csspart progress - Transactions checked of those to check, while reconciling.
 * @csspart more-button - Loads the next page.
 * @csspart details - The open event's details.
 * @csspart empty - The text shown when there is no event.
 * @csspart result - The outcome of a replay or a reconciliation.
 * @csspart warning - A refresh failed: the list shown is the last one loaded.
 */
export class ServiceWebhookEvents extends PagedList<WebhookEventRecord> {
  static override styles = [
    PagedList.styles,
    css`
      td.details {
        text-align: start;
        background: var(--_result);
      }
      [part~='filter'] {
        max-inline-size: 16rem;
      }
      [part~='details'] {
        display: grid;
        gap: 0.5rem;
        padding: 0.25rem 0;
      }
    `,
  ];

  /** The status shown ('' all). */
  @state() private status: WebhookEventStatus | '' = '';
  /** The event whose details are open. */
  @state() private openId: string | null = null;
  /** The outcome of the last replay, announced. */
  @state() private outcome = '';
  #replaying: string | null = null;

  protected override filterKey(): unknown {
    return this.status;
  }

  protected override fetchPage(api: ApiClient, options: ListOptions, signal: AbortSignal) {
    return listWebhookEvents(api, { ...options, status: this.status || undefined }, signal);
  }

  /** The open event, read again from its own route (the list may be older). */
  private readonly details = new Task(this, {
    args: () => [this.api, this.openId] as const,
    task: async ([api, id]: readonly [ApiClient, string | null], { signal }) =>
      id ? getWebhookEvent(api, id, signal) : null,
    onError: (error) => this.emitError('details', error),
  });

  private readonly replay = new Task(this, {
    autoRun: false,
    task: async ([id]: [string | null], { signal }) => {
      const { replayed } = await replayWebhookEvents(this.api, id ?? undefined, signal);
      return { id, replayed };
    },
    onComplete: (detail) => {
      this.outcome =
        detail.replayed === 0
          ? 'No dead event to replay.'
          : `${plural(detail.replayed, 'event')} replayed: ${detail.replayed === 1 ? 'it goes' : 'they go'} through the pipeline again.`;
      this.emit(new ServiceWebhookEventsReplayedEvent(detail));
      void this.refresh();
      if (detail.id && detail.id === this.openId) void this.details.run();
    },
    onError: (error) => {
      this.outcome = '';
      this.emitError('replay', error);
    },
  });

  readonly #reconcileProgress = new ProgressWatcher(this, () => this.api, 'reconciliation');

  private readonly reconcile = new Task(this, {
    autoRun: false,
    task: async (_args: [], { signal }) => {
      void this.#reconcileProgress.watch();
      try {
        return { result: await reconcileNow(this.api, signal), checked: null };
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
        // One runs already: its progress until it ends is what this click can show.
        const last = await this.#reconcileProgress.watch(true);
        return { result: null, checked: last?.done ?? null };
      } finally {
        this.#reconcileProgress.stop();
      }
    },
    onComplete: ({ result, checked }) => {
      this.outcome = result
        ? `Reconciled: ${plural(result.pulled + result.refreshed, 'transaction')} checked, ${result.enqueued} brought up to date.`
        : `The reconciliation that was running has ended${checked === null ? '' : `: ${plural(checked, 'transaction')} checked`}.`;
      this.emit(new ServiceReconciledEvent({ result }));
    },
    onError: (error) => {
      this.outcome = '';
      this.emitError('reconcile', error);
    },
  });

  private async onReconcile(): Promise<void> {
    if (this.reconcile.status === TaskStatus.PENDING) return;
    await this.reconcile.run([]);
    // The button keeps focus; the outcome is announced from the status line.
  }

  private async onReplay(id: string | null): Promise<void> {
    if (this.replay.status === TaskStatus.PENDING) return;
    this.#replaying = id;
    await this.replay.run([id]);
    await this.updateComplete;
    this.renderRoot
      .querySelector<HTMLElement>(
        this.replay.status === TaskStatus.ERROR ? '[part~="error"]' : '[part~="result"]',
      )
      ?.focus();
  }

  private async toggle(id: string): Promise<void> {
    this.openId = this.openId === id ? null : id;
    if (this.openId) await this.focusWithin('[part~="details"]');
  }

  private async close(): Promise<void> {
    const id = this.openId;
    this.openId = null;
    if (id) await this.focusWithin(`tr[data-id="${id}"] [part~="details-button"]`);
  }

  private onStatus(event: Event): void {
    this.status = (event.target as HTMLSelectElement).value as WebhookEventStatus | '';
    this.openId = null;
  }

  private renderFilter() {
    return html`<div class="field" part="field">
      <label for="status" part="label">Status</label>
      <select id="status" part="filter" @change=${this.onStatus}>
        <option value="" ?selected=${this.status === ''}>All</option>
        ${Object.entries(STATUSES).map(
          ([value, label]) =>
            html`<option value=${value} ?selected=${this.status === value}>${label}</option>`,
        )}
      </select>
    </div>`;
  }

  private renderRow(e: WebhookEventRecord) {
    const busy = this.replay.status === TaskStatus.PENDING;
    const open = this.openId === e.id;
    return html`<tr part="row" data-id=${e.id} data-status=${e.status}>
        <td data-label="Received">${renderTime(e.receivedAt)}</td>
        <td data-label="Kind"><span>${e.type}</span></td>
        <td data-label="Status" part="status">${badge(e.status)}</td>
        <td data-label="Attempts"><span>${e.attempts}</span></td>
        <td data-label="Error"><span>${e.error ?? '—'}</span></td>
        <td>
          <div class="row">
            <button
              type="button"
              part="button details-button"
              aria-expanded=${open ? 'true' : 'false'}
              aria-controls=${open ? 'details' : nothing}
              @click=${() => this.toggle(e.id)}
            >
              ${open ? 'Close' : 'Details'}<span class="visually-hidden"
                >: ${e.type} ${e.eventId}</span
              >
            </button>
            ${
              e.status === 'dead'
                ? html`<button
                    type="button"
                    part="button replay-button"
                    aria-disabled=${busy ? 'true' : 'false'}
                    @click=${() => this.onReplay(e.id)}
                  >
                    ${busy && this.#replaying === e.id ? html`${spinner}Replaying…` : 'Replay'}<span
                      class="visually-hidden"
                      >: ${e.type} ${e.eventId}</span
                    >
                  </button>`
                : nothing
            }
          </div>
        </td>
      </tr>
      ${open ? this.renderDetails() : nothing}`;
  }

  /** The open event's details, in a row of their own under its row. */
  private renderDetails() {
    const e = this.details.value;
    const failed = this.details.status === TaskStatus.ERROR;
    return html`<tr>
      <td colspan="6" class="details">
        <section
          id="details"
          part="details"
          tabindex="-1"
          aria-labelledby="details-heading"
          @keydown=${(k: KeyboardEvent) => k.key === 'Escape' && this.close()}
        >
          <div class="row header">
            ${this.renderHeadingAt(
              1,
              html`Event ${e ? html`<code>${e.eventId}</code>` : nothing}`,
              'details-heading',
            )}
            <button type="button" part="button" @click=${this.close}>Close details</button>
          </div>
          ${
            failed
              ? renderAlert(this.details.error)
              : e && e.id === this.openId
                ? html`<dl>
                    <dt>Kind</dt>
                    <dd>${e.type}</dd>
                    <dt>Status</dt>
                    <dd>${badge(e.status)}</dd>
                    <dt>Transaction ids</dt>
                    <dd>
                      ${
                        e.transactionIds.length
                          ? e.transactionIds.map((id) => html`<code>${id}</code> `)
                          : 'None'
                      }
                    </dd>
                    <dt>Attempts</dt>
                    <dd>${e.attempts}</dd>
                    <dt>Error</dt>
                    <dd>${e.error ?? 'None'}</dd>
                    <dt>Received</dt>
                    <dd>${formatDateTime(e.receivedAt)}</dd>
                    <dt>Processed</dt>
                    <dd>${formatDateTime(e.processedAt)}</dd>
                    <dt>Last change</dt>
                    <dd>${formatDateTime(e.updatedAt)}</dd>
                  </dl>`
                : html`<p class="hint">${spinner}Loading the event…</p>`
          }
        </section>
      </td>
    </tr>`;
  }

  private renderTable() {
    return html`<div data-fit role="region" aria-label="Webhook events">
      <table part="table">
        <caption class="visually-hidden">
          Webhook events, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Error</th>
            <th scope="col"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.rows.map((e) => this.renderRow(e))}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    const busy = this.replay.status === TaskStatus.PENDING;
    const reconciling = this.reconcile.status === TaskStatus.PENDING;
    return html`<section
      part="card"
      aria-busy=${this.load.status === TaskStatus.PENDING || busy || reconciling ? 'true' : 'false'}
    >
      <div class="row header">
        ${this.renderHeading('Webhook events')}
        <button
          type="button"
          part="button reconcile-button"
          aria-disabled=${reconciling ? 'true' : 'false'}
          @click=${this.onReconcile}
        >
          ${reconciling ? html`${spinner}Reconciling…` : 'Reconcile now'}
        </button>
        <button
          type="button"
          class=${this.rows.some((e) => e.status === 'dead') ? 'primary' : ''}
          part="button replay-all-button"
          aria-disabled=${busy ? 'true' : 'false'}
          @click=${() => this.onReplay(null)}
        >
          ${busy && this.#replaying === null ? html`${spinner}Replaying…` : 'Replay all dead'}
        </button>
      </div>
      ${this.#reconcileProgress.render('Transactions reconciled')} ${this.renderFilter()}
      ${this.renderLoadState('events')}
      ${this.replay.status === TaskStatus.ERROR ? renderAlert(this.replay.error) : nothing}
      ${this.reconcile.status === TaskStatus.ERROR ? renderAlert(this.reconcile.error) : nothing}
      ${this.outcome ? alertBox('success', html`<p>${this.outcome}</p>`, 'result') : nothing}
      ${
        this.hasLoaded
          ? this.rows.length === 0
            ? html`<p class="hint" part="empty">
                ${
                  this.status
                    ? `No event is ${STATUSES[this.status].toLowerCase()}.`
                    : 'No webhook received yet.'
                }
              </p>`
            : html`${this.renderTable()}${this.renderMore('events')}`
          : this.renderFirstLoad('the events')
      }
    </section>`;
  }
}
