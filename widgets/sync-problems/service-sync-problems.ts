import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import type { ApiClient, ListOptions } from '../../shared/api-client.js';
import { listSyncProblems, retrySyncProblems } from '../../shared/operations-api.js';
import type { SyncProblemKind, SyncProblemRecord } from '../../shared/sync-problems.js';
import { alertBox, plainRemote, renderAlert } from '../core/alerts.js';
import { clientNames } from '../core/client-names.js';
import { formatDateTime, formatMoney, plural } from '../core/format.js';
import { spinner } from '../core/service-element.js';
import { ServiceSyncRetriedEvent } from '../operations/events.js';
import { PagedList } from '../operations/paged-list.js';
import { ProgressWatcher } from '../operations/progress.js';
import { renderTable } from '../operations/table.js';
import { msg, str } from '../core/localize.js';

/** A problem's type, in the current language. */
const kindLabel = (kind: SyncProblemKind): string =>
  ({
    client: msg('Client'),
    matter: msg('Matter'),
    paymentLink: msg('Payment link'),
    aggregateLink: msg('Aggregate link'),
    paymentPlan: msg('Payment plan'),
    paymentLinkRemoval: msg('Payment link removal'),
    aggregateLinkRemoval: msg('Aggregate link removal'),
    refund: msg('Refund'),
    void: msg('Void'),
  })[kind];

/** A problem's status: its words and its badge's tone. */
const statusOf = (status: SyncProblemRecord['status']): [string, string] =>
  ({
    error: [msg('Failed'), 'error'] as [string, string],
    retrying: [msg('Retrying'), 'warning'] as [string, string],
    dead: [msg('Gave up'), 'error'] as [string, string],
    failed: [msg('Refused by the service'), 'error'] as [string, string],
  })[status];

/** "1 record", "3 records", in the current language. */
const records = (n: number) => plural(n, msg('record'), msg('records'));

/** Kinds whose records may have no name: they are described by amount, client and date. */
const UNNAMED = new Set<SyncProblemKind>(['paymentLink', 'aggregateLink']);

function nextTry(p: SyncProblemRecord): string {
  if (p.status === 'dead') return msg('Only when retried');
  // A failed refund or void: never sent again by a retry (that would be a new request for money).
  if (p.status === 'failed') return msg('Never: ask again from the transaction');
  return p.nextAttemptAt ? formatDateTime(p.nextAttemptAt, true) : '—';
}

