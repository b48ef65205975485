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
  .pills {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    list-style: none;
    margin: 0;
    padding: 0;
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
  table {
    border-collapse: collapse;
    inline-size: 100%;
  }
  th,
  td {
    text-align: start;
    padding: 0.4rem 0.5rem;
    border-block-end: 1px solid var(--_border);
    vertical-align: top;
  }
  .scroll {
    overflow-x: auto;
  }
  .sub {
    display: block;
  }
  .amount {
    text-align: end;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
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
  /* Narrow cards (a phone, a side column): one column, the table as a list of rows. */
  @container (max-width: 26rem) {
    dl {
      grid-template-columns: minmax(0, 1fr);
      gap: 0.1rem;
    }
    dd + dt {
      margin-block-start: 0.5rem;
    }
  }
  @container (max-width: 32rem) {
    thead {
      display: none;
    }
    table,
    tbody,
    tr,
    td {
      display: block;
    }
    tr {
      padding-block: 0.4rem;
      border-block-end: 1px solid var(--_border);
    }
    td {
      padding: 0.1rem 0;
      border: none;
      text-align: end;
      white-space: normal;
    }
    td::before {
      content: attr(data-label);
      float: inline-start;
      margin-inline-end: 1rem;
      font-weight: 600;
    }
  }
`;
