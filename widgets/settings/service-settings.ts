import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { Settings, SettingsUpdate } from '../../shared/schemas.js';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { errorMessage, renderAlert, sentence, serverFieldErrors } from '../core/alerts.js';
import { ServiceRecordUpdatedEvent } from '../core/events.js';
import { CopyController } from '../core/link-result.js';
import { PollController } from '../core/poll.js';
import {
  ServiceElement,
  clearFields,
  ifDefined,
  renderField,
  renderSubmit,
  spinner,
} from '../core/service-element.js';
import { assertValid } from '../core/validate.js';
import { renderHealth } from './health.js';

interface Draft {
  apiToken: string;
  webhookSecret: string;
  productionEnvironment: boolean;
}

/** A new secret, when one is typed (blank keeps the stored one). */
function checkSecret(value: string): string[] {
  const text = value.trim();
  if (!text) return [];
  if (text.length < 8) return ['must be at least 8 characters'];
  return text.length > 500 ? ['must be at most 500 characters'] : [];
}

/**
 * The settings card (the spec's `serviceSettings`; the admin role): the payment service's API
 * token and webhook secret, write-only (only whether they are set and their last 4 characters
 * are ever shown), the production checkbox, the webhook URL to give the payment service with a
 * copy button, a connection test that names the firm behind the token, and the integration's
 * health: webhooks received and verified, dead events, a webhook URL the service disabled.
 *
 * @tagname service-settings
 * @summary The integration's settings and health.
 *
 * @fires service-record-updated - `detail: { recordType: 'settings', record }` after saving.
 * @fires service-error - A call failed; `detail` has the API's message and field messages.
 *
 * @csspart form - The settings form.
 * @csspart field - A label with its control, hint and messages.
 * @csspart label - A field's label.
 * @csspart input - Inputs.
 * @csspart hint - Help under a field.
 * @csspart field-error - A field's messages.
 * @csspart button - Buttons.
 * @csspart submit - The save button.
 * @csspart result - The outcome of saving.
 * @csspart webhook-url - The webhook URL.
 * @csspart copy-button - The button that copies it.
 * @csspart health - The integration health list.
 * @csspart warning - Something in the health list that needs attention.
 * @csspart checklist - The going-live checklist (`<service-going-live-checklist>`).
 * @csspart allowed-origins - The allowed origins (`<service-allowed-origins>`).
 */
export class ServiceSettings extends ServiceElement {
  /**
   * How often the health list reloads while the page is visible (ms): a webhook that arrives
   * shows within seconds. Failures back off (see PollController).
   */
  static healthRefreshMs = 5_000;

  /** The settings as last read or saved. */
  @state() private current?: Settings;
  /** Set by the test button, so only a check the user asked for is announced. */
  @state() private tested = false;

  private readonly copier = new CopyController(this);

