import { TaskStatus } from '@lit/task';
import type { PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { BankAccount } from '../../shared/schemas.js';
import { ServiceFormElement } from '../core/form-element.js';
import { ClientPicker } from '../core/record-picker.js';
import { accountsTask, renderAccountField } from './account-field.js';
import { mattersTask, renderMatterField } from './matter-field.js';
import { PageRecords } from './page-records.js';

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

  protected readonly matters = mattersTask(
    this,
    () => this.api,
    () => this.picker.selected?.id,
  );

  constructor() {
    super();
    new PageRecords(this, {
      accounts: this.accounts,
      matters: this.matters,
      clientId: () => this.picker.selected?.id,
    });
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
    return renderMatterField(
      this.matters,
      this.picker.selected,
      this.chosenMatterId,
      errors,
      (id) => (this.chosenMatterId = id),
    );
  }

  protected renderAccounts(errors: string[]) {
    return renderAccountField(this.accounts, this.accountId, errors, (id) => (this.accountId = id));
  }
}
