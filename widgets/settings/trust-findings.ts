import { html, nothing } from 'lit';
import type { TrustFindingCounts } from '../../shared/trust-findings.js';
import { msg, str } from '../core/localize.js';

// The settings card's line on trust-safety findings, from integration health's counts: how many
// are open and how serious, in the warning's tone when any is. The findings themselves are listed
// by GET /api/admin/trust-findings; each is a signal to check, not a legal determination.

function severities(counts: TrustFindingCounts): string {
  const { high, medium, low } = counts.openBySeverity;
  return [
    high > 0 ? msg(str`${high} high`) : '',
    medium > 0 ? msg(str`${medium} medium`) : '',
    low > 0 ? msg(str`${low} low`) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function renderTrustFindings(counts: TrustFindingCounts | undefined) {
  if (!counts) return nothing;
  const open =
    counts.open === 0
      ? msg('No open trust findings.')
      : counts.open === 1
        ? msg(str`1 open trust finding (${severities(counts)}).`)
        : msg(str`${counts.open} open trust findings (${severities(counts)}).`);
  const acknowledged =
    counts.acknowledged > 0 ? msg(str`${counts.acknowledged} acknowledged.`) : null;
  return html`<p part="trust-findings">
    ${
      counts.open > 0
        ? html`<span class="text" data-tone="warning" part="warning">${open}</span>`
        : open
    }
    ${acknowledged ?? nothing}
    ${
      counts.open > 0
        ? html`<br /><span class="hint"
              >${msg(
                'Signals from the records to check with your bookkeeper, not a legal determination.',
              )}</span
            >`
        : nothing
    }
  </p>`;
}
