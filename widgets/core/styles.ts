import { css } from 'lit';

// One stylesheet for every widget (adopted once, shared).
//
// The page's rules reach the host element itself (a page rule such as
// `* { color: #c00; letter-spacing: 3px }` beats anything on `:host`), and inherited properties
// flow from the host into the shadow root. So the host carries only layout and the theme's
// variables, and the outer styling sits on the card, the one wrapper inside the shadow root that
// no page selector can match: `all: initial` there cuts every inherited property, and only the
// documented --service-* custom properties (and ::part()) cross the boundary.
//
// Colours come from private variables (--_x) that take the documented property when the page
// sets it, else a light default, or a dark one under `prefers-color-scheme: dark`.
export const baseStyles = css`
  :host {
    display: block;
    max-inline-size: var(--service-max-width, 40rem);
    --_text: var(--service-color-text, #1f2933);
    --_surface: var(--service-color-surface, #fff);
    --_input: var(--service-color-input, #fff);
    --_accent: var(--service-color-accent, #1d4ed8);
    --_accent-text: var(--service-color-accent-text, #fff);
    --_border: var(--service-color-border, #8b95a3);
    --_muted: var(--service-color-muted, #545d6b);
    --_danger: var(--service-color-danger, #b42318);
    --_warning: var(--service-color-warning, #8a4b00);
    --_success: var(--service-color-success, #166534);
    --_result: var(--service-color-result, #f1f6ff);
    --_highlight: var(--service-color-highlight, #e0eaff);
    --_pill: var(--service-color-pill, #e8eefc);
    --_radius: var(--service-radius, 0.5rem);
    --_gap: var(--service-spacing, 1rem);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_text: var(--service-color-text, #e4e8ee);
      --_surface: var(--service-color-surface, #1b2028);
      --_input: var(--service-color-input, #12161c);
      --_accent: var(--service-color-accent, #8ab4ff);
      --_accent-text: var(--service-color-accent-text, #0b1220);
      --_border: var(--service-color-border, #6b7584);
      --_muted: var(--service-color-muted, #aab3c0);
      --_danger: var(--service-color-danger, #ff9b8f);
      --_warning: var(--service-color-warning, #f5c16c);
      --_success: var(--service-color-success, #7ddc9c);
      --_result: var(--service-color-result, #212b3b);
      --_highlight: var(--service-color-highlight, #2c3a55);
      --_pill: var(--service-color-pill, #283246);
    }
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  [part~='card'] {
    all: initial;
    box-sizing: border-box;
    container-type: inline-size;
    display: grid;
    gap: calc(var(--_gap) * 0.75);
    min-inline-size: 0;
    padding: var(--_gap);
    font-family: var(--service-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    font-size: var(--service-font-size, 0.9375rem);
    line-height: 1.45;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
    color-scheme: light dark;
  }
  [part~='card'] > *,
  .field > *,
  form > * {
    min-inline-size: 0;
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
  /* 16 px at least: iOS zooms into any smaller field. */
  input,
  select,
  button {
    font: inherit;
    color: inherit;
    letter-spacing: inherit;
  }
  input:not([type='checkbox']),
  select {
    font-size: max(16px, 1em);
    inline-size: 100%;
    min-inline-size: 0;
    padding: 0.45rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_input);
  }
  input[readonly] {
    background: transparent;
  }
  .prefixed {
    display: flex;
    align-items: center;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_input);
  }
  .prefixed > span {
    padding-inline-start: 0.6rem;
    color: var(--_muted);
  }
  .prefixed > input:not([type='checkbox']) {
    border: none;
    background: transparent;
  }
  .prefixed:has([aria-invalid='true']),
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  button {
    cursor: pointer;
    padding: 0.45rem 0.9rem;
    border-radius: calc(var(--_radius) * 0.75);
    border: 1px solid var(--_border);
    background: var(--_surface);
    justify-self: start;
    max-inline-size: 100%;
    transition:
      background-color 0.12s,
      transform 0.06s;
  }
  button:hover {
    background: color-mix(in srgb, var(--_accent) 10%, var(--_surface));
  }
  button:active {
    transform: translateY(1px);
    background: color-mix(in srgb, var(--_accent) 20%, var(--_surface));
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-text);
    font-weight: 600;
  }
  button.primary:hover {
    background: color-mix(in srgb, var(--_accent) 86%, var(--_text));
  }
  button.primary:active {
    background: color-mix(in srgb, var(--_accent) 72%, var(--_text));
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
    background: var(--_surface);
    transform: none;
  }
  button[aria-disabled='true'] {
    opacity: 0.8;
    cursor: progress;
    transform: none;
  }
  .spinner {
    display: inline-block;
    inline-size: 1em;
    block-size: 1em;
    margin-inline-end: 0.45em;
    vertical-align: -0.15em;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2.5s;
    }
  }
  :focus-visible {
    outline: var(--service-focus-ring, 3px solid #7aa7ff);
    outline-offset: 2px;
  }
  p {
    margin: 0;
  }
  .hint {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .field-error,
  .error {
    color: var(--_danger);
  }
  .warning {
    color: var(--_warning);
  }
  .success {
    color: var(--_success);
  }
  /* Alerts and block warnings: a tinted box with an icon, so they read at a glance. */
  [role='alert'],
  p.warning {
    --_tone: var(--_danger);
    position: relative;
    padding: 0.6rem 0.75rem 0.6rem 2.4rem;
    border-radius: calc(var(--_radius) * 0.75);
    border-inline-start: 4px solid var(--_tone);
    background: color-mix(in srgb, var(--_tone) 12%, var(--_surface));
    color: var(--_text);
  }
  p.warning {
    --_tone: var(--_warning);
  }
  [role='alert']::before,
  p.warning::before {
    content: '!' / '';
    position: absolute;
    inset-inline-start: 0.7rem;
    inset-block-start: 0.7rem;
    inline-size: 1.15rem;
    block-size: 1.15rem;
    border-radius: 50%;
    background: var(--_tone);
    color: var(--_surface);
    font-weight: 700;
    font-size: 0.8rem;
    line-height: 1.15rem;
    text-align: center;
  }
  [role='alert'] ul {
    margin: 0.25rem 0 0;
    padding-inline-start: 1.2rem;
  }
  .result {
    display: grid;
    gap: 0.5rem;
    padding: 0.75rem;
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_result);
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
  .row > input:not([type='checkbox']),
  .row > select {
    flex: 1 1 12rem;
    inline-size: auto;
  }
  .row > * {
    min-inline-size: 0;
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
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
