import { html, nothing } from 'lit';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { alertBox, errorMessage } from '../core/alerts.js';
import { formatDateTime, formatTime } from '../core/format.js';
import { spinner } from '../core/service-element.js';
import { msg, str } from '../core/localize.js';
import { renderTrustFindings, type CardConfig } from './trust-findings.js';

// The integration health list of the settings card, from GET /api/admin/integration-health.
// What needs attention reads in the warning's tone (a high trust finding in the danger's). The
// payment service's failure itself is said once, in the going-live checklist's alert above: here
// only the state it leaves ("Not working", "Unknown").

const when = (iso: string | null) => (iso ? formatDateTime(iso) : msg('Never'));

const attention = (content: unknown) =>
  html`<span class="text" data-tone="warning" part="warning">${content}</span>`;

export function renderHealth(h: IntegrationHealth, card: CardConfig) {
  const { webhooks } = h;
  const urlState =
    webhooks.urlDisabled === true
      ? attention(
          msg('Disabled by the payment service (no answer for a day): enable it there again.'),
        )
      : webhooks.urlDisabled === false
        ? msg('Enabled')
        : msg('Unknown');
  return html`<dl part="health">
    <dt>${msg('Environment')}</dt>
    <dd>${h.environment === 'production' ? msg('Production') : msg('Sandbox')}</dd>
    <dt>${msg('API token')}</dt>
    <dd>
      ${
        h.apiKey.ok
          ? h.apiKey.firm
            ? msg(str`Works: ${h.apiKey.firm.name}`)
            : msg('Works')
          : attention(msg('Not working.'))
      }
    </dd>
    <dt>${msg('Webhook secret')}</dt>
    <dd>
      ${h.webhookSecret.isSet ? msg('Set') : attention(msg('Not set: webhooks cannot be verified'))}
      ${
        h.webhookSecret.previousValidUntil
          ? html`<br /><span class="hint"
                >${msg(
                  str`The previous one is accepted until ${formatDateTime(h.webhookSecret.previousValidUntil)}.`,
                )}</span
              >`
          : nothing
      }
    </dd>
    <dt>${msg('Last webhook received')}</dt>
    <dd>${when(webhooks.lastReceivedAt)}</dd>
    <dt>${msg('Last webhook verified')}</dt>
    <dd>${when(webhooks.lastVerifiedAt)}</dd>
    <dt>${msg('Failed signature checks (24 h)')}</dt>
    <dd>
      ${webhooks.failedVerifications24h > 0 ? attention(webhooks.failedVerifications24h) : '0'}
    </dd>
    <dt>${msg('Dead events')}</dt>
    <dd>
      ${
        webhooks.deadEvents > 0
          ? attention(
              msg(str`${webhooks.deadEvents}: they failed for good and wait to be replayed`),
            )
          : '0'
      }
    </dd>
    <dt>${msg('Webhook URL at the service')}</dt>
    <dd>${urlState}</dd>
    <dt>${msg('Bank accounts synced')}</dt>
    <dd>${when(h.bankAccounts.lastSyncedAt)}</dd>
    ${renderTrustFindings(h.trustFindings, card)}
  </dl>`;
}

/** What the health section shows of the card's health check. */
export interface HealthSectionState {
  failed: boolean;
  /** The user asked for the check (the connection test): its failure is said there instead. */
  tested: boolean;
  error: unknown;
  /** The health last loaded, if any: a failed reload keeps it on show, under a warning. */
  shown: { health: IntegrationHealth; at: Date } | undefined;
  card: CardConfig;
}

/** The settings card's health section: the list as of when it loaded, or why it is not there. */
export function renderHealthSection({ failed, tested, error, shown, card }: HealthSectionState) {
  return html`${
    failed && !tested
      ? alertBox(
          'error',
          html`<p>
            ${msg('Could not reload the health.')} ${errorMessage(error)}
            ${shown ? msg(str`Shown as of ${formatTime(shown.at)}.`) : nothing}
          </p>`,
          'error warning',
        )
      : nothing
  }
  ${
    shown
      ? html`${renderHealth(shown.health, card)}
          <p class="hint">${msg(str`As of ${formatTime(shown.at)}.`)}</p>`
      : failed
        ? nothing
        : html`<p class="hint">${spinner}${msg('Checking…')}</p>`
  }`;
}
