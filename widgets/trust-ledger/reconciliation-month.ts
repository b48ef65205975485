import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import {
  addReconciliationItem,
  clearReconciliationItem,
  createReconciliation,
  getReconciliation,
  listReconciliations,
  signReconciliation,
  type Reconciliation,
  type ReconciliationItem,
} from '../../shared/ledger-api.js';
import type { Role } from '../../shared/records.js';
import { renderAlert, serverFieldErrors } from '../core/alerts.js';
import { formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { clearFields, spinner } from '../core/service-element.js';
import { renderBalancesSide, renderRunState } from './reconciliation-balances.js';
import {
  readItemForm,
  renderAddItem,
  renderItems,
  type ItemInput,
} from './reconciliation-items.js';
import { ReportDownload, renderSignoff, type SignRole } from './reconciliation-signoff.js';
import {
  monthName,
  readStartForm,
  renderHistory,
  renderStartForm,
  resultBadge,
  signoffBadge,
  statementDate,
} from './reconciliation.js';

// The Reconciliation tab as a month's workflow: start the month (its statement's balances), work
// its reconciling items (mark cleared, add), read the three balances and whether they agree, sign
// it by two people (the month closes), save its report; and open any run from the account's past
// ones. An admin's (the server checks every call); staff read the runs and their reports.

/** A change of the open run: one at a time. */
type Change =
  | { op: 'clear'; item: ReconciliationItem }
  | { op: 'add'; input: ItemInput }
  | { op: 'sign'; role: SignRole };

/** What the workflow reads from its element. */
export interface MonthSource {
  api: () => ApiClient;
  accountId: () => string;
  /** Whether the tab is open (the runs load only then). */
  shown: () => boolean;
  /** The caller's role: undefined while asked; null when it cannot be told (the server decides). */
  role: () => Role | null | undefined;
  heading: (depth: number, content: unknown) => unknown;
  /** The element's runForm: the task, then focus where the person needs it. */
  runForm: <A extends readonly unknown[]>(task: Task<A, unknown>, args: A) => Promise<boolean>;
  /** The element's shadow root (focus stays in the items while they are cleared). */
  root: () => ParentNode;
  created: (reconciliation: Reconciliation) => void;
  onError: (operation: string, error: unknown) => void;
}

export class ReconciliationMonth {
  /** The run open (started, or opened from the past ones); null: the start form and the list. */
  #open: Reconciliation | null = null;

  readonly history: Task<readonly [ApiClient, string, boolean], { data: Reconciliation[] }>;
  readonly start: Task<[string, string, string], Reconciliation>;
  readonly change: Task<[Change], Reconciliation>;
  readonly #report: ReportDownload;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly source: MonthSource,
  ) {
    this.history = new Task(host, {
      args: () => [source.api(), source.accountId(), source.shown()] as const,
      task: async ([api, bankAccountId, shown], { signal }) =>
        bankAccountId && shown
          ? listReconciliations(api, { bankAccountId, limit: 20 }, signal)
          : initialState,
      onError: (error) => source.onError('reconciliations', error),
    });
    this.start = new Task(host, {
      autoRun: false,
      task: async ([month, opening, closing]: [string, string, string], { signal }) =>
        createReconciliation(
          source.api(),
          { bankAccountId: source.accountId(), ...readStartForm(month, opening, closing) },
          signal,
        ),
      onComplete: (run) => {
        this.#show(run);
        source.created(run);
      },
      onError: (error) => source.onError('reconcile', error),
    });
    this.change = new Task(host, {
      autoRun: false,
      task: async ([change]: [Change], { signal }) => {
        const api = source.api();
        const id = this.#open!.id;
        if (change.op === 'clear') return clearReconciliationItem(api, id, change.item.id, signal);
        if (change.op === 'sign') return signReconciliation(api, id, change.role, signal);
        return addReconciliationItem(api, id, readItemForm(change.input), signal);
      },
      onComplete: (run) => this.#show(run),
      onError: (error) => source.onError('reconciliation', error),
    });
    this.#report = new ReportDownload(host, {
      api: source.api,
      onError: (error) => source.onError('report', error),
    });
  }

  /** The run open, if it is the shown account's. */
  get open(): Reconciliation | null {
    const run = this.#open;
    return run && run.bankAccountId === this.source.accountId() ? run : null;
  }

  #show(run: Reconciliation): void {
    this.#open = run;
    this.#lastChange = null;
    this.host.requestUpdate();
    void this.history.run();
  }

  /** The change asked last: its error shows beside what it changed. */
  #lastChange: Change | null = null;

  /** Loads the runs again, and the open one (another person may have signed it). */
  reload(): Promise<unknown> {
    const open = this.source.shown() ? this.open : null;
    const again = open
      ? getReconciliation(this.source.api(), open.id).then(
          (run) => {
            if (this.#open?.id === run.id) this.#open = run;
            this.host.requestUpdate();
          },
          (error: unknown) => this.source.onError('reconciliation', error),
        )
      : null;
    return Promise.all([this.history.run(), again]);
  }

  #close = (): void => {
    this.#open = null;
    this.change.abort();
    this.host.requestUpdate();
  };

  #run(change: Change): Promise<boolean> {
    this.#lastChange = change;
    return this.source.runForm(this.change, [change]);
  }

  /**
   * Clears an item; focus stays in the items (the next "Mark cleared"), not on the state above
   * them, which says the new state politely as it changes; with none left, the state.
   */
  async #clear(item: ReconciliationItem): Promise<void> {
    if (this.change.status === TaskStatus.PENDING) return;
    this.#lastChange = { op: 'clear', item };
    await this.change.run([this.#lastChange]);
    await this.host.updateComplete;
    const find = (selector: string) => this.source.root().querySelector<HTMLElement>(selector);
    const failed = this.change.status === TaskStatus.ERROR;
    const target = failed
      ? find('[part~="error"]')
      : (find('[part~="clear-button"]') ?? find('[part~="result"]'));
    target?.focus();
  }

  #onStart = (event: SubmitEvent): void => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    void this.source.runForm(this.start, [
      value('month'),
      value('openingBalance'),
      value('statementBalance'),
    ]);
  };

  #onAdd = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const input = {
      kind: value('kind') as ItemInput['kind'],
      date: value('date'),
      description: value('description'),
      amount: value('amount'),
    };
    if (await this.#run({ op: 'add', input })) clearFields(form, 'description', 'amount');
  };

  /** Whether the caller may change runs (an admin; unknown: the server decides). */
  get #writer(): boolean {
    const role = this.source.role();
    return role === null || role === 'admin';
  }

  /** The error of the last change of kind `op`, if it failed. */
  #errorOf(op: Change['op']): unknown {
    return this.change.status === TaskStatus.ERROR && this.#lastChange?.op === op
      ? this.change.error
      : null;
  }

  render() {
    const run = this.open;
    return run ? this.#renderRun(run) : this.#renderList();
  }

  #renderList() {
    const { heading } = this.source;
    const error = this.start.status === TaskStatus.ERROR ? this.start.error : null;
    const runs = this.history.value?.data;
    const fields = ['asOf', 'openingBalance', 'statementBalance'] as const;
    const [asOf, openingBalance, statementBalance] = fields.map((f) => serverFieldErrors(error, f));
    return html`${heading(1, msg('Monthly reconciliation'))}
    ${
      this.#writer
        ? html`<p class="hint">
              ${msg('The statement’s closing balance, with the items in transit, against the trust account book and the client ledgers.')}
            </p>
            ${renderStartForm({
              pending: this.start.status === TaskStatus.PENDING,
              errors: {
                asOf: asOf!,
                openingBalance: openingBalance!,
                statementBalance: statementBalance!,
              },
              lastClosing: runs?.find((r) => r.closedAt)?.statementBalance ?? null,
              onSubmit: this.#onStart,
            })}
            ${renderAlert(error, [...fields])}`
        : html`<p class="hint" part="hint">
            ${msg('Running a reconciliation needs the admin role; the ones run are below.')}
          </p>`
    }
    ${heading(2, msg('Past reconciliations'))}
    ${
      runs
        ? renderHistory(runs, (r) => {
            this.#open = r;
            this.#lastChange = null;
            this.host.requestUpdate();
          })
        : this.history.status === TaskStatus.ERROR
          ? renderAlert(this.history.error)
          : html`<p class="hint">${spinner}${msg('Loading…')}</p>`
    }`;
  }

  #renderRun(run: Reconciliation) {
    const { heading } = this.source;
    const editable = this.#writer && !run.closedAt;
    const pending = this.change.status === TaskStatus.PENDING ? this.#lastChange : null;
    const addError = this.#errorOf('add');
    const itemFields = ['kind', 'date', 'description', 'amount'] as const;
    return html`<div class="row header">
        <button type="button" part="button back-button" @click=${this.#close}>
          ${msg('All reconciliations')}
        </button>
        ${this.#report.buttons(run)}
      </div>
      ${this.#report.task.status === TaskStatus.ERROR ? renderAlert(this.#report.task.error) : nothing}
      ${heading(
        1,
        html`${msg(str`Reconciliation of ${monthName(run.asOf)}`)} ${resultBadge(run)}
        ${signoffBadge(run)}`,
      )}
      <p class="hint">
        ${msg(str`Statement of ${statementDate(run.asOf)}: opening ${run.openingBalance === null ? '—' : formatMoney(run.openingBalance)}, closing ${formatMoney(run.statementBalance)}.`)}
      </p>
      ${renderRunState(run)} ${renderBalancesSide(run)} ${heading(2, msg('Reconciling items'))}
      ${renderAlert(this.#errorOf('clear'))}
      ${renderItems(run, {
        editable,
        clearing: pending?.op === 'clear' ? pending.item.id : null,
        onClear: (item) => void this.#clear(item),
      })}
      ${
        editable
          ? html`${heading(3, msg('Add an item'))}
            ${renderAddItem({
              run,
              pending: pending?.op === 'add',
              errors: (field) => serverFieldErrors(addError, field),
              onSubmit: (e) => void this.#onAdd(e),
            })}
            ${renderAlert(addError, [...itemFields])}`
          : nothing
      }
      ${heading(2, msg('Sign-off'))} ${renderAlert(this.#errorOf('sign'))}
      ${renderSignoff(run, {
        editable,
        signing: pending?.op === 'sign' ? pending.role : null,
        onSign: (role) => void this.#run({ op: 'sign', role }),
      })}`;
  }
}
