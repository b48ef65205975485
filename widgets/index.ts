// The whole kit: importing this module registers all eight elements. Hosts that need only some
// import the per-element modules instead (`service-client-create.js`…), which share chunks.
// It registers them itself rather than importing their define.ts: those are the build's
// per-element entries, and the kit's script would load each as a file of its own (8 more
// requests, about 1.4 KB gzip of the budget in per-file overhead). kit-tags.ts types the tags.
import { ServiceAggregateLinkCreate } from './aggregate-link-create/service-aggregate-link-create.js';
import { ServiceAggregateLinkUpdate } from './aggregate-link-update/service-aggregate-link-update.js';
import { ServiceBankAccountsSync } from './bank-accounts-sync/service-bank-accounts-sync.js';
import { ServiceClientCreate } from './client-create/service-client-create.js';
import { define } from './core/define.js';
import { ServiceMatterCreate } from './matter-create/service-matter-create.js';
import { ServicePaymentLinkCreate } from './payment-link-create/service-payment-link-create.js';
import { ServiceSettings } from './settings/service-settings.js';
import { ServiceTransactionsList } from './transactions-list/service-transactions-list.js';
import './kit-tags.js';

define('service-settings', ServiceSettings);
define('service-client-create', ServiceClientCreate);
define('service-matter-create', ServiceMatterCreate);
define('service-payment-link-create', ServicePaymentLinkCreate);
define('service-aggregate-link-create', ServiceAggregateLinkCreate);
define('service-aggregate-link-update', ServiceAggregateLinkUpdate);
define('service-bank-accounts-sync', ServiceBankAccountsSync);
define('service-transactions-list', ServiceTransactionsList);

export { ApiClient, ApiError, isApiError } from '../shared/api-client.js';
export type { ApiClientOptions, ActionResults, TokenSource } from '../shared/api-client.js';
export { configure, type WidgetConfig } from './core/config.js';
export { apiClientContext, provideApiClient } from './core/context.js';
export * from './core/events.js';
export { ServiceElement } from './core/service-element.js';
export { KIT_VERSION } from './core/version.js';
export { KIT_LANGUAGES, registerLocale, type Messages, type MessageKey } from './core/localize.js';
export {
  ServiceSettings,
  ServiceClientCreate,
  ServiceMatterCreate,
  ServicePaymentLinkCreate,
  ServiceAggregateLinkCreate,
  ServiceAggregateLinkUpdate,
  ServiceBankAccountsSync,
  ServiceTransactionsList,
};
