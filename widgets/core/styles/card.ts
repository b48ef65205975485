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
  a {
    color: var(--_accent);
    overflow-wrap: anywhere;
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
