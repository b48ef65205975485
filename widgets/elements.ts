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

/**
 * Payment plans: the form that makes one and the plan's own view. Entries of their own too,
 * outside the kit's script and its budget.
 */
export const PLAN_ELEMENTS = ['payment-plan-create', 'payment-plan'] as const;

/** Every element with an entry of its own outside the kit's script. */
export const OUTSIDE_KIT_ELEMENTS = [...OPERATIONS_ELEMENTS, ...PLAN_ELEMENTS] as const;

export type ElementName = (typeof ELEMENTS)[number] | (typeof OUTSIDE_KIT_ELEMENTS)[number];

/** `client-create` → `service-client-create`. */
export const tagOf = <N extends ElementName>(name: N) => `service-${name}` as const;

/** The kit's eight tags. */
export const KIT_TAGS = ELEMENTS.map(tagOf);

/** Every tag: the kit's eight, the operations widgets and the payment plans'. */
export const ALL_TAGS = [...ELEMENTS, ...OUTSIDE_KIT_ELEMENTS].map(tagOf);
