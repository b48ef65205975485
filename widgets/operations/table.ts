import { html, nothing } from 'lit';

// The operations consoles' tables (sync problems, webhook events, the trust ledger's): the one
// markup TableFit lays out, a table on a desktop and labelled rows where it does not fit. Beside
// the consoles, outside the kit's first-load chunk. (The transactions list, in that chunk, writes
// its one table out.)

/**
 * A column's head: its words; `amount` aligns it with its amounts (end), `hidden` gives it to a
 * screen reader only (an actions column).
 */
export type Head = string | { label: string; amount?: boolean; hidden?: boolean };

/** An amount column's head. */
export const amountHead = (label: string): Head => ({ label, amount: true });

/**
 * A table TableFit lays out: a region named `label`, with the `caption` a screen reader reads
 * (not shown), the columns' `heads`, its `rows`, and its `foot` (totals) if any. `part`: `table`,
 * and which table it is.
 */
export function renderTable(
  label: string,
  caption: unknown,
  part: string,
  heads: readonly Head[],
  rows: unknown,
  foot?: unknown,
) {
  return html`<div data-fit role="region" aria-label=${label}>
    <table part=${part}>
      <caption class="visually-hidden">
        ${caption}
      </caption>
      <thead>
        <tr>
          ${heads.map((h) => {
            const { label, amount, hidden } =
              typeof h === 'string' ? { label: h, amount: false, hidden: false } : h;
            return html`<th scope="col" class=${amount ? 'amount' : nothing}>
              ${hidden ? html`<span class="visually-hidden">${label}</span>` : label}
            </th>`;
          })}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
      ${
        foot
          ? html`<tfoot>
              ${foot}
            </tfoot>`
          : nothing
      }
    </table>
  </div>`;
}
