import { ContextProvider, createContext } from '@lit/context';
import type { ApiClient } from '../../shared/api-client.js';
import { clientFor, type WidgetConfig } from './config.js';

/**
 * The API client, shared with the widgets inside a subtree through @lit/context. A Lit host can
 * `@provide({ context: apiClientContext })`; any other host calls provideApiClient(). Widgets
 * without a provider use configure()'s page-wide client.
 */
export const apiClientContext = createContext<ApiClient | undefined>(
  Symbol.for('service-widgets.api-client'),
);

/**
 * Gives the widgets inside `element` their own API configuration (say, two organizations on one
 * page). Call it before the widgets are added inside `element`: they ask for it when connected.
 */
export function provideApiClient(element: HTMLElement, config: WidgetConfig): ApiClient {
  const client = clientFor(config);
  const provider = new ContextProvider(element, {
    context: apiClientContext,
    initialValue: client,
  });
  provider.hostConnected();
  return client;
}
