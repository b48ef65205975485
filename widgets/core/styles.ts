import { css } from 'lit';

// One stylesheet for every widget (adopted once, shared). `all: initial` on the host stops the
// page's inherited styles (font, colour, letter-spacing…) at the element's edge; only the
// documented --service-* custom properties cross it, which is the theming contract. The shadow
// root keeps these rules from reaching the page.
export const baseStyles = css`
  :host {
    all: initial;
    display: block;
    box-sizing: border-box;
    max-inline-size: var(--service-max-width, 40rem);
    font-family: var(--service-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    font-size: var(--service-font-size, 0.9375rem);
    line-height: 1.45;
    color: var(--service-color-text, #1f2933);
    --_accent: var(--service-color-accent, #1d4ed8);
    --_border: var(--service-color-border, #c4cbd4);
    --_muted: var(--service-color-muted, #5b6472);
    --_danger: var(--service-color-danger, #b42318);
    --_warning: var(--service-color-warning, #8a4b00);
    --_success: var(--service-color-success, #166534);
    --_radius: var(--service-radius, 0.5rem);
    --_gap: var(--service-spacing, 1rem);
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  [part~='card'] {
    background: var(--service-color-surface, #fff);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_gap);
    display: grid;
    gap: calc(var(--_gap) * 0.75);
  }
  h2,
  h3 {
    margin: 0;
    font-size: 1.125em;
    font-weight: 600;
  }
  h3 {
    font-size: 1em;
  }
  form,
  .stack {
    display: grid;
    gap: calc(var(--_gap) * 0.75);
    margin: 0;
  }
  .field {
    display: grid;
    gap: 0.25rem;
    position: relative;
  }
  label,
  legend,
  dt {
    font-weight: 600;
  }
  input:not([type='checkbox']),
  select {
    font: inherit;
    color: inherit;
    inline-size: 100%;
    padding: 0.45rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--service-color-input, #fff);
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  button {
    font: inherit;
    cursor: pointer;
    padding: 0.45rem 0.9rem;
    border-radius: calc(var(--_radius) * 0.75);
    border: 1px solid var(--_border);
    background: var(--service-color-surface, #fff);
    color: inherit;
    justify-self: start;
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--service-color-accent-text, #fff);
    font-weight: 600;
  }
  button[aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  :focus-visible {
    outline: var(--service-focus-ring, 3px solid #7aa7ff);
    outline-offset: 2px;
  }
  .hint {
    color: var(--_muted);
    font-size: 0.875em;
    margin: 0;
  }
  .field-error,
  .error {
    color: var(--_danger);
    margin: 0;
  }
  .warning {
    color: var(--_warning);
    margin: 0;
  }
  .success {
    color: var(--_success);
    margin: 0;
  }
  .result {
    display: grid;
    gap: 0.5rem;
    padding: 0.75rem;
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--service-color-result, #f1f6ff);
  }
  .result:focus {
    outline: none;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  .row > input:not([type='checkbox']) {
    flex: 1 1 12rem;
    inline-size: auto;
  }
  a {
    color: var(--_accent);
    overflow-wrap: anywhere;
  }
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
    background: var(--service-color-surface, #fff);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    box-shadow: 0 6px 16px rgb(0 0 0 / 12%);
  }
  .listbox li {
    padding: 0.4rem 0.6rem;
    cursor: pointer;
  }
  .listbox li[aria-selected='true'] {
    background: var(--service-color-highlight, #e0eaff);
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
    padding: 0.15rem 0.25rem 0.15rem 0.65rem;
    border-radius: 999px;
    background: var(--service-color-pill, #e8eefc);
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
    white-space: nowrap;
    text-align: start;
    padding: 0.4rem 0.5rem;
    border-block-end: 1px solid var(--_border);
    vertical-align: top;
  }
  .scroll {
    overflow-x: auto;
  }
  .nowrap {
    white-space: nowrap;
  }
  .sub {
    display: block;
    white-space: normal;
  }
  td.amount,
  th.amount {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.35rem 1rem;
    margin: 0;
  }
  dd {
    margin: 0;
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
