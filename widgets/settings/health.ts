import { html, nothing } from 'lit';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { plainRemote } from '../core/alerts.js';
import { formatDateTime } from '../core/format.js';

// The integration health list of the settings card, from GET /api/admin/integration-health.
// What needs attention reads in the warning's tone; the payment service's failures in plain words.

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

const attention = (content: unknown) =>
  html`<span class="text" data-tone="warning" part="warning">${content}</span>`;

export function renderHealth(h: IntegrationHealth) {
  const { webhooks } = h;
  const urlState =
    webhooks.urlDisabled === true
      ? attention('Disabled by the payment service (no answer for a day): enable it there again.')
      : webhooks.urlDisabled === false
        ? 'Enabled'
        : webhooks.urlsError
          ? `Unknown. ${plainRemote(webhooks.urlsError)}`
          : 'Unknown';
  return html`<dl part="health">
    <dt>Environment</dt>
    <dd>${h.environment === 'production' ? 'Production' : 'Sandbox'}</dd>
    <dt>API token</dt>
    <dd>
      ${
        h.apiKey.ok
          ? `Works${h.apiKey.firm ? `: ${h.apiKey.firm.name}` : ''}`
          : attention(plainRemote(h.apiKey.error ?? 'Not working'))
      }
    </dd>
    <dt>Webhook secret</dt>
    <dd>
      ${h.webhookSecret.isSet ? 'Set' : attention('Not set: webhooks cannot be verified')}
      ${
        h.webhookSecret.previousValidUntil
          ? html`<br /><span class="hint"
                >The previous one is accepted until
                ${formatDateTime(h.webhookSecret.previousValidUntil)}.</span
              >`
          : nothing
      }
    </dd>
    <dt>Last webhook received</dt>
    <dd>${when(webhooks.lastReceivedAt)}</dd>
    <dt>Last webhook verified</dt>
    <dd>${when(webhooks.lastVerifiedAt)}</dd>
    <dt>Failed signature checks (24 h)</dt>
    <dd>
      ${webhooks.failedVerifications24h > 0 ? attention(webhooks.failedVerifications24h) : '0'}
    </dd>
    <dt>Dead events</dt>
    <dd>
      ${
        webhooks.deadEvents > 0
          ? attention(`${webhooks.deadEvents}: they failed for good and wait to be replayed`)
          : '0'
      }
    </dd>
    <dt>Webhook URL at the service</dt>
    <dd>${urlState}</dd>
    <dt>Bank accounts synced</dt>
    <dd>${when(h.bankAccounts.lastSyncedAt)}</dd>
  </dl>`;
}
