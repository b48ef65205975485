// What a person sees, measured in the browser: colours and their contrast (WCAG 2), what is
// behind an element, the focus ring. (Words broken across lines: words.ts.)

const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;

/** Any CSS colour (lch(), color-mix(), …) as sRGB 0–255 and alpha 0–1. */
export function rgba(color: string): [number, number, number, number] {
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = color;
  canvas.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a / 255];
}

const luminance = ([r, g, b]: number[]) => {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
};

/** WCAG 2's contrast ratio of two opaque colours (1 to 21). */
export function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The parent across a shadow root's boundary (to its host). */
const up = (node: Element) =>
  node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;

/** The opaque colour behind an element's content: its backgrounds and its ancestors', blended. */
export function backgroundOf(el: Element): number[] {
  const layers: number[][] = [];
  for (let node: Element | null = el; node; node = up(node)) {
    const [r, g, b, a] = rgba(getComputedStyle(node).backgroundColor);
    if (a === 0) continue;
    layers.push([r, g, b, a]);
    if (a === 1) break;
  }
  let color = [255, 255, 255];
  for (const [r, g, b, a] of layers.reverse()) {
    color = [r!, g!, b!].map((c, i) => c * a! + color[i]! * (1 - a!));
  }
  return color;
}

/** The element drawing the focus ring for the focused `el` (itself, or a field around it). */
export function ringOf(el: Element): Element | null {
  for (let node: Element | null = el; node; node = up(node)) {
    const style = getComputedStyle(node);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return node;
    if (node.localName.startsWith('service-')) return null;
  }
  return null;
}

/** The focused element, through shadow roots. */
export function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
