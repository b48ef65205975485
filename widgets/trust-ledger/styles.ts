import { css } from 'lit';

// The trust ledger's own look, beside the kit's: a console's width, the tabs, amounts (zero
// muted, a balance below zero in the danger tone, its row tinted), names that open entries, and
// the tables' totals, also when laid out as labelled rows (zero amounts step aside there).
export const trustLedgerStyles = css`
  :host {
    max-inline-size: var(--service-max-width, 64rem);
  }
  .zero {
    color: var(--_muted);
  }
  /* The tabs keep one weight (a bold one would widen, and wrap, on a phone) and a narrow
     padding, so the three stay on one line from 375 px: the chosen one is underlined. */
  [part~='tabs'] {
    display: flex;
    flex-wrap: wrap;
    border-block-end: 1px solid var(--_border);
  }
  [role='tab'] {
    border: none;
    border-block-end: 3px solid transparent;
    border-radius: 0;
    background: transparent;
    padding-inline: 0.35rem;
    font-weight: 600;
    color: var(--_muted);
  }
  [role='tab'][aria-selected='true'] {
    border-block-end-color: var(--_ink);
    color: var(--_text);
  }
  tr[data-negative] {
    background: color-mix(in srgb, var(--_danger) 7%, var(--_surface));
  }
  button.link {
    padding: 0;
    border: none;
    background: none;
    color: var(--_ink);
    text-decoration: underline;
    text-align: start;
    white-space: normal;
  }
  tfoot :is(th, td) {
    font-weight: 600;
    border-block-end: none;
  }
  [data-rows] tfoot {
    display: block;
  }
  [data-rows] tfoot tr {
    border: none;
  }
  [data-rows] tbody td[data-zero] {
    display: none;
  }
  [data-rows] tfoot th {
    display: block;
    padding: 0.4rem 0 0.1rem;
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
    gap: calc(var(--_gap) * 0.75);
  }
  [part~='account-select'] {
    max-inline-size: 24rem;
  }
`;

// The records: a balance line's statement button under its name, the statement's period (the
// dates side by side, the button on their line) and its summary of four figures.
export const recordStyles = css`
  /* Ten columns: a head may take two lines (Spanish "Asientos manuales") before the table gives
     way to labelled rows. */
  [part~='balances'] thead th {
    white-space: normal;
  }
  /* Its words are long in Spanish and French: on a 320 px phone they take two lines. */
  .row > [part~='record-button'] {
    flex: 0 1 auto;
    white-space: normal;
    text-align: start;
  }
  /* A line's Statement under its name: 24 px tall and apart from the name's button, a target a
     finger or a shaking hand hits (WCAG 2.5.8, axe's target-size). */
  button.link.sub {
    display: block;
    margin-block-start: 0.35rem;
    padding-block: 0.25rem;
    font-size: 0.875em;
  }
  .period {
    align-items: end;
  }
  .period > .field {
    flex: 1 1 10rem;
  }
  .summary {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
    gap: calc(var(--_gap) * 0.75);
    margin: 0;
  }
  .summary dt {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .summary dd {
    margin: 0;
    text-align: start;
    font-size: 1.125em;
  }
`;

// The approvals waiting: each a bordered block (no list bullets), its figures in the statement's
// summary grid, the override's reason and the guard's words under labels.
export const approvalStyles = css`
  /* Approvals over the tabs: in the warning tone while any wait. */
  [part~='approvals-button'][data-tone] {
    border-color: color-mix(in srgb, var(--_tone) 55%, var(--_border));
    background: color-mix(in srgb, var(--_tone) 12%, var(--_surface));
  }
  .approvals {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_gap);
  }
  [part~='approval'] {
    padding: 0.75rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
  }
  [part~='approval'] p {
    margin: 0;
  }
  [part~='approval'] .badge {
    margin-inline-end: 0.35rem;
  }
  .said {
    margin: 0;
  }
  .said dt {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .said dd {
    margin: 0 0 0.4rem;
  }
`;
