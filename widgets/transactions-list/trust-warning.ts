import { html, nothing } from 'lit';
import { isApiError } from '../../shared/api-client.js';
import { alertBox } from '../core/alerts.js';
import { formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { renderField } from '../core/service-element.js';

// The trust guard's refusal of a refund or void (409 TRUST_BALANCE_WOULD_GO_NEGATIVE): what it
// says, and the field where an admin gives the reason to override it. Part of the money-out
// dialog, loaded on demand with it.

/** The trust guard's refusal, as its details say. */
export interface TrustWarning {
  balance: string;
  after: string;
  scope: 'matter' | 'client';
}

/** The refusal in `error`, if it is the trust guard's. */
export function trustWarning(error: unknown): TrustWarning | undefined {
  if (!isApiError(error) || error.code !== 'TRUST_BALANCE_WOULD_GO_NEGATIVE') return undefined;
  const d = error.details as Partial<TrustWarning>;
  return {
    balance: String(d.balance ?? ''),
    after: String(d.after ?? ''),
    scope: d.scope === 'client' ? 'client' : 'matter',
  };
}

export function renderTrustWarning(trust: TrustWarning, overrideErrors: string[]) {
  const text =
    trust.scope === 'client'
      ? msg(
          str`This would take the client’s trust balance of ${formatMoney(trust.balance)} below zero (to ${formatMoney(trust.after)}).`,
        )
      : msg(
          str`This would take the matter’s trust balance of ${formatMoney(trust.balance)} below zero (to ${formatMoney(trust.after)}).`,
        );
  return alertBox(
    'warning',
    html`<div class="stack">
      <p><strong>${msg('Trust money would go negative.')}</strong> ${text}</p>
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
