import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import {
  getLedgerBalances,
  getLedgerDeposits,
  type LedgerBalanceLine,
} from '../../shared/ledger-api.js';
import { renderAlert } from '../core/alerts.js';
import { msg, str } from '../core/localize.js';
import { ServiceElement, spinner } from '../core/service-element.js';
import { TableFit } from '../core/table-fit.js';
import { PollController } from '../core/poll.js';
import { callerRole } from '../core/caller-role.js';
import { CsvDownload } from './download.js';
import { ServiceReconciliationCreatedEvent } from './events.js';
import { ReconciliationMonth } from './reconciliation-month.js';
import { reconciliationStyles } from './reconciliation-styles.js';
import { trustLedgerStyles } from './styles.js';
import { renderTabs, type View } from './tabs.js';
import {
  renderBalances,
  renderDeposits,
  renderMoreButton,
  renderNegativeWarning,
} from './tables.js';
import { renderChooser } from './chooser.js';
import { LedgerEntries } from './entries.js';

/** Balance lines per page ("Show more lines" loads the next with the API's cursor). */
const BALANCES_PAGE = 50;

/**
 * The trust ledger of one trust bank account (staff role): balances per client and matter (what
 * was received, refunded, returned, voided, charged back and posted by hand, and the balance;
 * totals of the whole account; "Show more lines" pages them with the API's cursor; a balance below
 * zero in the danger tone), a client's or matter's entries with the
 * running balance ("Show more" pages with the API's cursor), the bank deposits (gross, refunds,
 * surcharges, net, settled date), a CSV download of each, and the month's three-way
 * reconciliation: an admin starts a month (the statement's opening and closing balances), marks
 * its reconciling items cleared or adds one, reads the adjusted bank balance, the book and the
 * client ledgers side by side (balanced, or not with the reasons), and two people sign it (the
 * month closes); its report as PDF or CSV; past runs open from their list. Without
 * `bank-account-id` it offers the organization's trust accounts to choose from.
 *
 * @tagname service-trust-ledger
 * @summary Trust balances, entries, deposits and three-way reconciliation.
 *
 * @fires service-reconciliation-created - `detail: { reconciliation }` (the API's answer) after an admin ran one.
 * @fires service-error - A call failed; `detail` has the API's message.
 * @fires service-ready - Rendered with the balances (or the trust accounts to choose from) loaded.
 *
 * @csspart account-select - The trust account chooser.
 * @csspart tabs - The tabs: balances, deposits, reconciliations.
 * @csspart tab - One tab.
 * @csspart table - Every table (with `balances`, `entries`, `deposits`, `items` or `history`).
 * @csspart row - A row of a table.
 * @csspart totals - A table's totals row, and the reconciliation's totals.
 * @csspart balance - A balance cell.
 * @csspart negative - A balance below zero.
 * @csspart entries-button - Opens a client's or matter's entries.
 * @csspart back-button - Back from the entries to the balances.
 * @csspart running-balance - An entry's running balance.
 * @csspart csv-button - Downloads the view as CSV.
 * @csspart refresh-button - Loads what is shown again.
 * @csspart more-button - Loads the next page of balance lines, or of entries.
 * @csspart button - Buttons.
 * @csspart form - A reconciliation's forms (admin): with `start-form` or `item-form`.
 * @csspart submit - A form's submit button.
 * @csspart result - A reconciliation's state: balanced, or not.
 * @csspart reasons - Why a reconciliation is not balanced.
 * @csspart balances - The three balances side by side (each a `figure`).
 * @csspart clear-button - Marks a reconciling item cleared.
 * @csspart sign-button - Signs as preparer or reviewer; `signoffs` lists who signed.
 * @csspart report-button - Downloads a reconciliation's report (PDF or CSV).
 * @csspart open-button - Opens a past reconciliation.
 * @csspart empty - The text shown when a view has nothing yet.
 */
export class ServiceTrustLedger extends ServiceElement {
  static override styles = [ServiceElement.styles, trustLedgerStyles, reconciliationStyles];

