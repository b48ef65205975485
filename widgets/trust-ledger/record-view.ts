import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { isAwaitingApproval, type AwaitingApproval } from '../../shared/approvals-api.js';
import {
  postLedgerEntry,
  postLedgerTransfer,
  type LedgerEntry,
  type LedgerEntryInput,
  type LedgerTransferInput,
} from '../../shared/ledger-api.js';
import { alertBox, renderAlert, serverFieldErrors } from '../core/alerts.js';
import { formatMoney } from '../core/format.js';
import { inLocale, localeOf, msg, str } from '../core/localize.js';
import { ClientPicker } from '../core/record-picker.js';
import { renderField, renderSubmit } from '../core/service-element.js';
import {
  renderTrustWarning,
  trustWarning,
  type TrustWarning,
} from '../transactions-list/trust-warning.js';
import {
  RECORD_KINDS,
  TYPED_FIELDS,
  readEntry,
  recordKindLabel,
  renderEntryFields,
  valueOf,
  type FieldErrors,
  type RecordKind,
} from './entry-forms.js';
import type { LedgerEntryPostedDetail } from './events.js';
import { thisMonth } from './statement.js';
import { entryKindLabel } from './tables.js';
import { readTransfer, renderTransferFields } from './transfer-form.js';

// The trust ledger's Record tab (admin): a disbursement, a receipt, a transfer to operating, or an
// entry of the account's own money. The trust guard's refusal (409) is shown with the field for
// an override's reason, sent again with it; a closed period (409 PERIOD_CLOSED) and a date ahead
// (400) with the API's words; a success says what was booked and reloads the balances. With a
// second approver required, an override answers 202: nothing is booked, the form says it waits
// (Approvals lists it).

/** What the record view reads from its element. */
export interface RecordSource {
  api: () => ApiClient;
  accountId: () => string;
  onError: (error: unknown) => void;
  /** Booked: the element tells the page and reloads the balances. */
  onPosted: (detail: LedgerEntryPostedDetail) => void;
  /** Waiting for a second approver: the Approvals button's count changes. */
  onAwaiting: () => void;
  focus: (selector: string) => Promise<void>;
}

type Body = LedgerEntryInput | LedgerTransferInput;

export class RecordView {
  /** Whether the forms are open (in place of the balances). */
  shown = false;
  kind: RecordKind = 'disbursement';
  #errors: FieldErrors = {};
  #trust?: TrustWarning;
  #done?: string;
  /** The override is waiting for a second approver: what was asked. */
  #waiting?: string;

