import { html, nothing } from 'lit';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { formatDateTime } from '../core/format.js';

// The integration health list of the settings card, from GET /api/admin/integration-health.

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

export function renderHealth(h: IntegrationHealth) {
  const { webhooks } = h;
  const urlState =
    webhooks.urlDisabled === true
      ? html`<span class="warning" part="warning"
          >Disabled by the payment service (no answer for a day): enable it there again.</span
        >`
      : webhooks.urlDisabled === false
        ? 'Enabled'
        : `Unknown${webhooks.urlsError ? `: ${webhooks.urlsError}` : ''}`;
  return html`<dl part="health">
    <dt>Environment</dt>
    <dd>${h.environment === 'production' ? 'Production' : 'Sandbox'}</dd>
    <dt>API token</dt>
    <dd>
      ${
        h.apiKey.ok
          ? `Works${h.apiKey.firm ? `: ${h.apiKey.firm.name}` : ''}`
          : html`<span class="warning" part="warning">${h.apiKey.error ?? 'Not working'}</span>`
      }
    </dd>
    <dt>Webhook secret</dt>
    <dd>
      ${
        h.webhookSecret.isSet
          ? 'Set'
          : html`<span class="warning" part="warning">Not set: webhooks cannot be verified</span>`
      }
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
      ${
        webhooks.failedVerifications24h > 0
          ? html`<span class="warning" part="warning">${webhooks.failedVerifications24h}</span>`
          : '0'
      }
    </dd>
    <dt>Dead events</dt>
    <dd>
      ${
        webhooks.deadEvents > 0
          ? html`<span class="warning" part="warning"
              >${webhooks.deadEvents}: they failed for good and wait to be replayed</span
            >`
          : '0'
      }
    </dd>
    <dt>Webhook URL at the service</dt>
    <dd>${urlState}</dd>
    <dt>Bank accounts synced</dt>
    <dd>${when(h.bankAccounts.lastSyncedAt)}</dd>
  </dl>`;
}
