import { html } from 'lit';
import type { PaymentLink } from '../../shared/schemas.js';
import { formatMoney } from './format.js';
import { ifDefined, renderField } from './service-element.js';

// A multi-select of payment links shown as removable pills: a select adds one, each pill's
// button removes it. Links without a bank account cannot join an aggregate link (the payment
// service has nowhere to collect into), so they are listed but disabled.

export const linkLabel = (link: PaymentLink | undefined, id: string) =>
  link
    ? `${link.name ?? 'Payment link'} · ${formatMoney(link.amount)}`
    : `Payment link ${id.slice(0, 8)}`;

export interface LinkPillsOptions {
  id: string;
  label: string;
  links: readonly PaymentLink[];
  chosen: readonly string[];
  errors: readonly string[];
  disabled?: boolean;
  /** The links are still loading. */
  loading?: boolean;
  hint?: unknown;
  onAdd(id: string): void;
  onRemove(id: string, index: number): void;
}

/** The select's first line: what to do, or why there is nothing to choose. */
function optionsLabel(o: LinkPillsOptions, available: number): string {
  if (o.loading) return 'Loading payment links…';
  if (o.disabled || available > 0) return 'Add a payment link…';
  return o.links.length === 0
    ? 'The client has no payment links yet'
    : 'No more payment links to add';
}

export function renderLinkPills(o: LinkPillsOptions) {
  const byId = new Map(o.links.map((link) => [link.id, link]));
  const available = o.links.filter((link) => !o.chosen.includes(link.id));
  return html`${renderField(
    { id: o.id, label: o.label, errors: o.errors, hint: o.hint },
    ({ describedBy, invalid }) =>
      html`<select
        id=${o.id}
        part="input"
        aria-describedby=${ifDefined(describedBy)}
        aria-invalid=${ifDefined(invalid)}
        ?disabled=${o.disabled}
        @change=${(event: Event) => {
          const select = event.target as HTMLSelectElement;
          if (select.value) o.onAdd(select.value);
          select.value = '';
        }}
      >
        <option value="">${optionsLabel(o, available.length)}</option>
        ${available.map(
          (link) =>
            html`<option value=${link.id} ?disabled=${!link.bankAccountId}>
              ${linkLabel(link, link.id)}${link.bankAccountId ? '' : ' (no bank account)'}
            </option>`,
        )}
      </select>`,
  )}
  ${
    o.chosen.length
      ? html`<ul class="pills" part="pills" aria-label="Chosen payment links">
          ${o.chosen.map((id, index) => {
            const label = linkLabel(byId.get(id), id);
            return html`<li part="pill">
              <span>${label}</span>
              <button
                type="button"
                part="pill-remove"
                aria-label="Remove ${label}"
                title="Remove"
                @click=${() => o.onRemove(id, index)}
              >
                ×
              </button>
            </li>`;
          })}
        </ul>`
      : html`<p class="hint">No payment link chosen yet.</p>`
  }`;
}

/** After a pill is removed: focus the pill that took its place, else the select. */
export function focusAfterRemoval(root: ParentNode, selectId: string, index: number): void {
  const buttons = [...root.querySelectorAll<HTMLElement>('[part~="pill-remove"]')];
  (
    buttons[Math.min(index, buttons.length - 1)] ?? root.querySelector<HTMLElement>(`#${selectId}`)
  )?.focus();
}

/**
 * The server's messages about the list and about single links (`paymentLinkIds.2`), the latter
 * named by the link's label, and the keys they came from (so the alert does not repeat them).
 */
export function linkFieldErrors(
  fields: Record<string, string[]>,
  field: string,
  chosen: readonly string[],
  links: readonly PaymentLink[],
): { messages: string[]; keys: string[] } {
  const byId = new Map(links.map((link) => [link.id, link]));
  const messages: string[] = [];
  const keys: string[] = [];
  for (const [key, list] of Object.entries(fields)) {
    if (key === field) messages.push(...list);
    else if (key.startsWith(`${field}.`)) {
      const id = chosen[Number(key.slice(field.length + 1))] ?? '';
      messages.push(...list.map((m) => `(${linkLabel(byId.get(id), id)}) ${m}`));
    } else continue;
    keys.push(key);
  }
  return { messages, keys };
}
