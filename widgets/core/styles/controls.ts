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
  /* A live region with nothing to say keeps its place in the tree, not on the page. */
  .field > [role='status']:empty {
    position: absolute;
  }
  label,
  .label,
  legend,
  summary,
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
  summary {
    cursor: pointer;
  }
  /* A button's words never break: it wraps to a line of its own (rows wrap) instead. */
  button {
    cursor: pointer;
    padding: 0.45rem 0.9rem;
    border-radius: calc(var(--_radius) * 0.75);
    border: 1px solid var(--_border);
    background: var(--_surface);
    justify-self: start;
    white-space: nowrap;
    transition:
      background-color 0.12s,
      transform 0.06s;
  }
  .row > button {
    flex: none;
  }
  button:hover {
    background: color-mix(in srgb, var(--_accent) 10%, var(--_surface));
  }
  button:active {
    transform: translateY(1px);
    background: color-mix(in srgb, var(--_accent) 20%, var(--_surface));
  }
  /* Primary and danger buttons: their text is black or white, whichever reads on the colour;
     hover and press move the colour away from the text, so contrast only grows. */
  button.primary,
  button.danger {
    --_fill: var(--_accent);
    --_on: var(--_on-accent);
    /* The colour opposite the text: hover and press move towards it. */
    --_away: rgb(from var(--_on) calc(255 - r) calc(255 - g) calc(255 - b));
    background: var(--_fill);
    border-color: var(--_fill);
    color: var(--_on);
    font-weight: 600;
  }
  button.danger {
    --_fill: var(--_danger);
    --_on: var(--_on-danger);
  }
  button.primary:hover,
  button.danger:hover {
    background: color-mix(in srgb, var(--_fill) 86%, var(--_away));
  }
  button.primary:active,
  button.danger:active {
    background: color-mix(in srgb, var(--_fill) 72%, var(--_away));
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
    background: var(--_surface);
    color: var(--_text);
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
    button {
      transition: none;
    }
  }
  /* The ring is the accent held to 3:1 or more on the surface (--_ink); an amount field gets it
     around the whole field, "$" included. */
  :focus-visible,
  .prefixed:focus-within {
    outline: var(--service-focus-ring, 3px solid var(--_ink));
    outline-offset: 2px;
  }
  .prefixed > input:focus-visible {
    outline: none;
  }
`;
