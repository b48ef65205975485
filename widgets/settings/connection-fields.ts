import { html, nothing } from 'lit';
import type { Settings, SettingsUpdate } from '../../shared/schemas.js';
import { isSandboxKey } from '../../shared/service-keys.js';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import {
  alertBox,
  confirmBox,
  plainRemote,
  renderAlert,
  serverFieldErrors,
} from '../core/alerts.js';
import { renderCopy, type CopyController } from '../core/link-result.js';
import { msg, str } from '../core/localize.js';
import { assertValid } from '../core/validate.js';
import { ifDefined, renderField, renderSubmit, spinner } from '../core/service-element.js';

// What the settings card shows once its settings have loaded (service-settings.ts keeps the state
// and the saving): its sections; the connection form (the two write-only secrets, the production
// checkbox and the confirmation before switching to production) and the connection test. A file
// of its own, loaded with the settings (the kit's budget).

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

/** The update a draft sends: the secrets typed (checked first), and the production switch. */
export function settingsUpdate(d: Draft): SettingsUpdate {
  assertValid({
    apiToken: checkSecret(d.apiToken),
    webhookSecret: checkSecret(d.webhookSecret),
  });
  const update: SettingsUpdate = { productionEnvironment: d.productionEnvironment };
  if (d.apiToken.trim()) update.apiToken = d.apiToken.trim();
  if (d.webhookSecret.trim()) update.webhookSecret = d.webhookSecret.trim();
  return update;
}

/**
 * What submitting the form does: nothing when no setting changed; first a question when it
 * switches to production (`sandboxToken`: the token it would use is a sandbox one); else save.
 */
