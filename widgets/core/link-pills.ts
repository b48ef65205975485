import { html } from 'lit';
import type { PaymentLink } from '../../shared/schemas.js';
import { distinctLabels, formatDateTime, formatMoney, plural } from './format.js';
import { msg, str } from './localize.js';
import { ifDefined, renderField } from './service-element.js';

// A multi-select of payment links shown as removable pills. A select offers the links and only
// the Add button (or Enter on the select) adds the one shown: Chromium fires `change` on every
// arrow key of a closed select, so adding on `change` would add a link per key press. Each pill's
// button removes it. Links without a bank account cannot join an aggregate link (the payment
// service has nowhere to collect into), so they are listed but disabled.

/**
 * Names the links of a list: "Retainer · $150.00", with the date it was made (to the second, then
 * its short id) where another link of the list has the same name and amount.
 */
export function linkLabeller(links: readonly PaymentLink[]) {
  const base = (link: PaymentLink) =>
    `${link.name ?? msg('Payment link')} · ${formatMoney(link.amount)}`;
  const made = (link: PaymentLink) =>
    `${base(link)} · ${msg(str`created ${formatDateTime(link.createdAt, 'seconds')}`)}`;
  const labels = distinctLabels(
    links,
    base,
    made,
    (link) => `${made(link)} · ${link.id.slice(0, 8)}`,
  );
  const byId = new Map(links.map((link) => [link.id, labels.get(link)!]));
  return (id: string) => byId.get(id) ?? msg(str`Payment link ${id.slice(0, 8)}`);
}

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
  if (o.loading) return msg('Loading payment links…');
  if (o.disabled || available > 0) return msg('Choose a payment link…');
  return o.links.length === 0
    ? msg('The client has no payment links yet')
    : msg('No more payment links to add');
}

export function renderLinkPills(o: LinkPillsOptions) {
  const label = linkLabeller(o.links);
  const available = o.links.filter((link) => !o.chosen.includes(link.id));
  const add = (root: ParentNode | null) => {
    const select = root?.querySelector<HTMLSelectElement>(`#${o.id}`);
    if (!select?.value) return;
    o.onAdd(select.value);
    select.value = '';
    // An edit of the host's form, like a native control's.
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
  return html`${renderField(
    { id: o.id, label: o.label, errors: o.errors, hint: o.hint },
    ({ describedBy, invalid }) =>
      html`<div class="row links">
        <select
          id=${o.id}
          part="input"
          aria-describedby=${ifDefined(describedBy)}
          aria-invalid=${ifDefined(invalid)}
          ?disabled=${o.disabled}
          @keydown=${(event: KeyboardEvent) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add((event.target as Element).parentNode);
          }}
        >
          <option value="">${optionsLabel(o, available.length)}</option>
          ${available.map(
            (link) =>
              html`<option value=${link.id} ?disabled=${!link.bankAccountId}>
                ${label(link.id)}${link.bankAccountId ? '' : ` ${msg('(no bank account)')}`}
              </option>`,
          )}
        </select>
        <button
          type="button"
          part="button add-button"
          ?disabled=${o.disabled || available.length === 0}
          @click=${(event: Event) => add((event.target as Element).parentNode)}
        >
          ${msg('Add')}
        </button>
      </div>`,
  )}
  ${
    o.chosen.length
      ? html`<ul class="pills" part="pills" aria-label=${msg('Chosen payment links')}>
          ${o.chosen.map((id, index) => {
            const text = label(id);
            return html`<li part="pill">
              <span>${text}</span>
              <button
                type="button"
                part="pill-remove"
                aria-label=${msg(str`Remove ${text}`)}
                title=${msg('Remove')}
                @click=${(event: Event) => {
                  o.onRemove(id, index);
                  event.target?.dispatchEvent(new Event('change', { bubbles: true }));
                }}
              >
                ×
              </button>
            </li>`;
          })}
        </ul>`
      : html`<p class="hint">${msg('No payment link chosen yet.')}</p>`
  }`;
}

/** "1 payment link", "3 payment links", in the current language. */
export const linkCount = (n: number) => plural(n, msg('payment link'), msg('payment links'));

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
  const label = linkLabeller(links);
  const messages: string[] = [];
  const keys: string[] = [];
  for (const [key, list] of Object.entries(fields)) {
    if (key === field) messages.push(...list);
    else if (key.startsWith(`${field}.`)) {
      const id = chosen[Number(key.slice(field.length + 1))] ?? '';
      messages.push(...list.map((m) => `(${label(id)}) ${m}`));
    } else continue;
    keys.push(key);
  }
  return { messages, keys };
}
