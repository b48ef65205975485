import { css } from 'lit';

// The card: the one wrapper inside the shadow root that no page selector can match, so the outer
// styling sits there. `all: initial` cuts every inherited property, and only the documented
// --service-* custom properties (and ::part()) cross the boundary. Also the text around forms:
// headings, hints, links, and what only screen readers read.
export const cardStyles = css`
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
    overflow-wrap: break-word;
    color-scheme: var(--_scheme);
  }
  /* Grid and flex items may shrink below their longest word (break-word then breaks it). */
  :is([part~='card'], .field, form, .stack, .alert, .section) > * {
    min-inline-size: 0;
  }
  .h {
    font-size: 1.125em;
    font-weight: 600;
  }
  .h.sub {
    font-size: 1.0625em;
  }
  /* A card's sections (the settings card's Connection, Going live, Health): a rule above, the
     heading a step bigger than a field's label. */
  .section {
    display: grid;
    gap: calc(var(--_gap) * 0.75);
  }
  .section + .section {
    padding-block-start: var(--_gap);
    border-block-start: 1px solid color-mix(in srgb, var(--_border) 60%, var(--_surface));
  }
  p {
    margin: 0;
  }
  .hint {
    color: var(--_muted);
    font-size: 0.875em;
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
  /* A header row: the heading on the left, its actions on the right. */
  .header > .h {
    margin-inline-end: auto;
  }
  /* Addresses and ids are long words a line may break anywhere. */
  a,
  code {
    overflow-wrap: anywhere;
  }
  a {
    color: var(--_ink);
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
