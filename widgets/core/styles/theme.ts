import { css } from 'lit';

// The theme: the host carries only layout and the theme's variables (the page's rules reach the
// host element itself, and inherited properties flow from it into the shadow root). Colours come
// from private variables (--_x) that take the documented property when the page sets it, else a
// light default, or a dark one under `prefers-color-scheme: dark`.
export const themeStyles = css`
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
`;
