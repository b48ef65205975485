import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { AggregateLink, Client } from '../../shared/schemas.js';
import { renderAlert, renderSaved, serverFieldErrors } from '../core/alerts.js';
import { ClientPicker } from '../core/record-picker.js';
import { ServiceRecordCreatedEvent } from '../core/events.js';
import { CopyController, renderUrl } from '../core/link-result.js';
import {
  focusAfterRemoval,
  linkCount,
  linkFieldErrors,
  renderLinkPills,
} from '../core/link-pills.js';
import { ServiceFormElement, resettable, type FieldCheck } from '../core/form-element.js';
import { renderTextField, renderSubmit, type PageListener } from '../core/service-element.js';
import { isApiError } from '../../shared/api-client.js';
import { assertValid, checkChosen, checkName } from '../core/validate.js';
import { msg, str } from '../core/localize.js';
import { loadLinkActions, type LinkActions } from '../core/link-actions.js';

/** `a, b c` → ['a', 'b', 'c']: the attribute takes ids separated by commas or spaces. */
export const idList = {
  fromAttribute: (value: string | null) => (value ? value.split(/[\s,]+/).filter(Boolean) : []),
  toAttribute: (value: string[]) => value.join(' '),
};

/** The form's checks, in the order of its fields (the server's words). */
const checkDraft = (client: Client | null, ids: string[], name: string): FieldCheck[] => [
  {
    field: 'client',
    label: msg('Client'),
    messages: checkChosen(client?.id, msg('is required: choose a client')),
  },
  {
    field: 'paymentLinkIds',
    label: msg('Payment links'),
    messages: client && ids.length === 0 ? [msg('is required: add at least one')] : [],
  },
  { field: 'aggregateLinkName', label: msg('Name'), messages: checkName(name, false) },
];

/**
 * Builds an aggregate link, one URL for several payment links (the spec's
 * `serviceAggregateLinkCreate`). The payment service groups links of one client only, so the
 * client comes first; then its payment links are chosen as removable pills, and an optional
 * name. It shows the aggregate link's URL with a copy button.
 *
 * @tagname service-aggregate-link-create
 * @summary Creates an aggregate link from several payment links of one client.
 *
 * @fires service-record-created - `detail: { recordType: 'aggregateLink', record }` once created.
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 * @fires service-ready - Rendered with the preselected client's payment links loaded.
 * @fires service-change - The person edited something; `detail: { isValid }`.
 * @fires service-payment-request-sent - The created link's payment request was sent; `detail` is the request.
 *
 * @csspart form - The form.
 * @csspart field - A label with its control, hint and messages.
 * @csspart label - A field's label.
 * @csspart input - Inputs and selects.
 * @csspart combobox - The client search input.
 * @csspart listbox - The client suggestions.
 * @csspart option - One suggested client.
 * @csspart pills - The chosen payment links.
 * @csspart pill - One chosen payment link.
 * @csspart pill-remove - The button that removes a pill.
 * @csspart hint - Help under a field.
 * @csspart field-error - A field's messages.
 * @csspart warning - A sync problem to know about.
 * @csspart button - Buttons.
 * @csspart submit - The submit button.
 * @csspart result - The created aggregate link.
 * @csspart url - Its URL.
 * @csspart copy-button - The button that copies the URL.
 * @csspart request-button - The link's "Send request…" (its dialog loads on demand).
 */
export class ServiceAggregateLinkCreate extends ServiceFormElement<AggregateLink> {
  /** Preselects this client (its id). */
  @property({ attribute: 'client-id' }) clientId?: string;

  /** Preselected payment links (ids of the client's links, separated by spaces or commas). */
  @property({ attribute: 'payment-link-ids', converter: idList }) paymentLinkIds: string[] = [];

  @state() private chosen: string[] = [];
  /** The ids last sent, to name the links the server's messages are about. */
  private sent?: string[];

  private readonly copier = new CopyController(this);

  private readonly picker = new ClientPicker(
    this,
    () => this.api,
    (client) => {
      // Links of one client only: another client starts the choice over.
      this.chosen = client?.id === this.clientId ? [...this.paymentLinkIds] : [];
    },
  );

  private readonly links = new Task(this, {
    args: () => [this.api, this.picker.selected?.id] as const,
    task: async ([api, clientId]: readonly [ApiClient, string | undefined], { signal }) => {
      if (!api.hasToken) return initialState;
      return clientId ? (await api.listPaymentLinks({ clientId, limit: 200 }, signal)).data : [];
    },
  });

  /** Send request and Record a cheque, once loaded (core/link-actions.ts). */
  #actions?: LinkActions;

