import { KIT_VERSION } from './version.js';

/**
 * Registers a tag unless it is taken. A second copy of the kit on the same page (another bundle,
 * another version) must not crash the page with "already defined": the first definition stays,
 * and a mismatch is reported once in the console.
 */
export function define(tag: string, element: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (!existing) {
    customElements.define(tag, element);
    return;
  }
  if (existing !== element) {
    const version = (existing as { kitVersion?: string }).kitVersion ?? 'unknown';
    console.warn(
      `<${tag}> is already defined (widget kit ${version}); this copy (${KIT_VERSION}) is not used.`,
    );
  }
}
