import { Task, TaskStatus, initialState } from '@lit/task';
import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { alertBox, plainRemote, renderAlert } from '../core/alerts.js';
import { ServiceBankAccountsSyncedEvent } from '../core/events.js';
import { PollController } from '../core/poll.js';
import { ServiceElement, spinner } from '../core/service-element.js';
import { msg, str } from '../core/localize.js';

type StepId = 'token' | 'bankAccounts' | 'endpoint' | 'webhook';

interface Step {
  id: StepId;
  label: string;
  done: boolean;
  /** What is missing, said plainly, while the step is not done. */
  todo: string;
  /** The payment service's failure that holds the step back (the server's words): an alert. */
  failure?: string;
  /** The button that does the step, where the API offers one. */
  action?: { label: string; busy: string; run: (api: ApiClient, signal: AbortSignal) => unknown };
}

/** The four steps of going live, as the integration health shows them. */
export function goingLiveSteps(h: IntegrationHealth): Step[] {
  const endpoint = h.webhooks.endpoint;
  const endpointOk =
    endpoint != null
      ? endpoint.registered && endpoint.disabled === false
      : h.webhooks.urlDisabled === false && (h.webhooks.urls?.length ?? 0) > 0;
  return [
    {
      id: 'token',
      label: msg('The API token works'),
      done: h.apiKey.ok,
      todo: msg('Save the API token of the payment service above.'),
      failure: h.apiKey.isSet ? (h.apiKey.error ?? 'No answer') : undefined,
    },
    {
      id: 'bankAccounts',
      label: msg('Bank accounts synced'),
      done: h.bankAccounts.lastSyncedAt !== null,
      todo: msg('Copy the firm’s bank accounts from the payment service.'),
      action: {
        label: msg('Sync bank accounts'),
        busy: msg('Syncing…'),
        run: (api, signal) => api.action('BankAccountsSync', {}, signal),
      },
    },
    {
      id: 'endpoint',
      label: msg('Webhook endpoint registered and enabled'),
      done: endpointOk,
      failure: endpoint?.error ?? undefined,
      todo: endpoint?.disabled
        ? msg('The payment service disabled it (no answer for a day).')
        : msg('Not registered at the payment service yet.'),
      action: {
        label: msg('Register again'),
        busy: msg('Registering…'),
        run: (api, signal) => api.registerWebhookEndpoint(signal),
      },
    },
    {
      id: 'webhook',
      label: msg('A first webhook verified'),
      done: h.webhooks.lastVerifiedAt !== null,
      todo: msg(
        'Waiting for the payment service’s first webhook: take a payment (in the sandbox, a test payment).',
      ),
    },
  ];
}

/**
 * The going-live checklist of the settings card: the API token works → bank accounts synced →
 * webhook endpoint registered and enabled → a first webhook verified. It polls the integration
 * health while it is on the page, so steps tick themselves off, and offers the next step's
 * action as a button where the API has one.
 *
 * @tagname service-going-live-checklist
 * @summary What is left before payments flow in.
 *
 * @fires service-bank-accounts-synced - After its "Sync bank accounts" button synced them.
 * @fires service-error - A call failed; `detail` has the API's message.
 *
 * @csspart checklist - The list of steps.
 * @csspart step - One step (`data-state`: `done`, `next` or `waiting`).
 * @csspart mark - A step's state, in words and colour: Done, Next, To do.
 * @csspart button - The next step's button.
 */
export class ServiceGoingLiveChecklist extends ServiceElement {
  static override styles = [
    ServiceElement.styles,
    css`
      ol {
        display: grid;
        gap: 0.5rem;
        list-style: none;
        padding: 0;
        margin: 0;
      }
      /* The mark in a column of its own; what to do and its button under the step's label. */
      li {
        display: grid;
        grid-template-columns: 6.5em minmax(0, 1fr);
        gap: 0.25rem 0.5rem;
        align-items: baseline;
      }
      li > :not(.badge) {
        grid-column: 2;
      }
      li > button {
        justify-self: start;
      }
      /* On a phone a step's button takes the whole row: its words ("Synchroniser les comptes")
         may be wider than the column beside the mark (as specific as the rule of that column). */
      @container (max-width: 26rem) {
        li > button:not(.badge) {
          grid-column: 1 / -1;
        }
      }
      .badge {
        justify-self: start;
      }
    `,
  ];

