import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isApiError, type ApiClient } from '../../shared/api-client.js';
import type { AggregateLink } from '../../shared/schemas.js';
import { renderAlert, renderSaved } from '../core/alerts.js';
import {
  ServiceRecordDeletedEvent,
  ServiceRecordUpdatedEvent,
  type ServiceRecordCreatedEvent,
} from '../core/events.js';
import { CopyController, renderUrl } from '../core/link-result.js';
import {
  focusAfterRemoval,
  linkCount,
  linkFieldErrors,
  renderLinkPills,
} from '../core/link-pills.js';
import { AGGREGATE_LINKS, RecordPicker } from '../core/record-picker.js';
import { spinner, type PageListener } from '../core/service-element.js';
import { ServiceFormElement, resettable, type FieldCheck } from '../core/form-element.js';
import { assertValid } from '../core/validate.js';
import { msg, str } from '../core/localize.js';

interface Loaded {
  aggregate: AggregateLink;
  /** What it is called here: its name, client, amount and date. */
  label: string;
}

type Outcome = { deleted: false; record: AggregateLink } | { deleted: true; record: AggregateLink };

/**
 * Changes the payment links of an aggregate link (the spec's `serviceAggregateLinkUpdate`). It
 * loads the aggregate link given by `aggregate-link-id` (or offers a choice of recent ones),
 * shows its links as removable pills and offers the client's other links. Saving with none left
 * deletes the aggregate link, as the spec says, so it asks first.
 *
 * @tagname service-aggregate-link-update
 * @summary Changes an aggregate link's payment links.
 *
 * @fires service-record-updated - `detail: { recordType: 'aggregateLink', record }` after a change.
 * @fires service-record-deleted - `detail: { recordType: 'aggregateLink', record }` after emptying deleted it.
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 * @fires service-ready - Rendered with the aggregate link loaded (without `aggregate-link-id`: its picker shown).
 * @fires service-change - The person edited something; `detail: { isValid }`.
 *
 * @csspart form - The form.
 * @csspart field - A label with its control, hint and messages.
 * @csspart label - A field's label.
 * @csspart input - Selects.
 * @csspart pills - The chosen payment links.
 * @csspart pill - One chosen payment link.
 * @csspart pill-remove - The button that removes a pill.
 * @csspart hint - Help under a field.
 * @csspart field-error - A field's messages.
 * @csspart confirm - The question before emptying deletes the aggregate link.
 * @csspart warning - A warning.
 * @csspart button - Buttons.
 * @csspart submit - The save button.
 * @csspart result - The outcome.
 * @csspart url - The aggregate link's URL.
 * @csspart copy-button - The button that copies the URL.
 */
export class ServiceAggregateLinkUpdate extends ServiceFormElement<AggregateLink> {
  /** The aggregate link to change. Without it, the widget offers the recent ones. */
  @property({ attribute: 'aggregate-link-id' }) aggregateLinkId?: string;

  @state() private currentId?: string;
  @state() private chosen: string[] = [];
  @state() private confirming = false;
  private sent: string[] = [];
  #deletion?: typeof import('./deletion.js');

  private readonly copier = new CopyController(this);

  /** Without `aggregate-link-id`: the aggregate link to change, searched by name or client. */
  private readonly picker = new RecordPicker(
    this,
    () => this.api,
    (aggregate) => (this.currentId = aggregate?.id),
    'aggregate',
    AGGREGATE_LINKS,
  );

  private readonly load = new Task(this, {
    args: () => [this.api, this.currentId] as const,
    task: async ([api, id]: readonly [ApiClient, string | undefined], { signal }) => {
      if (!api.hasToken) return initialState;
      if (!id) return null;
      const aggregate = await api.getAggregateLink(id, signal);
      const [label = ''] = await this.inOwnLocale(() => AGGREGATE_LINKS.describe(api, [aggregate]));
      return { aggregate, label } satisfies Loaded;
    },
    onComplete: (loaded) => {
      this.chosen = [...(loaded?.aggregate.paymentLinkIds ?? [])];
      this.confirming = false;
    },
    onError: (error) => this.emitError('load', error),
  });

