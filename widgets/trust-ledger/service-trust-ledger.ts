import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import { type LedgerBalanceLine } from '../../shared/ledger-api.js';
import { renderAlert } from '../core/alerts.js';
import { msg, str } from '../core/localize.js';
import { ServiceElement, spinner, type PageListener } from '../core/service-element.js';
import { TableFit } from '../core/table-fit.js';
import { PollController } from '../core/poll.js';
import { callerRole } from '../core/caller-role.js';
import { CsvDownload } from './download.js';
import {
  ServiceApprovalDecidedEvent,
  ServiceLedgerEntryPostedEvent,
  ServiceReconciliationCreatedEvent,
} from './events.js';
import { ApprovalsView } from './approvals-view.js';
import { ReconciliationMonth } from './reconciliation-month.js';
import { reconciliationStyles } from './reconciliation-styles.js';
import { approvalStyles, recordStyles, trustLedgerStyles } from './styles.js';
import { renderTabs, type View } from './tabs.js';
import { LedgerDepositsView } from './deposits-view.js';
import { renderChooser, trustAccounts } from './chooser.js';
import { LedgerEntries } from './entries.js';
import { LedgerBalancesView } from './balances-view.js';
import { LedgerStatement } from './statement.js';
import { RecordView } from './record-view.js';

/**
 * The trust ledger of one trust bank account (staff role): balances per client and matter (what
 * was received, refunded, returned, voided, charged back and posted by hand, and the balance;
 * totals of the whole account; "Show more lines" pages them with the API's cursor; a balance below
 * zero in the danger tone; `available`, what is collected, beside it), a client's or matter's
 * ledger statement for a period (CSV, PDF), a client's or matter's entries with the
 * running balance ("Show more" pages with the API's cursor), the bank deposits (gross, refunds,
 * surcharges, net, settled date), a CSV download of each, and the month's three-way
 * reconciliation: an admin starts a month (the statement's opening and closing balances), marks
 * its reconciling items cleared or adds one, reads the adjusted bank balance, the book and the
 * client ledgers side by side (balanced, or not with the reasons), and two people sign it (the
 * month closes); its report as PDF or CSV; past runs open from their list. An admin also records
 * a disbursement, a receipt, a transfer to operating or the account's own money (the trust
 * guard's refusal overridable with a reason). With a second approver required, Approvals (a
 * button over the tabs, with how many wait) lists what waits, organization-wide, in place of the
 * balances: an admin approves or rejects it, the person who asked withdraws it. Without
 * `bank-account-id` it offers the organization's trust accounts to choose from.
 *
 * @tagname service-trust-ledger
 * @summary Trust balances, entries, deposits and three-way reconciliation.
 *
 * @fires service-ledger-entry-posted - `detail: { kind, entries, transferId }` after an admin recorded money in or out.
 * @fires service-reconciliation-created - `detail: { reconciliation }` (the API's answer) after an admin ran one.
 * @fires service-approval-decided - `detail: { approval }` (the API's answer) after an admin approved or rejected one, or its requester withdrew it.
 * @fires service-error - A call failed; `detail` has the API's message.
 * @fires service-ready - Rendered with the balances (or the trust accounts to choose from) loaded.
 *
 * @csspart account-select - The trust account chooser.
 * @csspart tabs - The tabs: balances, deposits, reconciliations.
 * @csspart record-button - Opens the record forms (admin).
 * @csspart tab - One tab.
 * @csspart table - Every table (with `balances`, `entries`, `deposits`, `items` or `history`).
 * @csspart row - A row of a table.
 * @csspart totals - A table's totals row, and the reconciliation's totals.
 * @csspart balance - A balance cell.
 * @csspart available - What is collected of a balance; `available-hint` says why it may be less.
 * @csspart statement-button - Opens a client's or matter's ledger statement.
 * @csspart statement-summary - The statement's opening and closing balances, money in and out.
 * @csspart negative - A balance below zero.
 * @csspart entries-button - Opens a client's or matter's entries.
 * @csspart back-button - Back from the entries to the balances.
 * @csspart running-balance - An entry's running balance.
 * @csspart csv-button - Downloads the view as CSV (`pdf-button`: the statement as PDF).
 * @csspart refresh-button - Loads what is shown again.
 * @csspart more-button - Loads the next page of balance lines, or of entries.
 * @csspart button - Buttons.
 * @csspart form - A form: the reconciliation's (`start-form`, `item-form`), the statement's period,
 *   the record form (`record-form`).
 * @csspart submit - A form's submit button.
 * @csspart result - A reconciliation's state: balanced, or not.
 * @csspart reasons - Why a reconciliation is not balanced.
 * @csspart balances - The three balances side by side (each a `figure`).
 * @csspart clear-button - Marks a reconciling item cleared.
 * @csspart sign-button - Signs as preparer or reviewer; `signoffs` lists who signed.
 * @csspart report-button - Downloads a reconciliation's report (PDF or CSV).
 * @csspart open-button - Opens a past reconciliation.
 * @csspart approvals-button - Opens the approvals (`data-waiting`: how many wait).
 * @csspart approvals - The approvals waiting (each an `approval`, with `approve-button` and `reject-button`).
 * @csspart decision - The outcome of approving or rejecting one.
 * @csspart empty - The text shown when a view has nothing yet.
 */
