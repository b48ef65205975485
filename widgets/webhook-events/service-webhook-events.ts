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
import { plainRemote, renderAlert } from '../core/alerts.js';
import { formatCount, plural } from '../core/format.js';
import { spinner } from '../core/service-element.js';
import { renderTime } from '../core/table-fit.js';
import { renderTable } from '../operations/table.js';
import { ServiceReconciledEvent, ServiceWebhookEventsReplayedEvent } from '../operations/events.js';
import { PagedList } from '../operations/paged-list.js';
import { ProgressWatcher } from '../operations/progress.js';
import { msg, str } from '../core/localize.js';
import { renderDetails } from './details.js';
import { badge, noneWith, statuses } from './status.js';

/** "1 transaction", "3 transactions", in the current language. */
const transactions = (n: number) => plural(n, msg('transaction'), msg('transactions'));

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
      this.outcome = this.inOwnLocale(() =>
        detail.replayed === 0
          ? msg('No dead event to replay.')
          : detail.replayed === 1
            ? msg('1 event replayed: it goes through the pipeline again.')
            : msg(
                str`${plural(detail.replayed, msg('event'), msg('events'))} replayed: they go through the pipeline again.`,
              ),
      );
      this.emit(new ServiceWebhookEventsReplayedEvent(detail));
      void this.refresh();
      if (detail.id && detail.id === this.openId) void this.details.run();
    },
    onError: this.failed('replay'),
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
      this.outcome = this.inOwnLocale(() =>
        result
          ? msg(
              str`Reconciled: ${transactions(result.pulled + result.refreshed)} checked, ${formatCount(result.enqueued)} brought up to date.`,
            )
          : checked === null
            ? msg('The reconciliation that was running has ended.')
            : msg(
                str`The reconciliation that was running has ended: ${transactions(checked)} checked.`,
              ),
      );
      this.emit(new ServiceReconciledEvent({ result }));
    },
    onError: this.failed('reconcile'),
  });

  private async onReconcile(): Promise<void> {
    if (this.reconcile.status === TaskStatus.PENDING) return;
    await this.reconcile.run([]);
    // The button keeps focus; the outcome is announced from the status line.
  }

  private async onReplay(id: string | null): Promise<void> {
    if (this.replay.status === TaskStatus.PENDING) return;
    this.#replaying = id;
    await this.runAndFocus(this.replay, [id]);
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
      <label for="status" part="label">${msg('Status')}</label>
      <select id="status" part="filter" @change=${this.onStatus}>
        <option value="" ?selected=${this.status === ''}>${msg('All')}</option>
        ${Object.entries(statuses()).map(
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
        <td data-label=${msg('Received')}>${renderTime(e.receivedAt)}</td>
        <td data-label=${msg('Kind')}><span>${e.type}</span></td>
        <td data-label=${msg('Status')} part="status">${badge(e.status)}</td>
        <td data-label=${msg('Attempts')}><span>${e.attempts}</span></td>
        <td data-label=${msg('Error')}><span>${e.error ? plainRemote(e.error) : '—'}</span></td>
        <td>
          <div class="row">
            <button
              type="button"
              part="button details-button"
              aria-expanded=${open ? 'true' : 'false'}
              aria-controls=${open ? 'details' : nothing}
              @click=${() => this.toggle(e.id)}
            >
              ${open ? msg('Close') : msg('Details')}<span class="visually-hidden"
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
                    ${busy && this.#replaying === e.id ? html`${spinner}${msg('Replaying…')}` : msg('Replay')}<span
                      class="visually-hidden"
                      >: ${e.type} ${e.eventId}</span
                    >
                  </button>`
                : nothing
            }
          </div>
        </td>
      </tr>
      ${
        open
          ? renderDetails({
              openId: e.id,
              event: this.details.value,
              failed: this.details.status === TaskStatus.ERROR,
              error: this.details.error,
              heading: (content) => this.renderHeadingAt(1, content, 'details-heading'),
              close: () => this.close(),
            })
          : nothing
      }`;
  }

  private renderTable() {
    return renderTable(
      msg('Webhook events'),
      msg('Webhook events, newest first'),
      'table',
      [
        msg('Received'),
        msg('Kind'),
        msg('Status'),
        msg('Attempts'),
        msg('Error'),
        { label: msg('Actions'), hidden: true },
      ],
      this.rows.map((e) => this.renderRow(e)),
    );
  }

  override render() {
    const busy = this.replay.status === TaskStatus.PENDING;
    const reconciling = this.reconcile.status === TaskStatus.PENDING;
    return html`<section
      part="card"
      aria-busy=${this.load.status === TaskStatus.PENDING || busy || reconciling ? 'true' : 'false'}
    >
      <div class="row header">
        ${this.renderHeading(msg('Webhook events'))}
        <button
          type="button"
          part="button reconcile-button"
          aria-disabled=${reconciling ? 'true' : 'false'}
          @click=${this.onReconcile}
        >
          ${reconciling ? html`${spinner}${msg('Reconciling…')}` : msg('Reconcile now')}
        </button>
        <button
          type="button"
          class=${this.rows.some((e) => e.status === 'dead') ? 'primary' : ''}
          part="button replay-all-button"
          aria-disabled=${busy ? 'true' : 'false'}
          @click=${() => this.onReplay(null)}
        >
          ${busy && this.#replaying === null ? html`${spinner}${msg('Replaying…')}` : msg('Replay all dead')}
        </button>
      </div>
      ${this.#reconcileProgress.render(msg('Transactions reconciled'))} ${this.renderFilter()}
      ${this.renderLoadState((time) => msg(str`Showing the events as of ${time}.`))}
      ${this.replay.status === TaskStatus.ERROR ? renderAlert(this.replay.error) : nothing}
      ${this.reconcile.status === TaskStatus.ERROR ? renderAlert(this.reconcile.error) : nothing}
      ${this.renderOutcome()}
      ${
        this.hasLoaded
          ? this.rows.length === 0
            ? html`<p class="hint" part="empty">
                ${this.status ? noneWith(this.status) : msg('No webhook received yet.')}
              </p>`
            : html`${this.renderTable()}${this.renderMore(msg('Show more events'))}`
          : this.renderFirstLoad(msg('Loading the events…'))
      }
    </section>`;
  }
}