/**
 * What failed to reach the payment service (admin role): records whose sync is in `error` or
 * `retrying`, removals of deleted records that gave up, and refunds and voids the service refused
 * (shown without a retry: sending one again is a new request for money), newest first, each with its type,
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
 * @csspart message - The payment service's message, in plain words.
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
  /** "Retry all" goes on after its request: the workers drain the jobs it put back in line. */
  readonly #drain = new ProgressWatcher(this, () => this.api, 'retryAll');

  /** Unnamed payment and aggregate links, described: "$150.00 · Jane Roe · Nov 21, 10:00 AM". */
  readonly #described = new Map<string, string>();

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if ((changed as PropertyValues).has('rows')) void this.describeUnnamed();
  }

  /** Reads what an unnamed record is (once each): its amount, its client and when it was made. */
  private async describeUnnamed(): Promise<void> {
    const api = this.api;
    const missing = this.rows.filter(
      (p) => !p.name && UNNAMED.has(p.kind) && !this.#described.has(p.recordId),
    );
    if (missing.length === 0) return;
    await Promise.all(
      missing.map(async (p) => {
        this.#described.set(p.recordId, '');
        try {
          const record =
            p.kind === 'paymentLink'
              ? await api.getPaymentLink(p.recordId)
              : await api.getAggregateLink(p.recordId);
          const describe = (client?: string | null) =>
            this.inOwnLocale(() =>
              [formatMoney(record.amount), client, formatDateTime(record.createdAt, true)]
                .filter(Boolean)
                .join(' · '),
            );
          // Its amount and date at once; its client's name when that is read too.
          this.#described.set(p.recordId, describe());
          const client = record.clientId
            ? (await clientNames(api, [record.clientId]).catch(() => null))?.get(record.clientId)
            : null;
          this.#described.set(p.recordId, describe(client));
        } catch {
          // Unreadable (deleted meanwhile, or the call failed): its short id stands in until the
          // next load tries again.
          this.#described.delete(p.recordId);
        }
      }),
    );
    this.requestUpdate();
  }

  /** The problem's name as a person knows it; a removal's record is gone, so its id stands in. */
  private nameOf(p: SyncProblemRecord): string {
    const id = p.recordId.slice(0, 8);
    if (p.name) return p.name;
    if (p.status === 'dead') return msg(str`Deleted record ${id}`);
    if (p.status === 'failed') {
      return [p.amount && formatMoney(p.amount), msg(str`Transaction ${id}`)]
        .filter(Boolean)
        .join(' · ');
    }
    return this.#described.get(p.recordId) || `${kindLabel(p.kind)} ${id}`;
  }

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
      this.outcome = this.inOwnLocale(() =>
        detail.retried === 0
          ? msg('Nothing was put back in line: the records retrying try again on their own.')
          : msg(str`${records(detail.retried)} put back in line: the sync tries again now.`),
      );
      this.emit(new ServiceSyncRetriedEvent(detail));
      void this.refresh();
      if (detail.id === null && detail.retried > 0) void this.followDrain(detail.retried);
    },
    onError: this.failed('retry'),
  });

  private async followDrain(retried: number): Promise<void> {
    const last = await this.#drain.watch(true);
    if (!last?.finishedAt) return; // stopped (the element left the page, or a new retry)
    this.outcome = this.inOwnLocale(() =>
      retried === 1
        ? msg('1 record put back in line: the sync has tried it again.')
        : msg(str`${records(retried)} put back in line: the sync has tried them all again.`),
    );
    void this.refresh();
  }

  private async onRetry(id: string | null): Promise<void> {
    if (this.retry.status === TaskStatus.PENDING) return;
    this.#drain.stop();
    this.#retrying = id;
    // The row (and its button) leaves the list once retried: focus goes to the outcome, or to
    // the alert, rather than to the page's body.
    await this.runAndFocus(this.retry, [id]);
  }

  private renderTable() {
    const busy = this.retry.status === TaskStatus.PENDING;
    const busyId = busy ? this.#retrying : undefined;
    return renderTable(
      msg('Sync problems'),
      msg('Records that failed to sync, newest first'),
      'table',
      [
        msg('Type'),
        msg('Status'),
        msg('Name'),
        msg('Message'),
        msg('Attempts'),
        msg('Next try'),
        { label: msg('Action'), hidden: true },
      ],
      this.rows.map(
        (p) =>
          html`<tr part="row" data-id=${p.id}>
            <td data-label=${msg('Type')}><span>${kindLabel(p.kind)}</span></td>
            <td data-label=${msg('Status')} part="status">
              <span class="badge" data-tone=${statusOf(p.status)[1]}>${statusOf(p.status)[0]}</span>
            </td>
            <td data-label=${msg('Name')}><span>${this.nameOf(p)}</span></td>
            <td data-label=${msg('Message')} part="message">
              <span>${p.errorMessage ? plainRemote(p.errorMessage) : '—'}</span>
            </td>
            <td data-label=${msg('Attempts')}><span>${p.attempts}</span></td>
            <td data-label=${msg('Next try')}><span>${nextTry(p)}</span></td>
            <td>${p.status === 'failed' ? nothing : this.renderRetryButton(p, busy, busyId)}</td>
          </tr>`,
      ),
    );
  }

  private renderRetryButton(
    p: SyncProblemRecord,
    busy: boolean,
    busyId: string | null | undefined,
  ) {
    return html`<button
      type="button"
      part="button retry-button"
      aria-disabled=${busy ? 'true' : 'false'}
      @click=${() => this.onRetry(p.id)}
    >
      ${busyId === p.id ? html`${spinner}${msg('Retrying…')}` : msg('Retry')}<span
        class="visually-hidden"
        >: ${kindLabel(p.kind)} ${this.nameOf(p)}</span
      >
    </button>`;
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
      <div class="row header">
        ${this.renderHeading(msg('Sync problems'))}
        ${
          this.rows.some((p) => p.status === 'error' || p.status === 'dead')
            ? html`<button
                type="button"
                class="primary"
                part="button retry-all-button"
                aria-disabled=${busy ? 'true' : 'false'}
                @click=${() => this.onRetry(null)}
              >
                ${busy && this.#retrying === null ? html`${spinner}${msg('Retrying all…')}` : msg('Retry all')}
              </button>`
            : nothing
        }
      </div>
      ${this.renderLoadState((time) => msg(str`Showing the problems as of ${time}.`))}
      ${this.retry.status === TaskStatus.ERROR ? renderAlert(this.retry.error) : nothing}
      ${this.renderOutcome()} ${this.#drain.render(msg('Retried records tried again'))}
      ${
        count > 0
          ? html`${this.renderTable()}${this.renderMore(msg('Show more problems'))}`
          : this.current
            ? alertBox(
                'success',
                html`<p>
                  ${msg('All is in step: every record has reached the payment service.')}
                </p>`,
                'empty',
              )
            : this.renderFirstLoad(msg('Loading the sync problems…'))
      }
    </section>`;
  }
}
