import { Task, TaskStatus, initialState } from '@lit/task';
import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import { FINAL_PLAN_STATUSES } from '../../shared/payment-plan-values.js';
import { getPaymentPlan, type PaymentPlanDetail } from '../../shared/payment-plans-api.js';
import { alertBox, confirmBox, plainRemote, renderAlert } from '../core/alerts.js';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  statusLabel,
  statusTone,
} from '../core/format.js';
import { CopyController, renderUrl } from '../core/link-result.js';
import { msg } from '../core/localize.js';
import { PollController, reloadOf } from '../core/poll.js';
import { ServiceElement, spinner } from '../core/service-element.js';
import { ServicePaymentPlanCanceledEvent } from './events.js';
import { planGuidance, planStatusLabel, planStatusTone, scheduleSentence } from './words.js';

/** The shortest wait between two reloads, whatever `poll-interval` says. */
const MIN_POLL_SECONDS = 2;

const planStyles = css`
  .header {
    justify-content: space-between;
  }
  ul.payments {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.4rem;
  }
  ul.payments > li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25rem 0.75rem;
    padding-block-end: 0.4rem;
    border-block-end: 1px solid var(--_border);
  }
  ul.payments .amount {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  ul.plain {
    margin: 0;
    padding-inline-start: 1.1rem;
  }
`;

/**
 * One payment plan (the service's subscription) as the service reports it now: its schedule in
 * words, its status and what to do about it (a failed payment: ask the client to enrol another
 * payment method at the enrolment link, shown with a copy button), what is paid and outstanding,
 * the next payments and the payments made. Cancel asks first, then cancels it at the payment
 * service. Not part of the kit's script: load `service-payment-plan.js` where it is shown.
 *
 * @tagname service-payment-plan
 * @summary Shows a payment plan, its payments and what to do about it; cancels it.
 *
 * @fires service-payment-plan-canceled - `detail: { plan }` once the plan is canceled at the payment service.
 * @fires service-error - A call failed; `detail` has the API's message.
 * @fires service-ready - Rendered with the plan loaded.
 *
 * @csspart status - The plan's status badge.
 * @csspart schedule - The schedule in words.
 * @csspart summary - Paid, outstanding and the next payments.
 * @csspart guidance - What to do about the plan in its status.
 * @csspart url - The enrolment link.
 * @csspart copy-button - The button that copies the enrolment link.
 * @csspart payments - The payments made.
 * @csspart warning - A warning (a sync problem).
 * @csspart confirm - The question before canceling.
 * @csspart button - Buttons.
 * @csspart cancel-button - The button that cancels the plan.
 */
export class ServicePaymentPlan extends ServiceElement {
  static override styles = [ServiceElement.styles, planStyles];

  /** The plan shown (its id). */
  @property({ attribute: 'plan-id' }) planId?: string;

  /** Reload the plan every this many seconds while the page is visible (0: only on refresh()). */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = 0;

  @state() private confirming = false;
  /** The plan as last loaded, shown while a reload runs or after one failed. */
  @state() private last: PaymentPlanDetail | null = null;

  private readonly copier = new CopyController(this);

  private readonly load = new Task(this, {
    args: () => [this.api, this.planId] as const,
    task: async ([api, id]: readonly [ApiClient, string | undefined], { signal }) =>
      api.hasToken && id ? getPaymentPlan(api, id, signal) : initialState,
    onComplete: (plan) => {
      if (plan) this.last = plan;
      this.loaded('load');
    },
    onError: (error) => this.emitError('load', error, true),
  });

  private readonly cancel = new Task(this, {
    autoRun: false,
    task: async ([id]: [string], { signal }) => {
      await this.api.action('PaymentPlanCancel', { paymentPlanId: id }, signal);
      // Read back as the plan view reads it (in the caller's language).
      return getPaymentPlan(this.api, id, signal);
    },
    onComplete: (plan) => {
      this.last = plan;
      this.confirming = false;
      this.emit(new ServicePaymentPlanCanceledEvent({ plan }));
    },
    onError: (error) => this.emitError('PaymentPlanCancel', error),
  });

