import { html, nothing } from 'lit';
import { isApiError } from '../../shared/api-client.js';
import { alertBox } from '../core/alerts.js';
import { formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { renderField } from '../core/service-element.js';

// The trust guard's refusal of money out of trust (409 TRUST_BALANCE_WOULD_GO_NEGATIVE, or
// TRUST_FUNDS_NOT_COLLECTED: the balance holds payments not yet collected): what it says, and the
// field where an admin gives the reason to override it. Part of the money-out dialog, loaded on
// demand with it; the trust ledger's record forms show the same.

/** The two refusals an admin may override with a reason. */
const GUARD_CODES = ['TRUST_BALANCE_WOULD_GO_NEGATIVE', 'TRUST_FUNDS_NOT_COLLECTED'] as const;

/** The trust guard's refusal, as its details say. */
export interface TrustWarning {
  code: (typeof GUARD_CODES)[number];
  balance: string;
  after: string;
  scope: 'matter' | 'client';
  /** Not collected: what is collected, and what is paid but not yet collected. */
  available: string;
  uncollected: string;
}

/** The refusal in `error`, if it is the trust guard's. */
export function trustWarning(error: unknown): TrustWarning | undefined {
  if (!isApiError(error)) return undefined;
  const code = GUARD_CODES.find((c) => c === error.code);
  if (!code) return undefined;
  const d = error.details as Partial<Record<keyof TrustWarning, unknown>>;
  const value = (key: keyof TrustWarning) => String(d[key] ?? '');
  return {
    code,
    balance: value('balance'),
    after: value('after'),
    scope: d.scope === 'client' ? 'client' : 'matter',
    available: value('available'),
    uncollected: value('uncollected'),
  };
}

/** What the refusal says, in a sentence, and its headline. */
function explain(t: TrustWarning): [string, string] {
  const client = t.scope === 'client';
  if (t.code === 'TRUST_FUNDS_NOT_COLLECTED') {
    const [available, uncollected] = [formatMoney(t.available), formatMoney(t.uncollected)];
    return [
      msg('Trust funds not yet collected.'),
      client
        ? msg(
            str`This is more than the client’s collected trust funds of ${available}: ${uncollected} is paid but not yet collected (the payment service has not reported it in transit or deposited).`,
          )
        : msg(
            str`This is more than the matter’s collected trust funds of ${available}: ${uncollected} is paid but not yet collected (the payment service has not reported it in transit or deposited).`,
          ),
    ];
  }
  const [balance, after] = [formatMoney(t.balance), formatMoney(t.after)];
  return [
    msg('Trust money would go negative.'),
    client
      ? msg(str`This would take the client’s trust balance of ${balance} below zero (to ${after}).`)
      : msg(
          str`This would take the matter’s trust balance of ${balance} below zero (to ${after}).`,
        ),
  ];
}

export function renderTrustWarning(trust: TrustWarning, overrideErrors: string[]) {
  const [headline, text] = explain(trust);
  return alertBox(
    'warning',
    html`<div class="stack" data-code=${trust.code}>
      <p><strong>${headline}</strong> ${text}</p>
      <p>${msg('An admin may override the guard: the reason is recorded with the request.')}</p>
      ${renderField(
        {
          id: 'overrideReason',
          label: msg('Reason for the override'),
          errors: overrideErrors,
        },
        ({ describedBy, invalid }) =>
          html`<textarea
            id="overrideReason"
            name="overrideReason"
            maxlength="1000"
            required
            aria-describedby=${describedBy ?? nothing}
            aria-invalid=${invalid ?? nothing}
          ></textarea>`,
      )}
    </div>`,
    'trust-warning',
  );
}