  private readonly save = new Task<[Client | null, string[], string], AggregateLink>(this, {
    autoRun: false,
    task: resettable(async ([client, ids, name], { signal }) => {
      loadLinkActions(this, (actions) => (this.#actions = actions));
      assertValid(
        Object.fromEntries(checkDraft(client, ids, name).map((c) => [c.field, [...c.messages]])),
      );
      const [link] = await this.api.action(
        'AggregateLinkCreate',
        { paymentLinkIds: ids, aggregateLinkName: name.trim() || null },
        signal,
      );
      return link as AggregateLink;
    }),
    onComplete: (record) =>
      this.completed(
        record,
        new ServiceRecordCreatedEvent({ recordType: 'aggregateLink', record }),
      ),
    onError: (error) => this.emitError('AggregateLinkCreate', error),
  });

  // A payment link made for the chosen client (another widget of the page) is offered at once.
  protected override pageListeners(): PageListener[] {
    return [
      ...super.pageListeners(),
      [
        'service-record-created',
        (event) => {
          const { detail } = event as ServiceRecordCreatedEvent;
          if (
            detail.recordType === 'paymentLink' &&
            detail.record.clientId === this.picker.selected?.id
          ) {
            void this.links.run();
          }
        },
      ],
    ];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clientId')) void this.picker.selectById(this.clientId);
    if (changed.has('paymentLinkIds') && this.picker.selected?.id === this.clientId) {
      this.chosen = [...this.paymentLinkIds];
    }
  }

  protected override isLoaded(): boolean {
    return this.links.status !== TaskStatus.PENDING;
  }

  protected override get formTask() {
    return this.save;
  }

  protected override checkDraft(): FieldCheck[] {
    return checkDraft(this.picker.selected, this.chosen, this.draftValue('aggregateLinkName'));
  }

  protected override async work(): Promise<AggregateLink> {
    this.sent = [...this.chosen];
    const name = this.draftValue('aggregateLinkName');
    const link = await this.runTask(this.save, [this.picker.selected, this.sent, name]);
    this.clearInputs('aggregateLinkName');
    this.chosen = [];
    return link;
  }

  protected override clearDraft(): void {
    this.clearInputs('aggregateLinkName');
    this.picker.select(null);
    void this.picker.selectById(this.clientId);
  }

  private async removeLink(id: string, index: number): Promise<void> {
    this.chosen = this.chosen.filter((chosen) => chosen !== id);
    await this.updateComplete;
    focusAfterRemoval(this.renderRoot, 'paymentLinkIds', index);
  }

  override render() {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    const done = this.save.status === TaskStatus.COMPLETE ? this.save.value : undefined;
    const client = this.picker.selected;
    const sent = this.save.status === TaskStatus.ERROR ? (this.sent ?? []) : [];
    const linkErrors = linkFieldErrors(
      isApiError(error) ? error.fields : {},
      'paymentLinkIds',
      sent,
      this.links.value ?? [],
    );
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      ${this.renderHeading(msg('New aggregate link'))}
      ${renderAlert(error, ['clientId', 'aggregateLinkName', ...linkErrors.keys])}
      <form part="form" novalidate @submit=${this.onFormSubmit}>
        ${this.picker.render({
          errors: serverFieldErrors(error, 'clientId'),
          hint: msg('An aggregate link groups payment links of one client.'),
        })}
        ${renderLinkPills({
          id: 'paymentLinkIds',
          label: msg('Payment links'),
          links: this.links.value ?? [],
          chosen: this.chosen,
          errors: linkErrors.messages,
          disabled: !client,
          loading: this.links.status === TaskStatus.PENDING,
          hint: client ? undefined : msg('Choose the client first.'),
          onAdd: (id) => (this.chosen = [...this.chosen, id]),
          onRemove: (id, index) => void this.removeLink(id, index),
        })}
        ${this.links.status === TaskStatus.ERROR ? renderAlert(this.links.error) : nothing}
        ${renderTextField({
          id: 'aggregateLinkName',
          label: msg('Name'),
          optional: true,
          errors: serverFieldErrors(error, 'aggregateLinkName'),
          maxlength: 255,
        })}
        ${renderSubmit(pending, msg('Create aggregate link'), msg('Creating…'))}
      </form>
      ${
        done
          ? renderSaved(
              html`<p>
                  ${
                    done.name
                      ? msg(
                          str`Aggregate link “${done.name}” created with ${linkCount(done.paymentLinkIds.length)}.`,
                        )
                      : msg(
                          str`Aggregate link created with ${linkCount(done.paymentLinkIds.length)}.`,
                        )
                  }
                </p>
                ${renderUrl(done.url, this.copier, msg('aggregate link'), msg('Copy aggregate link'))}
                ${done.serviceId ? this.#actions?.renderLinkActions(this, this.api, 'aggregate-link', done.id) : nothing}`,
              done.syncErrorMessage,
            )
          : nothing
      }
    </section>`;
  }
}
