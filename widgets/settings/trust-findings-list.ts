import { Task, TaskStatus, initialState } from '@lit/task';
import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { ApiClient } from '../../shared/api-client.js';
import type { Page } from '../../shared/schemas.js';
import type { TrustFindingRecord, TrustFindingSeverity } from '../../shared/trust-findings.js';
import { renderAlert } from '../core/alerts.js';
import { formatDate, formatMoney } from '../core/format.js';
import { languageOf, msg, str } from '../core/localize.js';
import { ServiceElement, spinner } from '../core/service-element.js';

/** How many open findings the list shows; the API lists them all. */
const SHOWN = 10;

const severityLabel = (s: TrustFindingSeverity) =>
  s === 'high' ? msg('High') : s === 'medium' ? msg('Medium') : msg('Low');

/** A badge's tone: a badge is in the danger tone unless told otherwise. */
const severityTone = (s: TrustFindingSeverity) =>
  s === 'high' ? undefined : s === 'medium' ? 'warning' : 'muted';

/**
 * The open trust-safety findings (GET /api/admin/trust-findings), newest first: each with its
 * severity, whose money (client and matter), the money at stake, what was found and what to do.
 * Shown in the settings card's health list when it is opened; a host may place it alone. Signals
 * from the records, not a legal determination: it says so above the list.
 *
 * @tagname service-trust-findings
 * @summary The open trust-safety findings and what to do about each.
 *
 * @fires service-error - The list could not be loaded; `detail` has the API's message.
 *
 * @csspart findings - The list.
 * @csspart finding - One finding (`data-severity`: `high`, `medium` or `low`).
 * @csspart severity - Its severity, in words and colour.
 * @csspart amount - The money at stake.
 * @csspart action - What to do.
 */
export class ServiceTrustFindings extends ServiceElement {
  static override styles = [
    ServiceElement.styles,
    css`
      ul {
        display: grid;
        gap: 0.75rem;
        list-style: none;
        padding: 0;
        margin: 0.5rem 0 0;
      }
      li {
        display: grid;
        gap: 0.2rem;
        padding-inline-start: 0.6rem;
        border-inline-start: 3px solid var(--_warning);
        overflow-wrap: anywhere;
      }
      li[data-severity='high'] {
        border-inline-start-color: var(--_danger);
      }
      li[data-severity='low'] {
        border-inline-start-color: var(--_border);
      }
      .who {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.15rem 0.5rem;
      }
      p {
        margin: 0;
      }
    `,
  ];

  /** The open count the settings card last saw: the list loads again when it changes. */
  @property({ type: Number, attribute: 'open-count' }) openCount?: number;

  private readonly list = new Task(this, {
    // The findings' sentences come from the API, in the element's language.
    // (The API words them in English and Spanish only.)
    args: () => [this.api, this.openCount, languageOf(this.locale) === 'es' ? 'es' : 'en'] as const,
    task: async ([api, , lang]: readonly [ApiClient, number | undefined, string], { signal }) => {
      if (!api.hasToken) return initialState;
      return api.request<Page<TrustFindingRecord>>('GET', '/api/admin/trust-findings', {
        query: { status: 'open', limit: SHOWN, lang },
        signal,
      });
    },
    onComplete: () => this.loaded('trust-findings'),
    onError: (error) => this.emitError('trust-findings', error, true),
  });

  private renderFinding(f: TrustFindingRecord) {
    const who = f.clientId
      ? [f.clientName ?? msg('Unnamed client'), f.matterName].filter(Boolean).join(' · ')
      : null;
    return html`<li part="finding" data-severity=${f.severity}>
      <span class="who">
        <span class="badge" data-tone=${severityTone(f.severity) ?? nothing} part="severity"
          >${severityLabel(f.severity)}</span
        >
        ${who ? html`<strong>${who}</strong>` : nothing}
        ${
          f.amount === null
            ? nothing
            : html`<span part="amount">${msg(str`At stake: ${formatMoney(f.amount)}`)}</span>`
        }
      </span>
      <p>${f.title}</p>
      <p part="action"><strong>${msg('What to do:')}</strong> ${f.action}</p>
      <p class="hint">${msg(str`Found ${formatDate(f.detectedAt)}.`)}</p>
    </li>`;
  }

  override render() {
    const page = this.list.value;
    if (!page) {
      return this.list.status === TaskStatus.ERROR
        ? renderAlert(this.list.error)
        : html`<p class="hint">${spinner}${msg('Loading the findings…')}</p>`;
    }
    return html`<p class="hint">
        ${msg(
          'Automated signals from the records this service holds, not a legal or ethics determination: check each with your bookkeeper or trust-accounting counsel.',
        )}
      </p>
      <ul part="findings">
        ${page.data.map((f) => this.renderFinding(f))}
      </ul>
      ${
        page.nextCursor
          ? html`<p class="hint">
              ${msg(
                str`The ${SHOWN} newest are shown; GET /api/admin/trust-findings lists them all.`,
              )}
            </p>`
          : nothing
      }`;
  }
}