export class ServiceTrustLedger extends ServiceElement {
  static override styles = [
    ServiceElement.styles,
    trustLedgerStyles,
    reconciliationStyles,
    recordStyles,
    approvalStyles,
  ];

  /** The trust bank account shown (its id); without it, a chooser of the trust accounts. */
  @property({ attribute: 'bank-account-id' }) bankAccountId?: string;

  /** Reload what is shown every this many seconds while the page is visible (0: only Refresh). */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = 0;
  @state() private chosen = '';
  @state() private view: View = 'balances';

  protected readonly fit = new TableFit(this);

  /** The entries of the balance line opened. */
  readonly #entries = new LedgerEntries(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    onError: (error) => this.emitError('entries', error),
  });

  readonly #balances = new LedgerBalancesView(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    onError: (error) => this.emitError('balances', error),
  });

  /** The client ledger statement of the balance line opened. */
  readonly #statement = new LedgerStatement(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    onError: (operation, error) => this.emitError(operation, error),
  });

  /** The record forms (admin): a disbursement, a receipt, a transfer, the account's own money. */
  readonly #record = new RecordView(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    onError: (error) => this.emitError('record', error),
    onPosted: (detail) => {
      this.emit(new ServiceLedgerEntryPostedEvent(detail));
      void this.#balances.task.run();
    },
    onAwaiting: () => void this.#approvals.list.run(),
    focus: (selector) => this.focusWithin(selector),
  });

  readonly #deposits = new LedgerDepositsView(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    shown: () => this.view === 'deposits',
    onError: (error) => this.emitError('deposits', error),
  });

  readonly #download = new CsvDownload(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    line: () => this.#entries.line,
    onError: (error) => this.emitError('download', error),
  });

  /** The account shown: the attribute's, else the one chosen. */
  private get accountId(): string {
    return this.bankAccountId || this.chosen;
  }

  protected override isLoaded(): boolean {
    const task = this.accountId ? this.#balances.task : this.accounts;
    return task.status === TaskStatus.COMPLETE || task.status === TaskStatus.ERROR;
  }

  /** The organization's trust accounts, when no `bank-account-id` names one. */
  private readonly accounts = trustAccounts(this, {
    api: () => this.api,
    given: () => this.bankAccountId,
    chosen: () => this.chosen,
    choose: (id) => (this.chosen = id),
    onError: (error) => this.emitError('accounts', error),
  });

  /** Whether the caller may run a reconciliation (null: unknown, the server decides). */
  private readonly callerRole = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient]) => callerRole(api),
  });

  /** The Reconciliation tab: the month's workflow and the runs before (reconciliation-month.ts). */
  readonly #month = new ReconciliationMonth(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    shown: () => this.view === 'reconciliations',
    role: () => this.callerRole.value,
    heading: (depth, content) => this.renderHeadingAt(depth, content),
    runForm: (task, args) => this.runForm(task, args),
    root: () => this.renderRoot,
    created: (reconciliation) =>
      this.emit(new ServiceReconciliationCreatedEvent({ reconciliation })),
    onError: (operation, error) => this.emitError(operation, error),
  });

  /** The approvals: what waits for a second admin, and what was decided. */
  readonly #approvals = new ApprovalsView(this, {
    api: () => this.api,
    active: () => Boolean(this.accountId),
    role: () => this.callerRole.value,
    heading: (depth, content) => this.renderHeadingAt(depth, content),
    onError: (operation, error) => this.emitError(operation, error),
    onDecided: (approval) => {
      this.emit(new ServiceApprovalDecidedEvent({ approval }));
      void this.#balances.task.run();
    },
    focus: (selector) => this.focusWithin(selector),
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another account's ledger: its balances, not the entries of the one shown before.
    if (changed.has('bankAccountId')) this.#entries.line = this.#statement.line = null;
    if (changed.has('pollInterval')) this.#poll.restart();
  }

  /** Payments land by webhook: balances and the open tab reload, never the paged entries. */
  readonly #poll = new PollController(this, {
    run: async () => {
      if (this.accountId) await this.#reload(false);
      return this.#balances.task.status !== TaskStatus.ERROR;
    },
    interval: () => (this.pollInterval > 0 ? this.pollInterval * 1000 : 0),
  });

  /** Trust accounts synced by another widget on the page show up in the chooser. */
  protected override pageListeners(): PageListener[] {
    return [
      ...super.pageListeners(),
      ['service-bank-accounts-synced', () => void this.accounts.run()],
    ];
  }

  /** Loads what is shown again: the balances, and the open entries, deposits or reconciliations. */
  async refresh(): Promise<void> {
    await this.#reload(true);
  }

  #reload(entries: boolean) {
    const tabs = [this.#deposits.task.run(), this.#month.reload(), this.#approvals.list.run()];
    const open = entries && (this.#entries.reload() ?? this.#statement.reload());
    return Promise.all([this.#balances.task.run(), open, ...tabs]);
  }

  private async openEntries(line: LedgerBalanceLine): Promise<void> {
    this.#entries.open(line);
    await this.focusWithin('[part~="back-button"]');
  }

  /** Back from a line's entries (or statement) to the balances, to the button that opened it. */
  private async closeLine(view: LedgerEntries | LedgerStatement, button: string): Promise<void> {
    const line = view.close();
    if (!line) return;
    await this.focusWithin(
      `tr[data-client="${line.clientId ?? ''}"][data-matter="${line.matterId ?? ''}"] [part~="${button}"]`,
    );
  }

  private select(view: View, focus = false): void {
    // The Balances tab, chosen again, goes back from a line's entries, statement, the record
    // forms or the approvals to the table (as a phone's tab bar does).
    if (view === 'balances' && this.view === view) {
      this.#entries.line = this.#statement.line = null;
      this.#record.close();
      this.#approvals.close();
    }
    this.view = view;
    if (focus) void this.focusWithin(`#tab-${view}`);
  }

  private onChoose(event: Event): void {
    this.chosen = (event.target as HTMLSelectElement).value;
    this.#entries.line = this.#statement.line = null;
  }

  /** A view's state before its data: loading, its failure, or nothing. */
  private renderPending(task: Task<readonly unknown[], unknown>, what: string) {
    if (task.status === TaskStatus.ERROR) return renderAlert(task.error);
    return html`<p class="hint">${spinner}${what}</p>`;
  }

  /** Approvals over the tabs: in the Balances panel, in place of what it showed. */
  private async openApprovals(): Promise<void> {
    this.#entries.line = this.#statement.line = null;
    this.#record.close();
    this.view = 'balances';
    this.#approvals.open();
    await this.focusWithin('[part~="back-button"]');
  }

  private renderBalancesView() {
    if (this.#approvals.shown) {
      const back = () => (this.#approvals.close(), this.focusWithin('[part~="approvals-button"]'));
      return this.#approvals.render(this.renderBack(back, nothing)(msg('Approvals')));
    }
    if (this.#entries.line) return this.renderEntriesView();
    const line = this.#statement.line;
    if (line) {
      return this.#statement.render(
        this.renderBack(
          () => this.closeLine(this.#statement, 'statement-button'),
          nothing,
        )(msg(str`Statement: ${this.#statement.name}`)),
      );
    }
    if (this.#record.shown) {
      const back = () => (this.#record.close(), this.focusWithin('[part~="record-button"]'));
      return this.#record.render(this.renderBack(back, nothing)(msg('Record money in or out')));
    }
    const role = this.callerRole.value;
    return this.#balances.render({
      heading: (content) => this.renderHeadingAt(1, content),
      download: () => this.#download.button('balances', msg('balances')),
      // Admins record money in and out (null: unknown, the server decides).
      record: role === null || role === 'admin' ? () => this.#record.open() : null,
      open: (l) => void this.openEntries(l),
      statement: (l) => (this.#statement.open(l), this.focusWithin('[part~="back-button"]')),
    });
  }

  /** "Back to balances" (`close`) and `actions` over a view's heading. */
  private renderBack(close: () => unknown, actions: unknown) {
    return (heading: string) =>
      html`<div class="row header">
          <button type="button" part="button back-button" @click=${close}>
            ${msg('Back to balances')}
          </button>
          ${actions}
        </div>
        ${this.renderHeadingAt(1, heading)}`;
  }

  private renderEntriesView() {
    const name = this.#entries.name;
    return this.#entries.render(
      this.renderBack(
        () => this.closeLine(this.#entries, 'entries-button'),
        this.#download.button('entries', msg(str`entries of ${name}`)),
      )(msg(str`Entries: ${name}`)),
    );
  }

  override render() {
    const busy = [
      this.accounts,
      this.#balances.task,
      this.#statement.page,
      this.#deposits.task,
      this.#month.history,
      this.#entries.page,
      this.#approvals.list,
    ].some((t) => t.status === TaskStatus.PENDING);
    const views = {
      balances: () => this.renderBalancesView(),
      deposits: () =>
        this.#deposits.render(
          (content) => this.renderHeadingAt(1, content),
          () => this.#download.button('deposits', msg('deposits')),
        ),
      reconciliations: () => this.#month.render(),
    };
    return html`<section part="card" aria-busy=${busy ? 'true' : 'false'}>
      <div class="row header">
        ${this.renderHeading(msg('Trust ledger'))}
        ${this.accountId ? this.#approvals.button(() => this.openApprovals()) : nothing}
        ${
          this.accountId
            ? html`<button
                type="button"
                part="button refresh-button"
                aria-disabled=${busy ? 'true' : 'false'}
                @click=${() => !busy && this.refresh()}
              >
                ${msg('Refresh')}
              </button>`
            : nothing
        }
      </div>
      ${this.renderUnconfigured()}
      ${this.bankAccountId ? nothing : renderChooser(this.accounts, this.chosen, this.onChoose)}
      ${this.#download.task.status === TaskStatus.ERROR ? renderAlert(this.#download.task.error) : nothing}
      ${
        this.accountId
          ? html`${renderTabs(this.view, (view, focus) => this.select(view, focus))}
              <div role="tabpanel" id="panel" class="stack" aria-labelledby="tab-${this.view}">
                ${views[this.view]()}
              </div>`
          : nothing
      }
    </section>`;
  }
}