  readonly #poll = new PollController(this, {
    run: reloadOf(this.load),
    interval: () =>
      this.pollInterval > 0 ? Math.max(this.pollInterval, MIN_POLL_SECONDS) * 1000 : 0,
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('planId') && changed.get('planId') !== undefined) {
      this.last = null;
      this.confirming = false;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('pollInterval')) this.#poll.restart();
  }

  /** Loads the plan again (its status, balance and payments move with the calendar). */
  async refresh(): Promise<void> {
    await this.load.run();
  }

  protected override isLoaded(): boolean {
    return !this.planId || this.last !== null || this.load.status === TaskStatus.ERROR;
  }

  private async ask(): Promise<void> {
    this.confirming = true;
    await this.focusWithin('[part~="confirm"] button');
  }

  private async keep(): Promise<void> {
    this.confirming = false;
    await this.focusWithin('[part~="cancel-button"]');
  }

  private async confirmCancel(id: string): Promise<void> {
    if (this.cancel.status === TaskStatus.PENDING) return;
    if (await this.runForm(this.cancel, [id])) await this.focusWithin('[part~="guidance"]');
  }

  override render() {
    const plan = this.last;
    const pending = this.load.status === TaskStatus.PENDING;
    return html`<section part="card" aria-busy=${pending ? 'true' : 'false'}>
      <div class="row header">
        ${this.renderHeading(msg('Payment plan'))}
        ${
          plan
            ? html`<span class="badge" data-tone=${planStatusTone(plan.status)} part="status">
                ${planStatusLabel(plan.status)}
              </span>`
            : nothing
        }
      </div>
      ${this.renderUnconfigured()}
      ${
        !this.planId
          ? html`<p class="hint" part="hint">${msg('No plan to show: set its plan-id.')}</p>`
          : nothing
      }
      ${this.load.status === TaskStatus.ERROR ? renderAlert(this.load.error) : nothing}
      ${
        plan
          ? this.renderPlan(plan)
          : pending
            ? html`<p class="hint" role="status">${spinner}${msg('Loading the plan…')}</p>`
            : nothing
      }
    </section>`;
  }

  private renderPlan(plan: PaymentPlanDetail) {
    const final = FINAL_PLAN_STATUSES.includes(plan.status);
    const trouble = plan.status === 'payment_failed' || plan.status === 'needs_attention';
    return html`<p part="schedule">${scheduleSentence(plan)}</p>
      ${this.renderGuidance(plan, final, trouble)}
      ${
        plan.syncErrorMessage
          ? alertBox(
              'warning',
              html`<p>
                ${msg('Not yet in step with the payment service.')}
                ${plainRemote(plan.syncErrorMessage)}
              </p>`,
            )
          : nothing
      }
      <dl part="summary">
        <dt>${msg('Paid')}</dt>
        <dd data-amount="paid">${formatMoney(plan.paidAmount)}</dd>
        <dt>${msg('Outstanding')}</dt>
        <dd data-amount="outstanding">${formatMoney(plan.outstandingAmount)}</dd>
        <dt>${msg('Next payments')}</dt>
        <dd>
          ${
            plan.upcomingPayments.length && !final
              ? html`<ul class="plain">
                  ${plan.upcomingPayments.map(
                    (p) => html`<li>${formatDate(p.billDate)}: ${formatMoney(p.amount)}</li>`,
                  )}
                </ul>`
              : msg('None')
          }
        </dd>
      </dl>
      ${this.renderHeadingAt(1, msg('Payments'))}
      ${
        plan.payments.length
          ? html`<ul class="payments" part="payments">
              ${plan.payments.map(
                (p) =>
                  html`<li>
                    <span class="amount">${formatMoney(p.amount)}</span>
                    <span>${formatDateTime(p.createdOn)}</span>
                    <span class="badge" data-tone=${statusTone(p.status)}
                      >${statusLabel(p.status)}</span
                    >
                    ${p.errorMessage ? html`<span class="hint">${p.errorMessage}</span>` : nothing}
                  </li>`,
              )}
            </ul>`
          : html`<p class="hint">${msg('No payments yet.')}</p>`
      }
      ${final || plan.cancelRequested ? nothing : this.renderCancel(plan)}`;
  }

  /** What to do now, and the enrolment link while the client may still need it. */
  private renderGuidance(plan: PaymentPlanDetail, final: boolean, trouble: boolean) {
    const canceling = plan.cancelRequested && plan.status !== 'canceled';
    const words = html`<p>
        ${canceling ? msg('Cancel asked: the payment service is told shortly.') : nothing}
        ${plan.attention ?? planGuidance(plan.status)}
      </p>
      ${
        final || !plan.url
          ? nothing
          : renderUrl(plan.url, this.copier, msg('enrolment link'), msg('Copy enrolment link'))
      }`;
    if (this.cancel.status === TaskStatus.COMPLETE && plan.status === 'canceled') {
      return alertBox('success', words, 'guidance');
    }
    return trouble
      ? alertBox('error', words, 'guidance')
      : html`<div class="stack" part="guidance">${words}</div>`;
  }

  private renderCancel(plan: PaymentPlanDetail) {
    const busy = this.cancel.status === TaskStatus.PENDING;
    const failed = this.cancel.status === TaskStatus.ERROR ? this.cancel.error : null;
    if (!this.confirming) {
      return html`${renderAlert(failed)}
        <div class="row">
          <button type="button" part="button cancel-button" @click=${() => this.ask()}>
            ${msg('Cancel plan')}
          </button>
        </div>`;
    }
    return html`${renderAlert(failed)}
    ${confirmBox(
      html`<p>
        ${msg('Cancel this plan? The client is charged nothing more; the payments made stay.')}
      </p>`,
      html`<button
          type="button"
          class="danger"
          part="button"
          aria-disabled=${busy ? 'true' : 'false'}
          @click=${() => this.confirmCancel(plan.id)}
        >
          ${busy ? html`${spinner}${msg('Canceling…')}` : msg('Yes, cancel the plan')}
        </button>
        <button type="button" part="button" @click=${() => this.keep()}>
          ${msg('Keep the plan')}
        </button>`,
    )}`;
  }
}
