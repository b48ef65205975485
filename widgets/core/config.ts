import { ApiClient } from '../../shared/api-client.js';

// The page-wide configuration of the kit: where the API is and how to get a token. Kept under a
// global symbol so two copies of the kit on one page (two bundles) share it.

/** The colour scheme: `auto` follows the OS (`prefers-color-scheme`). */
export type Theme = 'light' | 'dark' | 'auto';

export interface WidgetConfig {
  /** The API server: `https://payments.example.com`. Default: the page's own origin. */
  apiBase?: string;
  /** A widget token (from POST /api/widget-tokens on your backend). */
  token?: string;
  /**
   * Gets a widget token; called again when the API answers 401, so an expired token is renewed
   * without reloading the page. Wins over `token`.
   */
  getToken?: (options: { renew: boolean }) => string | Promise<string>;
  /**
   * The colour scheme of every element without a `theme` attribute of its own (default `auto`):
   * a light-only page on a dark OS pins `light`.
   */
  theme?: Theme;
  /** A fetch to use instead of the page's (tests, custom transports). */
  fetch?: typeof fetch;
  /**
   * The locale of every element's text, dates and amounts (`en`, `es`, `es-MX`…), unless a
   * `lang` on the element or an ancestor says otherwise; `<html lang>` when unset (localize.ts).
   */
  locale?: string;
}

interface PageState {
  config: WidgetConfig;
  client: ApiClient;
}

const STATE = Symbol.for('service-widgets.page-config');
type Holder = { [STATE]?: PageState };

/** Dispatched on `window` by configure(): mounted widgets switch to the new client and reload. */
export const CONFIGURED_EVENT = 'service-widgets-configured';

export const clientFor = (config: WidgetConfig) =>
  new ApiClient({
    baseUrl: config.apiBase ?? '',
    token: config.getToken ?? config.token ?? null,
    fetch: config.fetch,
    locale: config.locale,
  });

/**
 * Configures every widget on the page at once (attributes on an element still win for it).
 * Call it before or after the elements are on the page; mounted ones reload with the new setup.
 */
export function configure(config: WidgetConfig): ApiClient {
  const client = clientFor(config);
  (globalThis as Holder)[STATE] = { config: { ...config }, client };
  globalThis.dispatchEvent?.(new Event(CONFIGURED_EVENT));
  return client;
}

/** What configure() set, if anything. */
export function pageConfig(): PageState | undefined {
  return (globalThis as Holder)[STATE];
}