  readonly picker: ClientPicker;
  readonly matters;
  /** The operating accounts a transfer goes to (loaded when the transfer form is shown). */
  readonly operating;
  readonly post: Task<[RecordKind, Body], LedgerEntryPostedDetail | AwaitingApproval>;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly source: RecordSource,
  ) {
    this.picker = new ClientPicker(host, source.api, () => this.#changed(), 'clientId');
    this.matters = new Task(host, {
      args: () => [source.api(), this.picker.selected?.id] as const,
      task: async ([api, clientId]: readonly [ApiClient, string | undefined], { signal }) =>
        clientId ? (await api.listMatters({ clientId, limit: 200 }, signal)).data : initialState,
    });
    this.operating = new Task(host, {
      args: () => [source.api(), this.kind === 'transfer'] as const,
      task: async ([api, shown]: readonly [ApiClient, boolean], { signal }) =>
        shown
          ? (await api.listBankAccounts({ limit: 200 }, signal)).data.filter(
              (a) => a.category === 'operating',
            )
          : initialState,
    });
    this.post = new Task(host, {
      autoRun: false,
      task: async ([kind, body]: [RecordKind, Body], { signal }) => {
        const api = source.api();
        if (kind === 'transfer') {
          const t = await postLedgerTransfer(api, body as LedgerTransferInput, signal);
          return isAwaitingApproval(t) ? t : { kind, entries: [t.from, t.to], transferId: t.id };
        }
        const entry = await postLedgerEntry(api, body as LedgerEntryInput, signal);
        return isAwaitingApproval(entry) ? entry : { kind, entries: [entry], transferId: null };
      },
      onComplete: (answer) => {
        this.#trust = undefined;
        if (isAwaitingApproval(answer)) {
          this.#waiting = formatMoney(answer.approval.amount ?? '0.00');
          source.onAwaiting();
          return;
        }
        this.#done = this.#describe(answer.kind, answer.entries[0]!);
        source.onPosted(answer);
      },
      onError: (error) => {
        this.#trust = trustWarning(error);
        source.onError(error);
      },
    });
  }

  /** Opens the forms, afresh; the focus goes to the first choice. */
  open(): void {
    this.shown = true;
    this.#errors = {};
    this.#changed();
    void this.source.focus('#recordKind');
  }

  close(): void {
    this.shown = false;
    this.post.abort();
    this.host.requestUpdate();
  }

  /** What changes the money out: a guard's warning no longer applies. */
  #changed(): void {
    this.#trust = undefined;
    this.#done = this.#waiting = undefined;
    this.host.requestUpdate();
  }

  #describe(kind: RecordKind, e: LedgerEntry): string {
    const amount = formatMoney(e.amount.replace(/^-/, ''));
    if (kind === 'disbursement')
      return msg(str`Disbursement of ${amount} to ${e.payee ?? ''} recorded.`);
    if (kind === 'receipt') return msg(str`Receipt of ${amount} from ${e.payer ?? ''} recorded.`);
    if (kind === 'transfer') return msg(str`Transfer of ${amount} to operating recorded.`);
    return msg(str`${entryKindLabel(e.kind, e.amount)} of ${amount} recorded.`);
  }

  #errorsOf(field: string): string[] {
    if (Object.keys(this.#errors).length) return this.#errors[field] ?? [];
    return this.post.status === TaskStatus.ERROR ? serverFieldErrors(this.post.error, field) : [];
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (this.post.status === TaskStatus.PENDING) return;
    const form = event.target as HTMLFormElement;
    const kind = this.kind;
    const ctx = {
      bankAccountId: this.source.accountId(),
      clientId: this.picker.selected?.id,
      matterId: valueOf(form, 'matterId'),
    };
    const { body, errors } = inLocale(localeOf(this.host), () =>
      kind === 'transfer' ? readTransfer(form, ctx) : readEntry(kind, form, ctx),
    );
    if (this.#trust) {
      const why = valueOf(form, 'overrideReason');
      if (why) Object.assign(body, { override: { reason: why } });
      else errors.overrideReason = [msg('is required: say why the guard may be overridden')];
    }
    this.#errors = errors;
    this.#done = this.#waiting = undefined;
    if (Object.keys(errors).length) {
      this.host.requestUpdate();
      return this.source.focus('[aria-invalid="true"]');
    }
    await this.post.run([kind, body]);
    if (this.post.status === TaskStatus.COMPLETE) {
      for (const name of TYPED_FIELDS) {
        const input = form.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = '';
      }
      return this.source.focus('[part~="result"]');
    }
    await this.source.focus(
      this.#trust ? '[name="overrideReason"]' : '[aria-invalid="true"], [part~="error"]',
    );
  }

  #choose(event: Event): void {
    this.kind = (event.target as HTMLSelectElement).value as RecordKind;
    this.#errors = {};
    this.#changed();
  }

  #renderMatters() {
    const client = this.picker.selected;
    const matters = client ? (this.matters.value ?? []) : [];
    return renderField(
      {
        id: 'matterId',
        label: msg('Matter'),
        optional: true,
        errors: this.#errorsOf('matterId'),
        hint: client ? undefined : msg('Choose the client first.'),
      },
      ({ describedBy, invalid }) =>
        html`<select
          id="matterId"
          name="matterId"
          part="input"
          ?disabled=${!client}
          aria-describedby=${describedBy ?? nothing}
          aria-invalid=${invalid ?? nothing}
          @change=${() => this.#changed()}
        >
          <option value="">${msg('No matter')}</option>
          ${matters.map((m) => html`<option value=${m.id}>${m.name}</option>`)}
        </select>`,
    );
  }

  /** The forms under `header` (the way back, the heading). */
  render(header: unknown) {
    const kind = this.kind;
    const pending = this.post.status === TaskStatus.PENDING;
    const error = this.post.status === TaskStatus.ERROR && !this.#trust ? this.post.error : null;
    const ctx = {
      errors: (field: string) => this.#errorsOf(field),
      clientId: this.picker.selected?.id,
      matterId: '',
      today: thisMonth().to,
    };
    const label = this.#trust
      ? msg('Override and record')
      : kind === 'transfer'
        ? msg('Transfer to operating')
        : msg('Record');
    const shown = ['clientId', 'matterId', 'amount', 'date', 'payee', 'payer', 'method'];
    return html`${header}
      ${renderField(
        { id: 'recordKind', label: msg('What to record'), errors: [] },
        () =>
          html`<select
            id="recordKind"
            part="input record-kind"
            @change=${(e: Event) => this.#choose(e)}
          >
            ${RECORD_KINDS.map(
              (k) =>
                html`<option value=${k} ?selected=${k === kind}>${recordKindLabel(k)}</option>`,
            )}
          </select>`,
      )}
      <form
        part="form record-form"
        data-kind=${kind}
        novalidate
        @submit=${(e: SubmitEvent) => this.#submit(e)}
        @input=${(e: Event) => (e.target as HTMLInputElement).name === 'amount' && this.#changed()}
      >
        <div class="fields">
          ${
            kind === 'account'
              ? nothing
              : html`${this.picker.render({ errors: this.#errorsOf('clientId') })}
                ${this.#renderMatters()}`
          }
          ${
            kind === 'transfer'
              ? renderTransferFields(ctx, this.operating.value)
              : renderEntryFields(kind, ctx)
          }
        </div>
        ${this.#trust ? renderTrustWarning(this.#trust, this.#errorsOf('overrideReason')) : nothing}
        ${renderAlert(error, [...shown, 'reference', 'purpose', 'memo', 'invoice', 'toBankAccountId'])}
        ${renderSubmit(pending, label, msg('Recording…'), this.#trust ? 'danger' : 'primary')}
      </form>
      ${this.#done ? alertBox('success', html`<p>${this.#done}</p>`, 'result') : nothing}
      ${
        this.#waiting
          ? alertBox(
              'warning',
              html`<p>
                <strong>${msg('Waiting for a second approver.')}</strong>
                ${msg(str`Nothing is booked yet: ${this.#waiting} goes out once another admin approves it under Approvals.`)}
              </p>`,
              'result awaiting-approval',
            )
          : nothing
      }`;
  }
}
