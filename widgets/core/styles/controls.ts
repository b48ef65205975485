import { css } from 'lit';

// Forms and their controls: fields, inputs, the "$" before an amount, buttons (primary, busy,
// disabled), the spinner and the focus ring.
export const controlStyles = css`
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
`;