  /** The trust bank account shown (its id); without it, a chooser of the trust accounts. */
  @property({ attribute: 'bank-account-id' }) bankAccountId?: string;

  /** Reload what is shown every this many seconds while the page is visible (0: only Refresh). */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = 0;
  @state() private chosen = '';
  @state() private view: View = 'balances';
  /** The balance lines loaded so far (first page, then each "Show more lines"). */
  @state() private balanceLines: LedgerBalanceLine[] = [];
  @state() private balancesCursor: string | null = null;

  protected readonly fit = new TableFit(this);

  /** The entries of the balance line opened. */
  readonly #entries = new LedgerEntries(this, {
    api: () => this.api,
    accountId: () => this.accountId,
    onError: (error) => this.emitError('entries', error),
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
    const task = this.accountId ? this.balances : this.accounts;
    return task.status === TaskStatus.COMPLETE || task.status === TaskStatus.ERROR;
  }

  /** The organization's trust accounts, when no `bank-account-id` names one. */
  private readonly accounts = new Task(this, {
    args: () => [this.api, this.bankAccountId] as const,
    task: async ([api, given]: readonly [ApiClient, string | undefined], { signal }) => {
      if (given || !api.hasToken) return initialState;
      const { data } = await api.listBankAccounts({ limit: 200 }, signal);
      const trust = data.filter((a) => a.category === 'trust');
      if (!trust.some((a) => a.id === this.chosen)) {
        this.chosen = (trust.find((a) => a.isDefault) ?? trust[0])?.id ?? '';
      }
      return trust;
    },
    onError: (error) => this.emitError('accounts', error),
  });

  /** Whether the caller may run a reconciliation (null: unknown, the server decides). */
  private readonly callerRole = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient]) => callerRole(api),
  });

  private readonly balances = new Task(this, {
    args: () => [this.api, this.accountId] as const,
    task: async ([api, bankAccountId]: readonly [ApiClient, string], { signal }) =>
      bankAccountId && api.hasToken
        ? getLedgerBalances(api, { bankAccountId, limit: BALANCES_PAGE }, signal)
        : initialState,
    onComplete: (report) => {
      this.balanceLines = report.lines;
      this.balancesCursor = report.nextCursor;
    },
    onError: (error) => this.emitError('balances', error),
  });

  /** The next page of balance lines, added to those shown. */
  private readonly moreBalances = new Task(this, {
    autoRun: false,
    task: async ([cursor]: [string], { signal }) =>
      getLedgerBalances(
        this.api,
        { bankAccountId: this.accountId, limit: BALANCES_PAGE, cursor },
        signal,
      ),
    onComplete: (report) => {
      this.balanceLines = [...this.balanceLines, ...report.lines];
      this.balancesCursor = report.nextCursor;
    },
    onError: (error) => this.emitError('balances', error),
  });

  private readonly deposits = new Task(this, {
    args: () => [this.api, this.accountId, this.view === 'deposits'] as const,
    task: async ([api, bankAccountId, shown]: readonly [ApiClient, string, boolean], { signal }) =>
      bankAccountId && shown ? getLedgerDeposits(api, { bankAccountId }, signal) : initialState,
    onError: (error) => this.emitError('deposits', error),
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another account's ledger: its balances, not the entries of the one shown before.
    if (changed.has('bankAccountId')) this.#entries.line = null;
    if (changed.has('pollInterval')) this.#poll.restart();
  }

  /** Payments land by webhook: balances and the open tab reload, never the paged entries. */
  readonly #poll = new PollController(this, {
    run: async () => {
      if (this.accountId) await this.#reload(false);
      return this.balances.status !== TaskStatus.ERROR;
    },
    interval: () => (this.pollInterval > 0 ? this.pollInterval * 1000 : 0),
  });

  /** Trust accounts synced by another widget on the page show up in the chooser. */
  readonly #onSynced = () => void this.accounts.run();

  override connectedCallback(): void {
    super.connectedCallback();
    globalThis.addEventListener('service-bank-accounts-synced', this.#onSynced);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    globalThis.removeEventListener('service-bank-accounts-synced', this.#onSynced);
  }

  /** Loads what is shown again: the balances, and the open entries, deposits or reconciliations. */
  async refresh(): Promise<void> {
    await this.#reload(true);
  }

  #reload(entries: boolean) {
    const tabs = [this.deposits.run(), this.#month.reload()];
    return Promise.all([this.balances.run(), entries && this.#entries.reload(), ...tabs]);
  }

  private async openEntries(line: LedgerBalanceLine): Promise<void> {
    this.#entries.open(line);
    await this.focusWithin('[part~="back-button"]');
  }

  private async closeEntries(): Promise<void> {
    const line = this.#entries.close();
    if (!line) return;
    await this.focusWithin(
      `tr[data-client="${line.clientId ?? ''}"][data-matter="${line.matterId ?? ''}"] [part~="entries-button"]`,
    );
  }

  private select(view: View, focus = false): void {
    this.view = view;
    if (focus) void this.focusWithin(`#tab-${view}`);
  }

  private onChoose(event: Event): void {
    this.chosen = (event.target as HTMLSelectElement).value;
    this.#entries.line = null;
  }

  /** A view's state before its data: loading, its failure, or nothing. */
  private renderPending(task: Task<readonly unknown[], unknown>, what: string) {
    if (task.status === TaskStatus.ERROR) return renderAlert(task.error);
    return html`<p class="hint">${spinner}${what}</p>`;
  }

  private renderBalancesView() {
    if (this.#entries.line) return this.renderEntriesView();
    const report = this.balances.value;
    if (!report) return this.renderPending(this.balances, msg('Loading the balances…'));
    const lines = this.balanceLines;
    const negative = lines.filter((l) => l.balance.startsWith('-')).length;
    const loading = this.moreBalances.status === TaskStatus.PENDING;
    return html`${this.balances.status === TaskStatus.ERROR ? renderAlert(this.balances.error) : nothing}
      <div class="row header">
        ${this.renderHeadingAt(1, msg('Balances per client and matter'))}
        ${report.lines.length ? this.#download.button('balances', msg('balances')) : nothing}
      </div>
      ${renderNegativeWarning(negative, this.balancesCursor !== null)}
      ${
        lines.length
          ? renderBalances({ ...report, lines }, (line) => void this.openEntries(line))
          : html`<p class="hint" part="empty">${msg('No money in this trust account yet.')}</p>`
      }
      ${this.moreBalances.status === TaskStatus.ERROR ? renderAlert(this.moreBalances.error) : nothing}
      ${renderMoreButton(this.balancesCursor, loading, msg('Show more lines'), (cursor) =>
        this.moreBalances.run([cursor]),
      )}`;
  }

  private renderEntriesView() {
    const name = this.#entries.name;
    return this.#entries.render(
      html`<div class="row header">
          <button type="button" part="button back-button" @click=${this.closeEntries}>
            ${msg('Back to balances')}
          </button>
          ${this.#download.button('entries', msg(str`entries of ${name}`))}
        </div>
        ${this.renderHeadingAt(1, msg(str`Entries: ${name}`))}`,
    );
  }

  private renderDepositsView() {
    const report = this.deposits.value;
    if (!report) return this.renderPending(this.deposits, msg('Loading the deposits…'));
    return html`<div class="row header">
        ${this.renderHeadingAt(1, msg('Bank deposits'))}
        ${report.deposits.length ? this.#download.button('deposits', msg('deposits')) : nothing}
      </div>
      ${
        report.deposits.length
          ? renderDeposits(report)
          : html`<p class="hint" part="empty">${msg('No deposit has settled yet.')}</p>`
      }`;
  }

  override render() {
    const busy = [
      this.accounts,
      this.balances,
      this.deposits,
      this.#month.history,
      this.#entries.page,
    ].some((t) => t.status === TaskStatus.PENDING);
    const views = {
      balances: () => this.renderBalancesView(),
      deposits: () => this.renderDepositsView(),
      reconciliations: () => this.#month.render(),
    };
    return html`<section part="card" aria-busy=${busy ? 'true' : 'false'}>
      <div class="row header">
        ${this.renderHeading(msg('Trust ledger'))}
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