  private readonly load = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient], { signal }) => {
      if (!api.hasToken) return initialState;
      const [settings, webhook] = await Promise.all([
        api.getSettings(signal),
        api.webhookUrl(signal),
      ]);
      return { settings, webhook };
    },
    onComplete: ({ settings }) => (this.current = settings),
    onError: (error) => this.emitError('load', error),
  });

  private readonly health = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient], { signal }) => {
      if (!api.hasToken) return initialState;
      return { health: await api.integrationHealth(signal), at: new Date() };
    },
    onComplete: (value) => {
      if (value) this.lastHealth = value;
    },
  });
  /** The health last loaded: a failed reload keeps it on show, under a warning. */
  @state() private lastHealth?: { health: IntegrationHealth; at: Date };

  // Webhooks arrive meanwhile: the list stays current while someone can see it.
  readonly #poll = new PollController(this, {
    run: async () => {
      if (this.health.status !== TaskStatus.PENDING) await this.health.run();
      return this.health.status !== TaskStatus.ERROR;
    },
    interval: () => (this.constructor as typeof ServiceSettings).healthRefreshMs,
  });

  private readonly save = new Task(this, {
    autoRun: false,
    task: async ([d]: [Draft], { signal }) => {
      assertValid({
        apiToken: checkSecret(d.apiToken),
        webhookSecret: checkSecret(d.webhookSecret),
      });
      const update: SettingsUpdate = { productionEnvironment: d.productionEnvironment };
      if (d.apiToken.trim()) update.apiToken = d.apiToken.trim();
      if (d.webhookSecret.trim()) update.webhookSecret = d.webhookSecret.trim();
      return this.api.updateSettings(update, signal);
    },
    onComplete: (settings) => {
      this.current = settings;
      this.emit(new ServiceRecordUpdatedEvent({ recordType: 'settings', record: settings }));
      void this.health.run();
      void this.renderRoot.querySelector('service-going-live-checklist')?.refresh();
    },
    onError: (error) => this.emitError('settings', error),
  });

  readonly #onSynced = () => void this.#poll.poke();

  override connectedCallback(): void {
    super.connectedCallback();
    // The going-live checklist inside the card is a file of its own, loaded when a card shows.
    void import('./define-checklist.js');
    void import('./define-allowed-origins.js');
    // The health list shows when the bank accounts were last synced.
    globalThis.addEventListener('service-bank-accounts-synced', this.#onSynced);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    globalThis.removeEventListener('service-bank-accounts-synced', this.#onSynced);
  }

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const draft: Draft = {
      apiToken: String(data.get('apiToken') ?? ''),
      webhookSecret: String(data.get('webhookSecret') ?? ''),
      productionEnvironment: data.get('productionEnvironment') === 'on',
    };
    // The secrets never stay in the page longer than needed.
    if (await this.runForm(this.save, [draft])) clearFields(form, 'apiToken', 'webhookSecret');
  }

  private async testConnection(): Promise<void> {
    if (this.health.status === TaskStatus.PENDING) return;
    this.tested = true;
    await this.health.run();
  }

  private renderSecret(
    id: 'apiToken' | 'webhookSecret',
    label: string,
    settings: Settings,
    error: unknown,
  ) {
    const secret = settings[id];
    const hint = secret.isSet
      ? `Set, ending in ${secret.last4 ?? '····'}. Type a new one to replace it; leave blank to keep it.`
      : 'Not set.';
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

  private renderForm(settings: Settings) {
    const pending = this.save.status === TaskStatus.PENDING;
    const error = this.save.status === TaskStatus.ERROR ? this.save.error : null;
    return html`${renderAlert(error, ['apiToken', 'webhookSecret', 'productionEnvironment'])}
      <form part="form" novalidate @submit=${this.onSubmit}>
        ${this.renderSecret('apiToken', 'API token', settings, error)}
        ${this.renderSecret('webhookSecret', 'Webhook secret', settings, error)}
        <div class="field" part="field">
          <div class="row">
            <input
              id="productionEnvironment"
              name="productionEnvironment"
              type="checkbox"
              aria-describedby="productionEnvironment-hint"
              ?checked=${settings.productionEnvironment}
            />
            <label for="productionEnvironment" part="label">Production environment</label>
          </div>
          <p class="hint" id="productionEnvironment-hint" part="hint">
            Checked: the live payment service. Unchecked: its sandbox, for trying things out.
          </p>
        </div>
        ${renderSubmit(pending, 'Save settings', 'Saving…')}
      </form>
      ${
        this.save.status === TaskStatus.COMPLETE
          ? html`<div class="result" part="result" tabindex="-1" role="status">
              <p class="success">Settings saved.</p>
            </div>`
          : nothing
      }`;
  }

  private renderWebhookUrl(url: string) {
    return html`<div class="field" part="field">
      <label for="webhookUrl" part="label">Webhook URL</label>
      <div class="row">
        <input
          id="webhookUrl"
          part="input webhook-url"
          readonly
          .value=${url}
          aria-describedby="webhookUrl-hint"
          @focus=${(e: Event) => (e.target as HTMLInputElement).select()}
        />
        <button type="button" part="button copy-button" @click=${() => this.copier.copy(url)}>
          Copy URL
        </button>
        <span role="status" class="hint"
          >${
            this.copier.state === 'copied'
              ? 'Copied.'
              : this.copier.state === 'failed'
                ? 'Could not copy: select the address instead.'
                : nothing
          }</span
        >
      </div>
      <p class="hint" id="webhookUrl-hint" part="hint">
        Give this address to the payment service, so it can tell us about payments.
      </p>
    </div>`;
  }

  private renderConnection() {
    const h = this.health;
    const pending = h.status === TaskStatus.PENDING;
    const failed = h.status === TaskStatus.ERROR;
    const shown = h.value ?? this.lastHealth;
    const outcome =
      this.tested && !pending
        ? failed
          ? `The check failed: ${errorMessage(h.error)}`
          : h.value?.health.apiKey.ok
            ? `Connected to ${h.value.health.apiKey.firm?.name ?? 'the payment service'}.`
            : `Not connected: ${sentence(h.value?.health.apiKey.error ?? 'no answer')}`
        : '';
    return html`<h3>Connection and health</h3>
      <div class="row">
        <button
          type="button"
          part="button"
          aria-disabled=${pending ? 'true' : 'false'}
          @click=${this.testConnection}
        >
          ${pending && this.tested ? html`${spinner}Testing…` : 'Test connection'}
        </button>
        <span role="status" class=${h.value?.health.apiKey.ok ? 'success' : 'warning'}
          >${outcome || nothing}</span
        >
      </div>
      ${
        failed && shown && !this.tested
          ? html`<p class="warning" part="warning">
              Could not reload the health: ${errorMessage(h.error)} Shown as of
              ${shown.at.toLocaleTimeString('en-US')}.
            </p>`
          : nothing
      }
      ${
        shown
          ? html`${renderHealth(shown.health)}
              <p class="hint">As of ${shown.at.toLocaleTimeString('en-US')}.</p>`
          : failed
            ? renderAlert(h.error)
            : html`<p class="hint">${spinner}Checking…</p>`
      }`;
  }

  override render() {
    const loaded = this.load.value;
    const settings = this.current ?? loaded?.settings;
    return html`<section
      part="card"
      aria-busy=${this.load.status === TaskStatus.PENDING ? 'true' : 'false'}
    >
      ${this.renderHeading('Payment service settings')}
      ${
        this.load.status === TaskStatus.ERROR
          ? renderAlert(this.load.error)
          : settings && loaded
            ? html`${this.renderForm(settings)} ${this.renderWebhookUrl(loaded.webhook.url)}
                <service-going-live-checklist
                  part="checklist"
                  api-base=${ifDefined(this.apiBase)}
                  token=${ifDefined(this.token)}
                ></service-going-live-checklist>
                <service-allowed-origins
                  part="allowed-origins"
                  api-base=${ifDefined(this.apiBase)}
                  token=${ifDefined(this.token)}
                ></service-allowed-origins>
                ${this.renderConnection()}`
            : this.configured
              ? html`<p class="hint">Loading the settings…</p>`
              : this.renderUnconfigured()
      }
    </section>`;
  }
}
