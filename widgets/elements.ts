// The kit's elements, by folder: the build (vite.config.ts) makes an entry of each, and the tests
// mount, measure and shoot every one. One list, so a new element cannot be left out of either.
// Plain data: the browser tests import it as well as the build.

/** The eight elements of the kit's script (service-widgets.js and its IIFE). */
export const ELEMENTS = [
  'settings',
  'client-create',
  'matter-create',
  'payment-link-create',
  'aggregate-link-create',
  'aggregate-link-update',
  'bank-accounts-sync',
  'transactions-list',
] as const;

/**
 * The consoles: the operations widgets (admin) and the trust ledger (staff). Entries of their
 * own, outside the kit's script (service-widgets.js and its IIFE) and its 30 KB budget; a page
 * loads them where it shows them.
 */
export const OPERATIONS_ELEMENTS = ['sync-problems', 'webhook-events', 'trust-ledger'] as const;

export type ElementName = (typeof ELEMENTS)[number] | (typeof OPERATIONS_ELEMENTS)[number];

/** `client-create` → `service-client-create`. */
export const tagOf = <N extends ElementName>(name: N) => `service-${name}` as const;

/** The kit's eight tags. */
export const KIT_TAGS = ELEMENTS.map(tagOf);

/** Every tag: the kit's eight and the operations widgets. */
export const ALL_TAGS = [...ELEMENTS, ...OPERATIONS_ELEMENTS].map(tagOf);
