import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServiceRecordCreatedEvent } from '../core/events.js';

// What a form that takes a bank account and a client's matter hears from the other widgets of
// its page: bank accounts synced (`service-bank-accounts-synced`) and a matter created for the
// chosen client (`service-record-created`), so they appear without a reload.

export class PageRecords implements ReactiveController {
  readonly #onSynced = () => void this.options.accounts.run();
  readonly #onCreated = (event: Event) => {
    const { detail } = event as ServiceRecordCreatedEvent;
    if (detail.recordType === 'matter' && detail.record.clientId === this.options.clientId()) {
      void this.options.matters.run();
    }
  };

  constructor(
    host: ReactiveControllerHost,
    private readonly options: {
      accounts: { run(): Promise<void> };
      matters: { run(): Promise<void> };
      clientId: () => string | undefined;
    },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    globalThis.addEventListener('service-bank-accounts-synced', this.#onSynced);
    globalThis.addEventListener('service-record-created', this.#onCreated);
  }

  hostDisconnected(): void {
    globalThis.removeEventListener('service-bank-accounts-synced', this.#onSynced);
    globalThis.removeEventListener('service-record-created', this.#onCreated);
  }
}