export function planSubmit(
  form: HTMLFormElement,
  current: Settings | undefined,
  confirmed: boolean,
): 'unchanged' | { sandboxToken: boolean } | Draft {
  const data = new FormData(form);
  const draft: Draft = {
    apiToken: String(data.get('apiToken') ?? ''),
    webhookSecret: String(data.get('webhookSecret') ?? ''),
    productionEnvironment: data.get('productionEnvironment') === 'on',
  };
  const token = draft.apiToken.trim();
  if (
    !token &&
    !draft.webhookSecret.trim() &&
    draft.productionEnvironment === current?.productionEnvironment
  ) {
    return 'unchanged';
  }
  // The live service moves real money: say where calls will go, and what will fail, first.
  if (draft.productionEnvironment && !current?.productionEnvironment && !confirmed) {
    return { sandboxToken: token ? isSandboxKey(token) : !!current?.service.sandboxToken };
  }
  return draft;
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

/** What the form shows of the card's state, and the card's handlers (bound to the card by Lit). */
export interface ConnectionFormState {
  error: unknown;
  pending: boolean;
  saved: boolean;
  confirming: { sandboxToken: boolean } | null;
  unchanged: boolean;
  onSubmit: (event: SubmitEvent) => void;
  confirm: (event: Event) => void;
  cancel: () => void;
}

/** The connection form: the secrets, the production checkbox, saving and its outcome. */
export function renderConnectionForm(settings: Settings, state: ConnectionFormState) {
  const { error } = state;
  return html`${renderAlert(error, ['apiToken', 'webhookSecret', 'productionEnvironment'])}
    <form part="form" novalidate @submit=${state.onSubmit}>
      ${renderSecretField('apiToken', msg('API token'), settings, error)}
      ${renderSecretField('webhookSecret', msg('Webhook secret'), settings, error)}
      <div class="field" part="field">
        <div class="row">
          <input
            id="productionEnvironment"
            name="productionEnvironment"
            type="checkbox"
            aria-describedby="productionEnvironment-hint"
            ?checked=${settings.productionEnvironment}
          />
          <label for="productionEnvironment" part="label">${msg('Production environment')}</label>
        </div>
        <p class="hint" id="productionEnvironment-hint" part="hint">
          ${
            settings.service.demoMode
              ? msg(
                  'Checked: the live payment service. Unchecked: its sandbox, for trying things out (in this demo, the simulator).',
                )
              : msg(
                  'Checked: the live payment service. Unchecked: its sandbox, for trying things out.',
                )
          }
        </p>
      </div>
      ${
        state.confirming
          ? renderProductionConfirm(settings, state.confirming.sandboxToken, state)
          : renderSubmit(state.pending, msg('Save settings'), msg('Saving…'))
      }
    </form>
    ${
      state.unchanged
        ? html`<p class="hint" role="status">${msg('Nothing to save: no setting was changed.')}</p>`
        : state.saved
          ? alertBox('success', html`<p>${msg('Settings saved.')}</p>`, 'result')
          : nothing
    }`;
}

/** What the connection test shows of the card's health check, and its button's handler. */
export interface ConnectionTestState {
  pending: boolean;
  /** The user asked for the check (the button): only then is its outcome announced. */
  tested: boolean;
  failed: boolean;
  error: unknown;
  apiKey: IntegrationHealth['apiKey'] | undefined;
  onTest: () => void;
}

/** The connection test: its button, and the outcome of a check the user asked for. */
export function renderConnectionTest(state: ConnectionTestState) {
  const { pending, tested, apiKey: key } = state;
  return html`<div class="row">
      <button
        type="button"
        part="button"
        aria-disabled=${pending ? 'true' : 'false'}
        @click=${state.onTest}
      >
        ${pending && tested ? html`${spinner}${msg('Testing…')}` : msg('Test connection')}
      </button>
    </div>
    ${
      !tested || pending
        ? nothing
        : state.failed
          ? renderAlert(state.error)
          : key?.ok
            ? alertBox(
                'success',
                html`<p>
                  ${
                    key.firm?.name
                      ? msg(str`Connected to ${key.firm.name}.`)
                      : msg('Connected to the payment service.')
                  }
                </p>`,
                'result',
              )
            : alertBox(
                'error',
                html`<p>${msg('Not connected.')} ${plainRemote(key?.error ?? 'No answer')}</p>`,
              )
    }`;
}

/** What the card's sections are made of: its parts rendered, and what its child elements share. */
export interface SectionsState {
  /** A section of the card: a heading one level below the card's, and its content. */
  section: (name: string, title: string, content: unknown) => unknown;
  /** The connection form and its test. */
  connection: unknown;
  webhookUrl: string;
  copier: CopyController;
  /** The card's own connection, which the checklist and the allowed origins use too. */
  card: { apiBase?: string; token?: string; theme?: string };
  health: unknown;
}

/** The loaded card: connection, going live (the webhook URL and the checklist), origins, health. */
export function renderSections(state: SectionsState) {
  const { section, card } = state;
  return html`${section('connection', msg('Connection'), state.connection)}
  ${section(
    'going-live',
    msg('Going live'),
    html`<div class="field" part="field">
        <span class="label" id="webhookUrl-label" part="label">${msg('Webhook URL')}</span>
        <p part="webhook-url" aria-labelledby="webhookUrl-label">
          <code>${state.webhookUrl}</code>
        </p>
        <p class="hint" part="hint">
          ${msg('Give this address to the payment service, so it can tell us about payments.')}
        </p>
        ${renderCopy(state.copier, state.webhookUrl, msg('Copy URL'))}
      </div>
      <service-going-live-checklist
        part="checklist"
        heading=""
        api-base=${ifDefined(card.apiBase)}
        token=${ifDefined(card.token)}
        theme=${ifDefined(card.theme)}
      ></service-going-live-checklist>`,
  )}
  ${section(
    'origins',
    msg('Allowed origins'),
    html`<service-allowed-origins
      part="allowed-origins"
      heading=""
      api-base=${ifDefined(card.apiBase)}
      token=${ifDefined(card.token)}
      theme=${ifDefined(card.theme)}
    ></service-allowed-origins>`,
  )}
  ${section('health', msg('Health'), state.health)}`;
}
