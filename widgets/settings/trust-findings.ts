import { html, nothing } from 'lit';
import type { TrustFindingCounts } from '../../shared/trust-findings.js';
import { msg, str } from '../core/localize.js';
import { ifDefined, type ServiceElement } from '../core/service-element.js';

// The health list's line on trust-safety findings, from integration health's counts: how many
// are open and how serious, in the danger tone when any is high (critical), else the warning's;
// and, when any is open, a disclosure that lists them with what to do about each
// (<service-trust-findings>, a file of its own loaded when first opened, which also says that
// they are signals to check, not a legal determination).

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

/** `critical` when any open finding is high, `warning` when any other is open, else `none`. */
const findingsLevel = (counts: TrustFindingCounts) =>
  counts.openBySeverity.high > 0 ? 'critical' : counts.open > 0 ? 'warning' : 'none';

const loadList = (event: Event) => {
  if ((event.target as HTMLDetailsElement).open) void import('./define-trust-findings.js');
};

/** What the list inside takes from the card: its server, token and colour scheme. */
export type CardConfig = Pick<ServiceElement, 'apiBase' | 'token' | 'theme'>;

export function renderTrustFindings(counts: TrustFindingCounts | undefined, card: CardConfig) {
  if (!counts) return nothing;
  const level = findingsLevel(counts);
  const open =
    counts.open === 0
      ? msg('No open trust findings.')
      : counts.open === 1
        ? msg(str`1 open trust finding (${severities(counts)}).`)
        : msg(str`${counts.open} open trust findings (${severities(counts)}).`);
  const acknowledged =
    counts.acknowledged === 0
      ? null
      : counts.acknowledged === 1
        ? msg('1 acknowledged.')
        : msg(str`${counts.acknowledged} acknowledged.`);
  return html`<dt>${msg('Trust findings')}</dt>
    <dd part="trust-findings" data-level=${level}>
      ${
        level === 'none'
          ? open
          : html`<span
              class="text"
              data-tone=${level === 'critical' ? 'error' : 'warning'}
              part="warning"
              >${open}</span
            >`
      }
      ${acknowledged ?? nothing}
      ${
        counts.open > 0
          ? html`<details part="trust-findings-details" @toggle=${loadList}>
              <summary>${msg('Show the findings and what to do')}</summary>
              <service-trust-findings
                open-count=${counts.open}
                api-base=${ifDefined(card.apiBase)}
                token=${ifDefined(card.token)}
                theme=${ifDefined(card.theme)}
              ></service-trust-findings>
            </details>`
          : nothing
      }
    </dd>`;
}
