import { Task, TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import { renderAlert } from '../core/alerts.js';
import { ServiceBankAccountsSyncedEvent } from '../core/events.js';
import { spinner } from '../core/service-element.js';
import { ServiceFormElement, resettable, type FieldCheck } from '../core/form-element.js';
import type { BankAccountsSyncResult } from '../../shared/actions.js';
import type { ProgressWatcher } from '../operations/progress.js';
import { msg } from '../core/localize.js';

/**
 * A button that copies the firm's bank accounts from the payment service (the spec's
 * `serviceBankAccountsSync`, the `BankAccountsSync` action; it needs the admin role), then says
 * how many accounts were synced. Payment links can only be created after this. While it syncs,
 * it shows how many accounts are copied of how many ("2 / 5", from GET /api/admin/progress).
 *
 * @tagname service-bank-accounts-sync
 * @summary Syncs the bank accounts and shows how many there are.
 *
 * @fires service-bank-accounts-synced - `detail: { synced, added, updated, removed }` after a sync.
 * @fires service-error - The sync failed; `detail` has the API's message.
 * @fires service-ready - Rendered (once a token is configured).
 *
 * A form-associated element too: its form value is the number of bank accounts synced ('' before
 * a sync), and `required` holds the host form back until a sync is done.
 *
 * @csspart button - The sync button.
 * @csspart submit - The sync button (hidden by `hide-submit`).
 * @csspart result - The outcome.
 * @csspart progress - Accounts copied of those listed, while it syncs.
 */
export class ServiceBankAccountsSync extends ServiceFormElement<BankAccountsSyncResult> {
  #progress?: ProgressWatcher;
  #outcome?: (result: BankAccountsSyncResult) => unknown;

  private readonly sync = new Task<[], BankAccountsSyncResult>(this, {
    autoRun: false,
    task: resettable(async (_args, { signal }) => {
      void this.watchProgress();
      try {
        // The outcome's words are a file of their own (the kit's budget), loaded while it syncs.
        const [result, outcome] = await Promise.all([
          this.api.action('BankAccountsSync', {}, signal),
          import('./outcome.js'),
        ]);
        this.#outcome = outcome.renderOutcome;
        return result;
      } finally {
        this.#progress?.stop();
      }
    }),
    onComplete: (result) => this.completed(result, new ServiceBankAccountsSyncedEvent(result)),
    onError: (error) => this.emitError('BankAccountsSync', error),
  });

  /** The progress display is a file of its own, loaded at the first sync (the kit's budget). */
  private async watchProgress(): Promise<void> {
    const { ProgressWatcher } = await import('../operations/progress.js');
    this.#progress ??= new ProgressWatcher(this, () => this.api, 'bankAccounts');
    if (this.sync.status === TaskStatus.PENDING) void this.#progress.watch();
  }

  protected override get formTask() {
    return this.sync;
  }

  protected override recordValue(result: BankAccountsSyncResult): string {
    return String(result.synced);
  }

  /** Nothing to type: only the sync itself. */
  protected override checkDraft(): FieldCheck[] {
    return [];
  }

  protected override async work(): Promise<BankAccountsSyncResult> {
    if (this.sync.status === TaskStatus.PENDING) return this.sync.taskComplete;
    await this.sync.run([]);
    await this.updateComplete;
    // The button keeps focus; the outcome is announced from its live region.
    if (this.sync.status === TaskStatus.COMPLETE) return this.sync.value!;
    throw this.sync.error;
  }

  protected override clearDraft(): void {}

  private onClick(): void {
    this.submit().catch(() => undefined);
  }

  override render() {
    const busy = this.sync.status === TaskStatus.PENDING;
    const result = this.sync.status === TaskStatus.COMPLETE ? this.sync.value : undefined;
    return html`<section part="card" aria-busy=${busy ? 'true' : 'false'}>
      ${this.renderHeading(msg('Bank accounts'))}
      <p class="hint">${msg('Copy the firm’s bank accounts from the payment service.')}</p>
      <button
        type="button"
        class="primary"
        part="button submit"
        aria-disabled=${busy ? 'true' : 'false'}
        @click=${this.onClick}
      >
        ${busy ? html`${spinner}${msg('Syncing…')}` : msg('Sync bank accounts')}
      </button>
      ${this.#progress?.render(msg('Bank accounts copied'))}
      ${result && this.#outcome ? this.#outcome(result) : nothing}
      ${this.sync.status === TaskStatus.ERROR ? renderAlert(this.sync.error) : nothing}
    </section>`;
  }
}
