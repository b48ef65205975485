import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isApiError, type ApiClient } from '../../shared/api-client.js';
import type { AggregateLink, PaymentLink } from '../../shared/schemas.js';
import { errorMessage, renderAlert } from '../core/alerts.js';
import { ServiceRecordDeletedEvent, ServiceRecordUpdatedEvent } from '../core/events.js';
import { plural } from '../core/format.js';
import { CopyController, renderUrl } from '../core/link-result.js';
import { focusAfterRemoval, linkFieldErrors, renderLinkPills } from '../core/link-pills.js';
import { ServiceFormElement, resettable, type FieldCheck } from '../core/form-element.js';
import { renderField } from '../core/service-element.js';
import { assertValid } from '../core/validate.js';

interface Loaded {
  aggregate: AggregateLink;
  /** The payment links of the aggregate link's client: the members and the candidates. */
  links: PaymentLink[];
}

type Outcome = { deleted: false; record: AggregateLink } | { deleted: true; record: AggregateLink };

const title = (a: AggregateLink) => a.name ?? `Aggregate link ${a.id.slice(0, 8)}`;

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
 * @fires service-ready - Rendered with the aggregate link (or the recent ones) loaded.
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

  private readonly copier = new CopyController(this);

  private readonly recent = new Task(this, {
    args: () => [this.api, !this.aggregateLinkId] as const,
    task: async ([api, wanted]: readonly [ApiClient, boolean], { signal }) => {
      if (!api.hasToken) return initialState;
      return wanted ? (await api.listAggregateLinks({ limit: 50 }, signal)).data : [];
    },
  });

  private readonly load = new Task(this, {
    args: () => [this.api, this.currentId] as const,
    task: async ([api, id]: readonly [ApiClient, string | undefined], { signal }) => {
      if (!api.hasToken) return initialState;
      if (!id) return null;
      const aggregate = await api.getAggregateLink(id, signal);
      const first = aggregate.paymentLinkIds[0];
      const clientId = first ? (await api.getPaymentLink(first, signal)).clientId : undefined;
      const links = clientId
        ? (await api.listPaymentLinks({ clientId, limit: 200 }, signal)).data
        : [];
      return { aggregate, links } satisfies Loaded;
    },
    onComplete: (loaded) => {
      this.chosen = [...(loaded?.aggregate.paymentLinkIds ?? [])];
      this.confirming = false;
    },
  });

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
        if (!this.aggregateLinkId) {
          this.currentId = undefined;
          void this.recent.run();
        }
      } else this.completed(outcome.record, new ServiceRecordUpdatedEvent(detail));
    },
    onError: (error) => this.emitError('AggregateLinkUpdate', error),
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('aggregateLinkId')) this.currentId = this.aggregateLinkId;
  }

  protected override isLoaded(): boolean {
    const task = this.aggregateLinkId ? this.load : this.recent;
    return task.status === TaskStatus.COMPLETE || task.status === TaskStatus.ERROR;
  }

  protected override get formTask() {
    return this.save;
  }

  protected override readonly pendingMessage = 'The aggregate link is not saved yet.';

  protected override checkDraft(): FieldCheck[] {
    const chosen = this.load.value?.aggregate;
    return [
      {
        field: 'aggregate',
        label: 'Aggregate link',
        messages: chosen ? [] : ['is required: choose an aggregate link'],
      },
      {
        field: 'paymentLinkIds',
        label: 'Payment links',
        messages:
          chosen && this.chosen.length === 0
            ? ['are all removed: saving deletes the aggregate link, once confirmed in the form']
            : [],
      },
    ];
  }

  protected override async work(): Promise<AggregateLink> {
    const aggregate = this.load.value?.aggregate;
    assertValid({ aggregate: aggregate ? [] : ['is required: choose an aggregate link'] });
    if (this.chosen.length === 0 && !this.confirming) {
      // Emptying deletes it: the person says so first (the question's own button goes on).
      this.confirming = true;
      await this.focusWithin('[data-keep]');
      assertValid({
        paymentLinkIds: ['are all removed: confirm that the aggregate link is to be deleted'],
      });
    }
    this.confirming = false;
    this.sent = [...this.chosen];
    return (await this.runTask(this.save, [aggregate!, this.sent])).record;
  }

  protected override clearDraft(): void {
    this.confirming = false;
    this.currentId = this.aggregateLinkId;
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
    if (this.aggregateLinkId) return nothing;
    const list = this.recent.value ?? [];
    return renderField(
      {
        id: 'aggregate',
        label: 'Aggregate link',
        errors: this.recent.status === TaskStatus.ERROR ? [errorMessage(this.recent.error)] : [],
      },
      () =>
        html`<select
          id="aggregate"
          part="input"
          @change=${(e: Event) => {
            this.currentId = (e.target as HTMLSelectElement).value || undefined;
          }}
        >
          <option value="">
            ${
              this.recent.status === TaskStatus.PENDING
                ? 'Loading…'
                : list.length
                  ? 'Choose an aggregate link…'
                  : 'There are no aggregate links yet'
            }
          </option>
          ${list.map(
            (a) =>
              html`<option value=${a.id} ?selected=${a.id === this.currentId}>${title(a)}</option>`,
          )}
        </select>`,
    );
  }

  private renderEditor(loaded: Loaded) {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const linkErrors = linkFieldErrors(
      isApiError(error) ? error.fields : {},
      'paymentLinkIds',
      this.sent,
      loaded.links,
    );
    return html`${renderAlert(error, linkErrors.keys)}
      <form part="form" novalidate @submit=${this.onSubmit}>
        <div class="stack">
          <strong>${title(loaded.aggregate)}</strong>
          ${renderUrl(loaded.aggregate.url, this.copier, 'aggregate link')}
        </div>
        ${renderLinkPills({
          id: 'paymentLinkIds',
          label: 'Payment links',
          links: loaded.links,
          chosen: this.chosen,
          loading: this.load.status === TaskStatus.PENDING,
          errors: linkErrors.messages,
          onAdd: (id) => {
            this.chosen = [...this.chosen, id];
            this.confirming = false;
          },
          onRemove: (id, index) => void this.removeLink(id, index),
        })}
        ${
          this.confirming
            ? html`<div class="result" part="confirm" role="group" aria-labelledby="confirm-text">
                <p id="confirm-text" class="warning">
                  With no payment links left, saving deletes “${title(loaded.aggregate)}”. Delete
                  it?
                </p>
                <div class="row">
                  <button class="primary" part="button submit">Delete aggregate link</button>
                  <button type="button" part="button" data-keep @click=${this.keep}>Keep it</button>
                </div>
              </div>`
            : html`<button
                class="primary"
                part="button submit"
                aria-disabled=${pending ? 'true' : 'false'}
              >
                ${pending ? 'Saving…' : 'Save changes'}
              </button>`
        }
      </form>`;
  }

  private renderOutcome() {
    if (this.save.status !== TaskStatus.COMPLETE || !this.save.value) return nothing;
    const { deleted, record } = this.save.value;
    return html`<div class="result" part="result" tabindex="-1" role="status">
      ${
        deleted
          ? html`<p class="success">Aggregate link “${title(record)}” deleted.</p>`
          : html`<p class="success">
                Saved: ${plural(record.paymentLinkIds.length, 'payment link')}.
              </p>
              ${
                record.syncErrorMessage
                  ? html`<p class="warning" part="warning">
                      Saved here, but not yet in the payment service: ${record.syncErrorMessage}
                    </p>`
                  : nothing
              }`
      }
    </div>`;
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
      ${this.renderHeading('Change an aggregate link')} ${this.renderPicker()}
      ${this.load.render({
        pending: () => html`<p class="hint" role="status">Loading the aggregate link…</p>`,
        error: (error) => renderAlert(error),
        complete: () => (loaded ? this.renderEditor(loaded) : nothing),
      })}
      ${this.renderOutcome()}
    </section>`;
  }
}