  /** The payment links of the aggregate link's client: its members and the candidates. */
  private readonly links = new Task(this, {
    args: () => [this.api, this.load.value?.aggregate.clientId] as const,
    task: async ([api, clientId]: readonly [ApiClient, string | null | undefined], { signal }) => {
      if (!api.hasToken) return initialState;
      return clientId ? (await api.listPaymentLinks({ clientId, limit: 200 }, signal)).data : [];
    },
  });

  // Other widgets of the page: a payment link made for the client is offered at once, and a change
  // to this aggregate link made elsewhere is loaded.
  protected override pageListeners(): PageListener[] {
    const changed = (event: Event) => {
      const { detail } = event as ServiceRecordCreatedEvent;
      if (event.composedPath().includes(this) || detail.recordType !== 'aggregateLink') return;
      if (detail.record.id === this.currentId) void this.load.run();
    };
    return [
      ...super.pageListeners(),
      [
        'service-record-created',
        (event) => {
          const { detail } = event as ServiceRecordCreatedEvent;
          if (
            detail.recordType === 'paymentLink' &&
            detail.record.clientId === this.load.value?.aggregate.clientId
          ) {
            void this.links.run();
          }
        },
      ],
      ['service-record-updated', changed],
      ['service-record-deleted', changed],
    ];
  }

  private readonly save = new Task<[AggregateLink, string[]], Outcome>(this, {
    autoRun: false,
    task: resettable(async ([aggregate, ids], { signal }) => {
      const [record] = await this.api.action(
        'AggregateLinkUpdate',
        { aggregateLinkId: aggregate.id, paymentLinkIds: ids },
        signal,
      );
      return { deleted: ids.length === 0, record: record as AggregateLink } satisfies Outcome;
    }),
    onComplete: (outcome) => {
      const detail = { recordType: 'aggregateLink', record: outcome.record } as const;
      if (outcome.deleted) {
        // Nothing is left to be the form's value.
        this.completed(null, new ServiceRecordDeletedEvent(detail));
        if (!this.aggregateLinkId) void this.picker.select(null);
      } else this.completed(outcome.record, new ServiceRecordUpdatedEvent(detail));
    },
    onError: (error) => this.emitError('AggregateLinkUpdate', error),
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('aggregateLinkId')) this.currentId = this.aggregateLinkId;
  }

  /** With `aggregate-link-id`, once it is loaded; the picker loads nothing before it is used. */
  protected override isLoaded(): boolean {
    if (!this.aggregateLinkId) return true;
    return this.load.status === TaskStatus.COMPLETE || this.load.status === TaskStatus.ERROR;
  }

  protected override get formTask() {
    return this.save;
  }

  protected override checkDraft(): FieldCheck[] {
    const chosen = this.load.value?.aggregate;
    return [
      {
        field: 'aggregate',
        label: msg('Aggregate link'),
        messages: chosen ? [] : [msg('is required: choose an aggregate link')],
      },
      {
        field: 'paymentLinkIds',
        label: msg('Payment links'),
        messages:
          chosen && this.chosen.length === 0
            ? [
                msg(
                  'are all removed: saving deletes the aggregate link, once confirmed in the form',
                ),
              ]
            : [],
      },
    ];
  }

