import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import {
  approveApproval,
  listApprovals,
  rejectApproval,
  type ApprovalKind,
  type ApprovalRecord,
  type ApprovalStatus,
} from '../../shared/approvals-api.js';
import type { Role } from '../../shared/records.js';
import { alertBox, confirmBox, renderAlert } from '../core/alerts.js';
import { formatDateTime, formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { callerInfo } from '../core/caller-role.js';
import { spinner } from '../core/service-element.js';
import { renderTable } from '../operations/table.js';

// The trust ledger's approvals (docs/api.md#people-and-approvals), opened by a button over the
// tabs that says how many wait, in place of the balances (they are the organization's, not one
// account's). With the
// `requireSecondApprover` setting on, money out an admin overrode beyond the trust guard (a refund
// or void, a disbursement, a transfer, a receipt's reversal) is not done: it waits here for
// another named admin. The waiting ones first, each with what waits, the override's reason, what
// the guard said, who asked and until when; an admin approves one (after a question: it is done
// at once, as asked) or rejects it, and the person who asked withdraws their own. The decided
// ones follow. What waits and the guard's words are the server's, in the kit's language (the API
// says them in the Accept-Language the kit sends); what the guard said at approval is English.

export interface ApprovalsSource {
  api: () => ApiClient;
  /** Whether an account is shown (and so the tabs): only then is the list loaded. */
  active: () => boolean;
  role: () => Role | null | undefined;
  heading: (depth: number, content: string) => unknown;
  onError: (operation: string, error: unknown) => void;
  /** Decided: what was approved may have moved the balances. */
  onDecided: (approval: ApprovalRecord) => void;
  focus: (selector: string) => Promise<void>;
}

type Decision = 'approve' | 'reject';

const kindLabel = (kind: ApprovalKind): string =>
  ({
    money_out: msg('Refund or void'),
    disbursement: msg('Disbursement'),
    transfer: msg('Transfer to operating'),
    reversal: msg('Reversal of a receipt'),
  })[kind];

const statusLabel = (status: ApprovalStatus): string =>
  ({
    pending: msg('Waiting'),
    approved: msg('Approved'),
    rejected: msg('Rejected'),
    expired: msg('Expired'),
  })[status];

const when = (iso: string) => html`<time datetime=${iso}>${formatDateTime(iso)}</time>`;

/** The guard's word at approval, when it refused: the money asked for was no longer there. */
const guardRefusedAtApproval = (a: ApprovalRecord) => {
  const said = a.result?.guardAtApproval;
  return said && !said.startsWith('passed') ? said : null;
};

export class ApprovalsView {
  /** Whether the approvals are open (in place of the balances). */
  shown = false;
  readonly list;
  /** The caller's person id: their own requests are withdrawn, never approved. */
  readonly me;
  readonly decide: Task<[ApprovalRecord, Decision], ApprovalRecord>;
  /** The approval whose Approve was pressed: its question is shown. */
  #confirming: string | null = null;
  /** What the last decision was about, for its outcome's words. */
  #decided: { approval: ApprovalRecord; decision: Decision } | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly source: ApprovalsSource,
  ) {
    this.list = new Task(host, {
      args: () => [source.api(), source.active()] as const,
      task: async ([api, active]: readonly [ApiClient, boolean], { signal }) =>
        active ? (await listApprovals(api, {}, signal)).data : initialState,
      onError: (error) => source.onError('approvals', error),
    });
    // The page's one GET /api/me (core/caller-role.ts), asked with the role.
    this.me = new Task(host, {
      args: () => [source.api()] as const,
      task: async ([api]: readonly [ApiClient]) => (await callerInfo(api))?.person?.id ?? null,
    });
    this.decide = new Task(host, {
      autoRun: false,
      task: ([approval, decision]: [ApprovalRecord, Decision], { signal }) =>
        (decision === 'approve' ? approveApproval : rejectApproval)(
          source.api(),
          approval.id,
          signal,
        ),
      onComplete: (decided) => {
        source.onDecided(decided);
        void this.list.run();
      },
      onError: (error) => source.onError('approval', error),
    });
  }

  /** How many wait (0 until the list is loaded): the button says it. */
  get waiting(): number {
    return this.list.value?.filter((a) => a.status === 'pending').length ?? 0;
  }

  open(): void {
    this.shown = true;
    this.#decided = this.#confirming = null;
    this.host.requestUpdate();
  }

  close(): void {
    this.shown = false;
    this.host.requestUpdate();
  }

  /** The button that opens them: "Approvals (2)" while two wait, in the warning tone. */
  button(open: () => void) {
    const waiting = this.waiting;
    return html`<button
      type="button"
      part="button approvals-button"
      data-waiting=${waiting}
      data-tone=${waiting ? 'warning' : nothing}
      @click=${open}
    >
      ${waiting ? msg(str`Approvals (${waiting})`) : msg('Approvals')}
    </button>`;
  }

  async #run(approval: ApprovalRecord, decision: Decision): Promise<void> {
    if (this.decide.status === TaskStatus.PENDING) return;
    this.#confirming = null;
    this.#decided = { approval, decision };
    await this.decide.run([approval, decision]);
    // The outcome's alert: itself a decision, or the refusal inside one.
    await this.source.focus('.alert[part~="decision"], [part~="decision"] .alert');
  }

  #ask(approval: ApprovalRecord | null): void {
    this.#confirming = approval?.id ?? null;
    this.host.requestUpdate();
    if (approval) void this.source.focus(`[data-id="${approval.id}"] [part~="confirm"]`);
  }

  /** The last decision's outcome: done (and what the guard said then), or why it was refused. */
  #renderOutcome() {
    const asked = this.#decided;
    const { status } = this.decide;
    if (!asked || status === TaskStatus.INITIAL || status === TaskStatus.PENDING) return nothing;
    if (this.decide.status === TaskStatus.ERROR) {
      return html`<div part="decision">${renderAlert(this.decide.error)}</div>`;
    }
    const done = this.decide.value!;
    if (done.status !== 'approved') {
      const own = asked.approval.requestedBy?.id === done.decidedBy?.id;
      return alertBox(
        'success',
        html`<p>
          ${own ? msg('Withdrawn: it will not be done.') : msg('Rejected: it will not be done.')}
        </p>`,
        'result decision',
      );
    }
    const refused = guardRefusedAtApproval(done);
    return alertBox(
      refused ? 'warning' : 'success',
      html`<p>${msg('Approved: it was done as it was asked.')}</p>
        ${
          refused
            ? html`<p>${msg('The trust guard at approval:')} <span lang="en">${refused}</span></p>`
            : nothing
        }`,
      'result decision',
    );
  }

  #renderActions(a: ApprovalRecord) {
    const role = this.source.role();
    if (role === 'staff')
      return html`<p class="hint">${msg('An admin approves or rejects it.')}</p>`;
    const busy = this.decide.status === TaskStatus.PENDING;
    const deciding = (d: Decision) =>
      busy && this.#decided?.approval.id === a.id && this.#decided.decision === d
        ? spinner
        : nothing;
    const mine = this.me.value != null && a.requestedBy?.id === this.me.value;
    const button = (part: string, decision: Decision, label: string, click: () => void) =>
      html`<button
        type="button"
        part="button ${part}"
        aria-disabled=${busy ? 'true' : 'false'}
        @click=${() => !busy && click()}
      >
        ${deciding(decision)}${label}
      </button>`;
    if (mine) {
      return html`<div class="row">
        ${button('reject-button', 'reject', msg('Withdraw'), () => void this.#run(a, 'reject'))}
        <span class="hint">${msg('You asked for it: another admin approves it.')}</span>
      </div>`;
    }
    if (this.#confirming === a.id) {
      return confirmBox(
        html`<p>
          ${msg(str`Approve it? It is done at once, beyond the trust guard, as ${a.requestedBy?.name ?? ''} asked it.`)}
        </p>`,
        html`${button('approve-button confirm-approve', 'approve', msg('Approve'), () => void this.#run(a, 'approve'))}
          <button type="button" part="button" @click=${() => this.#ask(null)}>
            ${msg('Cancel')}
          </button>`,
      );
    }
    return html`<div class="row">
      ${button('approve-button', 'approve', msg('Approve…'), () => this.#ask(a))}
      ${button('reject-button', 'reject', msg('Reject'), () => void this.#run(a, 'reject'))}
    </div>`;
  }

  #renderWaiting(a: ApprovalRecord) {
    return html`<li part="approval" class="stack" data-id=${a.id} data-kind=${a.kind}>
      <p>
        <span class="badge" data-tone="muted">${kindLabel(a.kind)}</span>
        <strong>${a.what}</strong>
      </p>
      <dl class="summary">
        <div>
          <dt>${msg('Amount')}</dt>
          <dd>${a.amount ? formatMoney(a.amount) : msg('All of it')}</dd>
        </div>
        <div>
          <dt>${msg('Asked by')}</dt>
          <dd>${a.requestedBy?.name ?? '—'} · ${when(a.requestedAt)}</dd>
        </div>
        <div>
          <dt>${msg('Waits until')}</dt>
          <dd>${when(a.expiresAt)}</dd>
        </div>
      </dl>
      <dl class="said">
        <dt>${msg('Reason for the override')}</dt>
        <dd>${a.reason}</dd>
        <dt>${msg('The trust guard said')}</dt>
        <dd>${a.refusal}</dd>
      </dl>
      ${this.#renderActions(a)}
    </li>`;
  }

  #renderDecided(decided: ApprovalRecord[]) {
    const rows = decided.map(
      (a) =>
        html`<tr part="row" data-id=${a.id} data-status=${a.status}>
          <td data-label=${msg('What')}>
            <span class="badge" data-tone="muted">${kindLabel(a.kind)}</span>
            <span>${a.what}</span>
          </td>
          <td data-label=${msg('Status')}>
            <span class="badge" data-tone=${a.status === 'approved' ? 'success' : 'muted'}>
              ${statusLabel(a.status)}
            </span>
          </td>
          <td data-label=${msg('Asked by')}>${a.requestedBy?.name ?? '—'}</td>
          <td data-label=${msg('Decided by')}>
            ${a.decidedBy ? html`${a.decidedBy.name} · ${when(a.decidedAt!)}` : '—'}
          </td>
        </tr>`,
    );
    return html`${this.source.heading(2, msg('Decided'))}
    ${renderTable(
      msg('Decided approvals'),
      msg('Approvals decided or expired, newest first'),
      'table history',
      [msg('What'), msg('Status'), msg('Asked by'), msg('Decided by')],
      rows,
    )}`;
  }

  /** The approvals under `header` (the way back, the heading). */
  render(header: unknown) {
    const all = this.list.value;
    if (!all) {
      return html`${header}
      ${
        this.list.status === TaskStatus.ERROR
          ? renderAlert(this.list.error)
          : html`<p class="hint">${spinner}${msg('Loading the approvals…')}</p>`
      }`;
    }
    const waiting = all.filter((a) => a.status === 'pending');
    const decided = all.filter((a) => a.status !== 'pending');
    return html`${header}
      <p class="hint">
        ${msg('With a second approver required, money out beyond the trust guard waits here until another admin approves it.')}
      </p>
      ${this.#renderOutcome()}
      ${
        waiting.length
          ? html`<ul class="approvals" part="approvals">
              ${waiting.map((a) => this.#renderWaiting(a))}
            </ul>`
          : html`<p class="hint" part="empty">${msg('Nothing waits for approval.')}</p>`
      }
      ${decided.length ? this.#renderDecided(decided) : nothing}`;
  }
}
