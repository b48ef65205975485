import { css, unsafeCSS } from 'lit';
import { CONFIGURED_EVENT, pageConfig, type Theme } from '../config.js';

// The theme. The host carries only layout and the theme's variables (the page's rules reach the
// host element itself, and inherited properties flow from it into the shadow root). Colours come
// from private variables (--_x) that take the documented --service-color-x when the page sets it,
// else the scheme's default. The scheme is the element's `theme` attribute (light, dark, auto),
// else configure()'s `theme`, else the OS's (`prefers-color-scheme`).

/** Each colour's light and dark default. */
const PALETTE: Record<string, readonly [string, string]> = {
  text: ['#1f2933', '#e4e8ee'],
  surface: ['#fff', '#1b2028'],
  input: ['#fff', '#12161c'],
  accent: ['#1d4ed8', '#8ab4ff'],
  border: ['#8b95a3', '#6b7584'],
  muted: ['#545d6b', '#aab3c0'],
  danger: ['#b42318', '#ff9b8f'],
  warning: ['#8a4b00', '#f5c16c'],
  success: ['#166534', '#7ddc9c'],
  result: ['#f1f6ff', '#212b3b'],
  highlight: ['#e0eaff', '#2c3a55'],
  pill: ['#e8eefc', '#283246'],
};

/**
 * Black or white, whichever reads better on `color` (at least 4.58:1 on any colour): its relative
 * luminance (WCAG's) against the point where both contrasts are equal, 0.1791.
 */
const on = (color: string) => {
  const linear = (weight: string, c: string) => `${weight}*pow((${c}/255 + .055)/1.055,2.4)`;
  const y = [linear('.2126', 'r'), linear('.7152', 'g'), linear('.0722', 'b')].join(' + ');
  const channel = `clamp(0,(.1791 - (${y}))*1e5,255)`;
  return `rgb(from var(--_${color}) ${channel} ${channel} ${channel})`;
};

/**
 * One scheme's variables. `--_ink` is the accent as text and focus ring: its lightness held where
 * it reads on the scheme's surface (text ≥ 4.5:1, rings ≥ 3:1), whatever accent the page sets.
 */
const scheme = (dark: 0 | 1) =>
  `--_scheme:${dark ? 'dark' : 'light'};` +
  Object.entries(PALETTE)
    .map(([name, pair]) => `--_${name}:var(--service-color-${name},${pair[dark]});`)
    .join('') +
  `--_ink:lch(from var(--_accent) ${dark ? 'max(l,66)' : 'min(l,45)'} c h)`;

/** The hosts' rules for a page theme: dark where pinned dark, or where the OS is and may be. */
export function themeCss(page: Theme): string {
  const [pinned, follows] =
    page === 'dark'
      ? [':host(:not([theme=light]):not([theme=auto]))', ':host([theme=auto])']
      : page === 'light'
        ? [':host([theme=dark])', ':host([theme=auto])']
        : [':host([theme=dark])', ':host(:not([theme=light]):not([theme=dark]))'];
  const dark = `{${scheme(1)}}`;
  return `:host{${scheme(0)}}${pinned}${dark}@media (prefers-color-scheme:dark){${follows}${dark}}`;
}

const pageTheme = () => pageConfig()?.config.theme ?? 'auto';

/** The colours; one sheet for every element, rewritten when configure() sets another theme. */
export const colorStyles = unsafeCSS(themeCss(pageTheme()));

// (A second copy of the kit on the page hears configure() too: the page's state is shared.)
globalThis.addEventListener?.(CONFIGURED_EVENT, () =>
  colorStyles.styleSheet?.replaceSync(themeCss(pageTheme())),
);

export const themeStyles = css`
  :host {
    display: block;
    max-inline-size: var(--service-max-width, 40rem);
    --_on-accent: var(--service-color-on-accent, ${unsafeCSS(on('accent'))});
    --_on-danger: ${unsafeCSS(on('danger'))};
    --_radius: var(--service-radius, 0.5rem);
    --_gap: var(--service-spacing, 1rem);
  }
  :host([hidden]) {
    display: none;
  }
`;