  /** Seconds between health checks while the checklist is on the page (0: no polling). */
  @property({ type: Number, attribute: 'poll-interval' }) pollInterval = 5;

  private readonly health = new Task(this, {
    args: () => [this.api] as const,
    task: async ([api]: readonly [ApiClient], { signal }) => {
      if (!api.hasToken) return initialState;
      return api.integrationHealth(signal);
    },
    onComplete: () => this.loaded('health'),
    onError: (error) => this.emitError('health', error, true),
  });

  private readonly act = new Task(this, {
    autoRun: false,
    task: async ([step]: [Step], { signal }) => {
      const result = await step.action?.run(this.api, signal);
      if (step.id === 'bankAccounts' && result) {
        this.emit(new ServiceBankAccountsSyncedEvent(result as never));
      }
      return step.id;
    },
    onComplete: () => void this.health.run(),
    onError: (error) => this.emitError('going-live', error),
  });

  readonly #poll = new PollController(this, {
    run: async () => {
      if (this.health.status !== TaskStatus.PENDING) await this.health.run();
      return this.health.status !== TaskStatus.ERROR;
    },
    interval: () => this.pollInterval * 1000,
  });

  override updated(changed: Map<string, unknown>): void {
    if (changed.has('pollInterval')) this.#poll.restart();
  }

  /** Checks again now (the settings card calls it after a save). */
  refresh(): Promise<unknown> {
    return this.health.run();
  }

  private renderStep(step: Step, next: boolean) {
    const state = step.done ? 'done' : next ? 'next' : 'waiting';
    const busy = this.act.status === TaskStatus.PENDING;
    const [mark, tone] = step.done
      ? [`✓ ${msg('Done')}`, 'success']
      : next
        ? [msg('Next'), 'warning']
        : [msg('To do'), 'muted'];
    return html`<li part="step" data-state=${state} data-step=${step.id}>
      <span class="badge" data-tone=${tone} part="mark">${mark}</span>
      <span>${step.label}</span>
      ${
        step.done || !next
          ? nothing
          : step.failure
            ? alertBox('error', html`<p>${plainRemote(step.failure)}</p>`)
            : html`<span class="hint">${step.todo}</span>`
      }
      ${
        !step.done && next && step.action
          ? html`<button
              type="button"
              part="button"
              aria-disabled=${busy ? 'true' : 'false'}
              @click=${() => (busy ? undefined : this.act.run([step]))}
            >
              ${busy ? html`${spinner}${step.action.busy}` : step.action.label}
            </button>`
          : nothing
      }
    </li>`;
  }

  override render() {
    const h = this.health.value;
    if (!h) {
      return this.health.status === TaskStatus.ERROR
        ? renderAlert(this.health.error)
        : this.configured
          ? html`<p class="hint">${spinner}${msg('Checking…')}</p>`
          : this.renderUnconfigured();
    }
    const steps = goingLiveSteps(h);
    const next = steps.find((s) => !s.done);
    return html`<div class="stack">
      ${this.renderHeading(msg('Going live'))}
      <ol part="checklist" aria-label=${msg('Going live checklist')}>
        ${steps.map((s) => this.renderStep(s, s === next))}
      </ol>
      ${
        next
          ? html`<p role="status" class="hint">
              ${msg(str`${steps.filter((s) => s.done).length} of 4 done.`)}
            </p>`
          : alertBox('success', html`<p>${msg('All done: payments flow in.')}</p>`)
      }
      ${this.act.status === TaskStatus.ERROR ? renderAlert(this.act.error) : nothing}
    </div>`;
  }
}
