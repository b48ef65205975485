import { Task, TaskStatus, initialState } from '@lit/task';
import { css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { ApiError, type ApiClient } from '../../shared/api-client.js';
import type { Settings } from '../../shared/schemas.js';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { renderAlert } from '../core/alerts.js';
import { ServiceRecordUpdatedEvent } from '../core/events.js';
import { CopyController } from '../core/link-result.js';
import { PollController } from '../core/poll.js';
import {
  ServiceElement,
  clearFields,
  spinner,
  type PageListener,
} from '../core/service-element.js';
import type { renderHealthSection } from './health.js';
import { msg } from '../core/localize.js';
import type { Draft } from './connection-fields.js';

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
 * @csspart trust-findings - The health list's line on open trust-safety findings (`data-level`:
 *   `none`, `warning`, or `critical` when any is high), with a disclosure that lists them.
 * @csspart trust-findings-details - That disclosure (`<service-trust-findings>` inside).
 * @csspart warning - Something in the health list that needs attention.
 * @csspart checklist - The going-live checklist (`<service-going-live-checklist>`).
 * @csspart allowed-origins - The allowed origins (`<service-allowed-origins>`).
 */
export class ServiceSettings extends ServiceElement {
  static override styles = [
    ServiceElement.styles,
    css`
      /* While loading, each section keeps about the room it will take. */
      .loading .section {
        min-block-size: 12rem;
      }
      .loading .section:first-of-type {
        min-block-size: 22rem;
      }
      [part~='webhook-url'] {
        margin: 0;
        padding: 0.45rem 0.6rem;
        border-radius: calc(var(--_radius) * 0.75);
        background: var(--_result);
        font-family: ui-monospace, monospace;
        font-size: 0.875em;
      }
    `,
  ];

  /**
   * How often the health list reloads while the page is visible (ms): a webhook that arrives
   * shows within seconds. Failures back off (see PollController).
   */
  static healthRefreshMs = 5_000;

  /** The settings as last read or saved. */
  @state() private current?: Settings;
  /** Set by the test button, so only a check the user asked for is announced. */
  @state() private tested = false;
  /** Saving asks first when it switches the production environment on. */
  @state() private confirming: { sandboxToken: boolean } | null = null;
  /** The last submit changed nothing, so nothing was sent. */
  @state() private unchanged = false;
  #confirmed = false;

  private readonly copier = new CopyController(this);
  /** The connection form's file, once loaded. */
  #form?: typeof import('./connection-fields.js');

