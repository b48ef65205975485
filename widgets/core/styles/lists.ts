import { css } from 'lit';

// Lists of records: the combobox's options, pills, tables and definition lists, and how a narrow
// card (a phone, a side column) lays them out in one column.
export const listStyles = css`
  .listbox {
    position: absolute;
    inset-block-start: 100%;
    inset-inline: 0;
    z-index: 1;
    margin: 0.25rem 0 0;
    padding: 0.25rem 0;
    list-style: none;
    max-block-size: 14rem;
    overflow: auto;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    box-shadow: 0 6px 16px rgb(0 0 0 / 20%);
  }
  .listbox li {
    padding: 0.4rem 0.6rem;
    cursor: pointer;
  }
  .listbox li:hover,
  .listbox li[aria-selected='true'] {
    background: var(--_highlight);
  }
  /* The link chooser's select takes the whole line on a phone, Add below: its first line is not
     cut ("Elija un enlace de pago…"). */
  .row.links > select {
    flex-basis: 16rem;
  }
  .pills {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .pills span,
  .listbox li {
    overflow-wrap: anywhere;
  }
  .pills li {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    max-inline-size: 100%;
    padding: 0.15rem 0.25rem 0.15rem 0.65rem;
    border-radius: 1rem;
    background: var(--_pill);
  }
  .pills button {
    padding: 0 0.45rem;
    border: none;
    background: transparent;
    line-height: 1.6;
  }
  /* A table keeps its columns while every word fits (TableFit); else [data-rows] on its wrapper
     lays each record out as labelled rows. Headers, dates, amounts and badges never wrap. */
  table {
    border-collapse: collapse;
    inline-size: 100%;
  }
  th,
  td {
    text-align: start;
    padding: 0.4rem 0.5rem;
    border-block-end: 1px solid var(--_border);
    vertical-align: baseline;
  }
  :is(th, td):first-child {
    padding-inline-start: 0;
  }
  :is(th, td):last-child {
    padding-inline-end: 0;
  }
  th,
  time > span,
  .amount {
    white-space: nowrap;
  }
  .amount {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .sub {
    display: block;
  }
  /* A name's cell (a payer, a client): a long name wraps in it, never widening the table, and
     shows 3 lines at most, the whole of it in its title (and read out). 16rem holds an e-mail
     address whole; in labelled rows, no more than its row. */
  .name {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
    max-inline-size: 16rem;
    overflow-wrap: break-word;
  }
  [data-rows] .name {
    max-inline-size: 100%;
  }
  [data-rows] thead {
    display: none;
  }
  [data-rows] :is(table, tbody, tr, td) {
    display: block;
  }
  [data-rows] tr {
    padding-block: 0.4rem;
    border-block-end: 1px solid var(--_border);
  }
  /* A cell: its label, and its content (one box) beside it, or under it, on the right. */
  [data-rows] td {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1rem;
    padding: 0.1rem 0;
    border: none;
    text-align: end;
  }
  [data-rows] td::before {
    content: attr(data-label);
    font-weight: 600;
  }
  [data-rows] td > * {
    min-inline-size: 0;
    margin-inline-start: auto;
  }
  [data-rows] td[colspan] {
    display: block;
    text-align: start;
  }
  dl {
    display: grid;
    grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
    gap: 0.35rem 1rem;
    margin: 0;
  }
  dd {
    margin: 0;
  }
  /* A narrow card (a phone, a side column): a definition list in one column. */
  @container (max-width: 26rem) {
    dl {
      grid-template-columns: minmax(0, 1fr);
      gap: 0.1rem;
    }
    dd + dt {
      margin-block-start: 0.5rem;
    }
  }
`;
