import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { renderAlert } from '../core/alerts.js';
import { msg } from '../core/localize.js';
import { property, state } from 'lit/decorators.js';
import type { BankAccount } from '../../shared/schemas.js';
import { ServiceFormElement } from '../core/form-element.js';
import { renderSelectField, type PageListener } from '../core/service-element.js';
import { ClientPicker } from '../core/record-picker.js';
import { accountsTask, renderAccountField } from './account-field.js';
import type { ServiceRecordCreatedEvent } from '../core/events.js';

// The base of the forms that collect money from a client into a bank account (a payment link, a
// payment plan): the client (preselected by `client-id`), one of its matters (`matter-id`), the
// synced bank accounts (the default chosen), and what other widgets of the page add to them.

export abstract class ClientAccountForm<R extends object> extends ServiceFormElement<R> {
  /** Preselects this client (its id). */
  @property({ attribute: 'client-id' }) clientId?: string;

  /** Preselects this matter (its id; it must be one of the client's). */
  @property({ attribute: 'matter-id' }) matterId?: string;

  @state() protected accountId = '';
  @state() protected chosenMatterId = '';

  protected readonly picker = new ClientPicker(
    this,
    () => this.api,
    () => {
      this.chosenMatterId = this.picker.selected?.id === this.clientId ? (this.matterId ?? '') : '';
    },
    'clientId',
  );

  /** The bank accounts, the default first (and chosen until the person picks another). */
  protected readonly accounts = accountsTask(
    this,
    () => this.api,
    (accounts) => {
      if (!accounts.some((a) => a.id === this.accountId)) {
        this.accountId = accounts.find((a) => a.isDefault)?.id ?? '';
      }
    },
    (error) => this.emitError('load', error),
  );

  /** The chosen client's matters (none without a client). */
  protected readonly matters = new Task(this, {
    args: () => [this.api, this.picker.selected?.id] as const,
    task: async ([api, id]: readonly [ApiClient, string | undefined], { signal }) => {
      if (!api.hasToken) return initialState;
      return id ? (await api.listMatters({ clientId: id, limit: 200 }, signal)).data : [];
    },
  });

  // What the other widgets of the page add appears without a reload: bank accounts synced, a
  // matter created for the chosen client.
  protected override pageListeners(): PageListener[] {
    return [
      ...super.pageListeners(),
      ['service-bank-accounts-synced', () => void this.accounts.run()],
      [
        'service-record-created',
        (event) => {
          const { detail } = event as ServiceRecordCreatedEvent;
          if (
            detail.recordType === 'matter' &&
            detail.record.clientId === this.picker.selected?.id
          ) {
            void this.matters.run();
          }
        },
      ],
    ];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clientId')) void this.picker.selectById(this.clientId);
    if (changed.has('matterId') && this.picker.selected?.id === this.clientId) {
      this.chosenMatterId = this.matterId ?? '';
    }
  }

  /** Loads the bank accounts and the client's matters again. */
  reload(): void {
    void this.accounts.run();
    void this.matters.run();
  }

  protected override isLoaded(): boolean {
    return (
      this.accounts.status === TaskStatus.COMPLETE || this.accounts.status === TaskStatus.ERROR
    );
  }

  /** The bank account chosen now. */
  protected get chosenAccount(): BankAccount | undefined {
    return this.accounts.value?.find((a) => a.id === this.accountId);
  }

  /** Back to the attributes' client, no account or matter chosen. */
  protected clearChoices(): void {
    this.accountId = '';
    void this.picker.select(null);
    void this.picker.selectById(this.clientId);
  }

  protected renderMatters(errors: string[]) {
    const client = this.picker.selected;
    const matters = client ? (this.matters.value ?? []) : [];
    return html`${renderSelectField(
      {
        id: 'matterId',
        label: msg('Matter'),
        optional: true,
        errors,
        hint: client ? undefined : msg('Choose the client first.'),
        disabled: !client,
      },
      (id) => (this.chosenMatterId = id),
      html`<option value="">
          ${
            !client || matters.length
              ? msg('No matter')
              : this.matters.status === TaskStatus.PENDING
                ? msg('Loading matters…')
                : msg('The client has no matters')
          }
        </option>
        ${matters.map(
          (m) =>
            html`<option value=${m.id} ?selected=${m.id === this.chosenMatterId}>
              ${m.name}
            </option>`,
        )}`,
    )}
    ${this.matters.status === TaskStatus.ERROR ? renderAlert(this.matters.error) : nothing}`;
  }

  protected renderAccounts(errors: string[]) {
    return renderAccountField(this.accounts, this.accountId, errors, (id) => (this.accountId = id));
  }
}
