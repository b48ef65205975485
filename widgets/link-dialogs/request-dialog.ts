import { html, nothing } from 'lit';
import { query, state } from 'lit/decorators.js';
import { isApiError } from '../../shared/api-client.js';
import {
  listPaymentRequests,
  sendPaymentRequest,
  stopPaymentRequest,
  type PaymentRequest,
  type PaymentRequestCreate,
  type RequestTarget,
} from '../../shared/link-requests-api.js';
import type { AggregateLink, PaymentLink } from '../../shared/schemas.js';
import { errorMessage } from '../core/alerts.js';
import { formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { ifDefined, renderField, renderTextField } from '../core/service-element.js';
import { ServicePaymentRequestSentEvent } from './events.js';
import { LinkDialog } from './link-dialog.js';
import { checkCadence, checkEmails, fieldMessages, splitList } from './request-checks.js';
import { renderRequests } from './request-list.js';

/** What reminders the request asks: the firm's cadence, other days, or none. */
type Cadence = 'firm' | 'custom' | 'off';

/** The fields a refusal may name, each shown beside its control. */
const FIELDS = ['emails', 'cc', 'subject', 'message', 'reminderDays'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Emails a link's payment page through the payment service, with reminders until it is paid:
 * to (one or more addresses), cc, subject and message (filled in from the link), and the
 * reminders' days (the firm's cadence, other days, or none). Below, the link's requests: who
 * sent each and when, the next reminder, and Stop reminders. Loaded on demand by the link's
 * "Send request…" button (link-dialogs/actions.ts).
 *
 * @tagname service-request-dialog
 * @summary The "Send request" dialog of a payment link or an aggregate link (loaded on demand).
 *
 * @fires service-payment-request-sent - A request was sent (or stored, the service not reached yet); `detail` is the request.
 * @fires service-error - A call failed or was refused; the dialog shows why.
 *
 * @csspart dialog - The dialog box.
 * @csspart result - The outcome of a send.
 * @csspart requests - The link's requests.
 * @csspart request - One request.
 * @csspart stop-button - A request's Stop reminders button.
 */
export class ServiceRequestDialog extends LinkDialog {
  @state() private link?: PaymentLink | AggregateLink;
  @state() private requests?: PaymentRequest[];
  @state() private firmDays: number[] = [];
  @state() private cadence: Cadence = 'firm';
  @state() private sending = false;
  @state() private error: unknown;
  @state() private errors: Partial<Record<Field, string[]>> = {};
  @state() private sent?: PaymentRequest;
  @state() private stopping = '';

  @query('form') private form?: HTMLFormElement;

  async open(target: RequestTarget): Promise<void> {
    Object.assign(this, {
      target,
      link: undefined,
      requests: undefined,
      cadence: 'firm',
      error: undefined,
      errors: {},
      sent: undefined,
      loadError: undefined,
    });
    await this.show();
    try {
      const [link, list] = await Promise.all([
        target.kind === 'payment-link'
          ? this.api.getPaymentLink(target.id)
          : this.api.getAggregateLink(target.id),
        listPaymentRequests(this.api, target),
      ]);
      this.link = link;
      this.requests = list.data;
      this.firmDays = list.defaultReminderDays;
      await this.updateComplete;
      this.form?.reset();
      this.fill();
      this.field('emails')?.focus();
    } catch (error) {
      this.loadError = error;
      this.emitError('load', error);
    }
  }

  private field(name: string) {
    return this.form?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
  }

  /** Sensible words from the link: its name and what is still due. */
  private fill() {
    const link = this.link!;
    const due = formatMoney('outstandingAmount' in link ? link.outstandingAmount : link.amount);
    const subject = link.name
      ? msg(str`${link.name}: payment of ${due}`)
      : msg(str`Payment of ${due} requested`);
    const message = msg(str`Please pay ${due} through the secure link in this email. Thank you.`);
    const subjectField = this.field('subject');
    const messageField = this.field('message');
    if (subjectField) subjectField.value = subject;
    if (messageField) messageField.value = message;
  }

  /** A paid or sealed link takes no request: the server would answer 409. */
  private get closedLink(): boolean {
    const link = this.link;
    return !!link && 'status' in link && (link.status === 'paid' || link.status === 'sealed');
  }

  private async submit(event: Event) {
    event.preventDefault();
    if (this.sending || !this.target) return;
    const value = (name: string) => this.field(name)?.value.trim() ?? '';
    const emails = splitList(value('emails'));
    const cc = splitList(value('cc'));
    const days = this.cadence === 'custom' ? value('reminderDays') : '';
    const errors = this.inOwnLocale(() => ({
      emails: checkEmails(emails, true),
      cc: checkEmails(cc, false),
      subject: value('subject') ? [] : [msg('is required')],
      message: value('message') ? [] : [msg('is required')],
      reminderDays: this.cadence === 'custom' ? checkCadence(days).errors : [],
    }));
    this.errors = errors;
    this.error = undefined;
    if (Object.values(errors).some((e) => e.length)) {
      return this.focusWithin('[aria-invalid="true"]');
    }
    const body: PaymentRequestCreate = {
      emails,
      subject: value('subject'),
      message: value('message'),
    };
    if (cc.length) body.cc = cc;
    if (this.cadence === 'off') body.reminderDays = [];
    if (this.cadence === 'custom') body.reminderDays = checkCadence(days).days;
    this.sending = true;
    try {
      const sent = await sendPaymentRequest(this.api, this.target, body);
      this.sent = sent;
      this.requests = [sent, ...(this.requests ?? []).filter((r) => r.id !== sent.id)];
      this.emit(new ServicePaymentRequestSentEvent(sent));
      await this.focusWithin('[part~="result"]');
    } catch (error) {
      this.error = error;
      this.errors = isApiError(error) ? fieldMessages(error.fields, FIELDS) : {};
      this.emitError('sendPaymentRequest', error);
      await this.focusWithin('[aria-invalid="true"], [part~="error"]');
    } finally {
      this.sending = false;
    }
  }

  private async stop(request: PaymentRequest) {
    if (!this.target || this.stopping) return;
    this.stopping = request.id;
    try {
      const stopped = await stopPaymentRequest(this.api, this.target, request.id);
      this.requests = this.requests?.map((r) => (r.id === stopped.id ? stopped : r));
    } catch (error) {
      this.error = error;
      this.emitError('stopPaymentRequest', error);
    } finally {
      this.stopping = '';
    }
  }

  private renderCadence() {
    const firm = this.firmDays.length
      ? msg(str`The firm’s: days ${this.firmDays.join(', ')}`)
      : msg('The firm’s: no reminders');
    return html`${renderField(
      {
        id: 'cadence',
        label: msg('Reminders'),
        errors: [],
        hint: msg('Days after the email; reminders stop by themselves once the link is paid.'),
      },
      ({ describedBy }) =>
        html`<select
          id="cadence"
          name="cadence"
          part="input"
          aria-describedby=${ifDefined(describedBy)}
          @change=${(e: Event) => (this.cadence = (e.target as HTMLSelectElement).value as Cadence)}
        >
          <option value="firm" ?selected=${this.cadence === 'firm'}>${firm}</option>
          <option value="custom" ?selected=${this.cadence === 'custom'}>
            ${msg('Other days')}
          </option>
          <option value="off" ?selected=${this.cadence === 'off'}>${msg('No reminders')}</option>
        </select>`,
    )}
    ${
      this.cadence === 'custom'
        ? renderTextField({
            id: 'reminderDays',
            label: msg('Days after the email'),
            errors: this.errors.reminderDays ?? [],
            hint: msg('For example 3, 7, 14: rising, each from 1 to 365.'),
          })
        : nothing
    }`;
  }

  private renderForm() {
    const e = this.errors;
    const textarea = (id: 'message') =>
      renderField(
        { id, label: msg('Message'), errors: e[id] ?? [] },
        ({ describedBy, invalid }) =>
          html`<textarea
            id=${id}
            name=${id}
            maxlength="5000"
            aria-describedby=${describedBy ?? nothing}
            aria-invalid=${invalid ?? nothing}
          ></textarea>`,
      );
    return html`<form novalidate @submit=${this.submit}>
      ${renderTextField({
        id: 'emails',
        label: msg('To'),
        errors: e.emails ?? [],
        hint: msg('One or more email addresses, separated by commas.'),
        required: true,
      })}
      ${renderTextField({ id: 'cc', label: msg('Cc'), errors: e.cc ?? [], optional: true })}
      ${renderTextField({ id: 'subject', label: msg('Subject'), errors: e.subject ?? [], maxlength: 255 })}
      ${textarea('message')} ${this.renderCadence()}
      ${this.renderFormEnd(
        this.error &&
          html`${
            isApiError(this.error) && this.error.status === 409
              ? msg('No request was sent: the link takes no more payments.')
              : msg('The request was not sent.')
          }
          ${errorMessage(this.error)}`,
        this.sending,
        msg('Send request'),
        msg('Sending…'),
      )}
    </form>`;
  }

  private renderSent(sent: PaymentRequest) {
    const to = sent.emails.join(', ');
    return this.renderOutcome(
      sent.sentAt ? 'success' : 'warning',
      html`<p>
        <strong
          >${sent.sentAt ? msg(str`Request sent to ${to}.`) : msg(str`Request to ${to} saved.`)}</strong
        >
        ${
          sent.sentAt
            ? nothing
            : msg('The payment service could not be reached: it is sent as soon as it answers.')
        }
      </p>`,
    );
  }

  override render() {
    const link = this.link;
    const title = link?.name
      ? msg(str`Send a request for “${link.name}”`)
      : msg('Send a payment request');
    return this.renderFrame(
      title,
      this.sending,
      html`${
        !link
          ? this.renderLoading()
          : this.sent
            ? this.renderSent(this.sent)
            : this.closedLink
              ? this.renderClosedLink(
                  msg('This link takes no more payments: no request can be sent.'),
                )
              : this.renderForm()
      }
      ${
        this.requests
          ? renderRequests(this.requests, this.headingLevel, this.stopping, (r) => this.stop(r))
          : nothing
      }`,
    );
  }
}