  private readonly load = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient], { signal }) => {
      if (!api.hasToken) return initialState;
      // The connection form is a file of its own (the kit's budget), loaded beside the settings.
      const [settings, webhook, form] = await Promise.all([
        api.getSettings(signal),
        api.webhookUrl(signal),
        import('./connection-fields.js'),
      ]);
      this.#form = form;
      return { settings, webhook, form };
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
      if (!value) return;
      this.lastHealth = value;
      this.loaded('health');
      // The payment service's own words (a transport's) are for the developer, not the page.
      const { error, ok } = value.health.apiKey;
      if (ok || !error) this.loaded('payment-service');
      else this.emitError('payment-service', new ApiError(502, 'remote_failed', error), true);
    },
    onError: (error) => this.emitError('health', error, true),
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
      const { settingsUpdate } = await import('./connection-fields.js');
      return this.api.updateSettings(settingsUpdate(d), signal);
    },
    onComplete: (settings) => {
      this.current = settings;
      this.#confirmed = false;
      this.emit(new ServiceRecordUpdatedEvent({ recordType: 'settings', record: settings }));
      void this.health.run();
      void this.renderRoot.querySelector('service-going-live-checklist')?.refresh();
    },
    onError: (error) => this.emitError('settings', error),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    // The going-live checklist inside the card is a file of its own, loaded when a card shows.
    void import('./define-checklist.js');
    void import('./define-allowed-origins.js');
    // So is the health section (the kit's budget): "Checking…" shows until it is there.
    void import('./health.js').then(({ renderHealthSection }) => {
      this.renderHealth = renderHealthSection;
      this.requestUpdate();
    });
  }

  // The health list shows when the bank accounts were last synced.
  protected override pageListeners(): PageListener[] {
    return [
      ...super.pageListeners(),
      ['service-bank-accounts-synced', () => void this.#poll.poke()],
    ];
  }

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    // The form shows only once its file has loaded (this.load).
    const plan = this.#form!.planSubmit(form, this.current, this.#confirmed);
    this.unchanged = plan === 'unchanged';
    if (plan === 'unchanged') return;
    if ('sandboxToken' in plan) {
      this.confirming = plan;
      await this.focusWithin('[data-confirm]');
      return;
    }
    this.confirming = null;
    // The secrets never stay in the page longer than needed.
    if (await this.runForm(this.save, [plan])) clearFields(form, 'apiToken', 'webhookSecret');
  }

  private confirm(event: Event): void {
    this.#confirmed = true;
    (event.target as HTMLElement).closest('form')?.requestSubmit();
  }

  private async cancel(): Promise<void> {
    this.confirming = null;
    const box = this.renderRoot.querySelector<HTMLInputElement>('#productionEnvironment');
    if (box) box.checked = false;
    await this.focusWithin('#productionEnvironment');
  }

  private async testConnection(): Promise<void> {
    if (this.health.status === TaskStatus.PENDING) return;
    this.tested = true;
    await this.health.run();
  }

  private renderForm(settings: Settings, form: typeof import('./connection-fields.js')) {
    return form.renderConnectionForm(settings, {
      error: this.save.status === TaskStatus.ERROR ? this.save.error : null,
      pending: this.save.status === TaskStatus.PENDING,
      saved: this.save.status === TaskStatus.COMPLETE,
      confirming: this.confirming,
      unchanged: this.unchanged,
      onSubmit: this.onSubmit,
      confirm: this.confirm,
      cancel: this.cancel,
    });
  }

  private renderConnectionTest(form: typeof import('./connection-fields.js')) {
    const h = this.health;
    return form.renderConnectionTest({
      pending: h.status === TaskStatus.PENDING,
      tested: this.tested,
      error: h.status === TaskStatus.ERROR ? h.error : undefined,
      failed: h.status === TaskStatus.ERROR,
      apiKey: h.value?.health.apiKey,
      onTest: this.testConnection,
    });
  }

  /** The health section's renderer, once its file has loaded. */
  private renderHealth: typeof renderHealthSection | undefined;

  private renderHealthSection() {
    const h = this.health;
    return this.renderHealth
      ? this.renderHealth({
          failed: h.status === TaskStatus.ERROR,
          tested: this.tested,
          error: h.error,
          shown: h.value ?? this.lastHealth,
          card: this,
        })
      : html`<p class="hint">${spinner}${msg('Checking…')}</p>`;
  }

  /** A section of the card: a heading one level below the card's, and its content. */
  private section(name: string, title: string, content: unknown) {
    return html`<div class="section" part="section ${name}">
      ${this.renderHeadingAt(1, title)} ${content}
    </div>`;
  }

  override render() {
    const loaded = this.load.value;
    const settings = this.current ?? loaded?.settings;
    const loading = this.load.status === TaskStatus.PENDING && !settings;
    return html`<section
      part="card"
      class=${loading ? 'loading' : ''}
      aria-busy=${this.load.status === TaskStatus.PENDING ? 'true' : 'false'}
    >
      ${this.renderHeading(msg('Payment service settings'))}
      ${
        this.load.status === TaskStatus.ERROR
          ? renderAlert(this.load.error)
          : settings && loaded
            ? loaded.form.renderSections({
                section: (name, title, content) => this.section(name, title, content),
                connection: html`${this.renderForm(settings, loaded.form)}
                ${this.renderConnectionTest(loaded.form)}`,
                webhookUrl: loaded.webhook.url,
                copier: this.copier,
                card: this,
                health: this.renderHealthSection(),
              })
            : this.configured
              ? [msg('Connection'), msg('Going live'), msg('Allowed origins'), msg('Health')].map(
                  (title, i) =>
                    this.section(
                      'placeholder',
                      title,
                      i
                        ? nothing
                        : html`<p class="hint">${spinner}${msg('Loading the settings…')}</p>`,
                    ),
                )
              : this.renderUnconfigured()
      }
    </section>`;
  }
}
