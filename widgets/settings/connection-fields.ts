import { html, nothing } from 'lit';
import type { Settings } from '../../shared/schemas.js';
import { confirmBox, serverFieldErrors } from '../core/alerts.js';
import { msg, str } from '../core/localize.js';
import { ifDefined, renderField } from '../core/service-element.js';

// The settings card's connection form, its parts (service-settings.ts keeps the state and the
// saving): the two write-only secrets and the confirmation before switching to production.

/** What the form holds when it is saved. */
export interface Draft {
  apiToken: string;
  webhookSecret: string;
  productionEnvironment: boolean;
}

/** A new secret, when one is typed (blank keeps the stored one). */
export function checkSecret(value: string): string[] {
  const text = value.trim();
  if (!text) return [];
  if (text.length < 8) return [msg('must be at least 8 characters')];
  return text.length > 500 ? [msg('must be at most 500 characters')] : [];
}

/** A secret's field: write-only, showing only whether it is set and its last 4 characters. */
export function renderSecretField(
  id: 'apiToken' | 'webhookSecret',
  label: string,
  settings: Settings,
  error: unknown,
) {
  const secret = settings[id];
  const hint = secret.isSet
    ? msg(
        str`Set, ending in ${secret.last4 ?? '····'}. Type a new one to replace it; leave blank to keep it.`,
      )
    : msg('Not set.');
  return renderField(
    { id, label, errors: serverFieldErrors(error, id), hint },
    ({ describedBy, invalid }) =>
      html`<input
        id=${id}
        name=${id}
        part="input"
        type="password"
        autocomplete="new-password"
        spellcheck="false"
        maxlength="500"
        placeholder=${secret.isSet ? `•••• ${secret.last4 ?? ''}` : ''}
        aria-describedby=${ifDefined(describedBy)}
        aria-invalid=${ifDefined(invalid)}
      />`,
  );
}

/**
 * The question before saving the switch to production (and a warning when the token is a
 * sandbox one). The handlers run with the element as `this` (Lit binds listeners to the host).
 */
export function renderProductionConfirm(
  settings: Settings,
  sandboxToken: boolean,
  on: { confirm: (event: Event) => void; cancel: () => void },
) {
  return confirmBox(
    html`<p>
        ${msg('Switch to the live payment service? Its calls will go to')}
        <code>${settings.service.productionUrl}</code>${msg(', where real money moves.')}
      </p>
      ${
        sandboxToken
          ? html`<p>
              ${msg('The API token is a sandbox one: the live service will refuse it. Save a live API token with this change.')}
            </p>`
          : nothing
      }`,
    html`<button type="button" class="primary" part="button" data-confirm @click=${on.confirm}>
        ${msg('Switch to production')}
      </button>
      <button type="button" part="button" @click=${on.cancel}>${msg('Cancel')}</button>`,
  );
}