  protected override async work(): Promise<AggregateLink> {
    const aggregate = this.load.value?.aggregate;
    assertValid({
      aggregate: aggregate
        ? []
        : [this.inOwnLocale(() => msg('is required: choose an aggregate link'))],
    });
    if (this.chosen.length === 0 && !this.confirming) {
      // Emptying deletes it: the person says so first (the question's own button goes on).
      // The question and the deletion's outcome are a file of their own (the kit's budget).
      this.#deletion ??= await import('./deletion.js');
      this.confirming = true;
      await this.focusWithin('[data-keep]');
      assertValid({ paymentLinkIds: [this.#deletion.UNCONFIRMED] });
    }
    this.confirming = false;
    this.sent = [...this.chosen];
    return (await this.runTask(this.save, [aggregate!, this.sent])).record;
  }

  protected override clearDraft(): void {
    this.confirming = false;
    if (this.aggregateLinkId) this.currentId = this.aggregateLinkId;
    else void this.picker.select(null);
    this.chosen = [...(this.load.value?.aggregate.paymentLinkIds ?? [])];
  }

  /** The question's "Delete aggregate link" answers it, whoever drives the form. */
  private onSubmit(event: SubmitEvent): void {
    if (!this.confirming) return this.onFormSubmit(event);
    event.preventDefault();
    this.submit().catch(() => undefined);
  }

  private async keep(): Promise<void> {
    this.confirming = false;
    await this.focusWithin('#paymentLinkIds');
  }

  private async removeLink(id: string, index: number): Promise<void> {
    this.chosen = this.chosen.filter((chosen) => chosen !== id);
    await this.updateComplete;
    focusAfterRemoval(this.renderRoot, 'paymentLinkIds', index);
  }

  private renderPicker() {
    return this.aggregateLinkId
      ? nothing
      : this.picker.render({ hint: msg('Type a name or a client, then pick one.') });
  }

  private renderEditor(loaded: Loaded) {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const links = this.links.value ?? [];
    const linkErrors = linkFieldErrors(
      isApiError(error) ? error.fields : {},
      'paymentLinkIds',
      this.sent,
      links,
    );
    return html`${renderAlert(error, linkErrors.keys)}
      <form part="form" novalidate @submit=${this.onSubmit}>
        <div class="stack">
          <strong>${loaded.label}</strong>
          ${renderUrl(loaded.aggregate.url, this.copier, msg('aggregate link'), msg('Copy aggregate link'))}
        </div>
        ${renderLinkPills({
          id: 'paymentLinkIds',
          label: msg('Payment links'),
          links,
          chosen: this.chosen,
          loading: this.links.status === TaskStatus.PENDING,
          errors: linkErrors.messages,
          onAdd: (id) => {
            this.chosen = [...this.chosen, id];
            this.confirming = false;
          },
          onRemove: (id, index) => void this.removeLink(id, index),
        })}
        ${
          this.confirming
            ? this.#deletion?.renderConfirm(loaded.aggregate, this.keep)
            : html`<button
                class="primary"
                part="button submit"
                aria-disabled=${pending ? 'true' : 'false'}
              >
                ${pending ? html`${spinner}${msg('Saving…')}` : msg('Save changes')}
              </button>`
        }
      </form>`;
  }

  private renderOutcome() {
    if (this.save.status !== TaskStatus.COMPLETE || !this.save.value) return nothing;
    const { deleted, record } = this.save.value;
    return deleted
      ? this.#deletion?.renderDeleted(record)
      : renderSaved(
          html`<p>${msg(str`Saved: ${linkCount(record.paymentLinkIds.length)}.`)}</p>`,
          record.syncErrorMessage,
        );
  }

  override render() {
    const deleted = this.save.status === TaskStatus.COMPLETE && this.save.value?.deleted;
    const loaded = deleted ? null : this.load.value;
    return html`<section
      part="card"
      aria-busy=${
        this.save.status === TaskStatus.PENDING || this.load.status === TaskStatus.PENDING
          ? 'true'
          : 'false'
      }
    >
      ${this.renderHeading(msg('Change an aggregate link'))} ${this.renderPicker()}
      ${this.load.render({
        // A reload (a change made elsewhere) keeps the editor on show.
        pending: () =>
          loaded
            ? this.renderEditor(loaded)
            : html`<p class="hint" role="status">
                ${spinner}${msg('Loading the aggregate link…')}
              </p>`,
        error: (error) => renderAlert(error),
        complete: () => (loaded ? this.renderEditor(loaded) : nothing),
      })}
      ${this.renderOutcome()}
    </section>`;
  }
}
