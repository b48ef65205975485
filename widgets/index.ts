// The whole kit: importing this module registers all eight elements. Hosts that need only some
// import the per-element modules instead (`service-client-create.js`…), which share chunks.
import './settings/define.js';
import './client-create/define.js';
import './matter-create/define.js';
import './payment-link-create/define.js';
import './aggregate-link-create/define.js';
import './aggregate-link-update/define.js';
import './bank-accounts-sync/define.js';
import './transactions-list/define.js';

export { ApiClient, ApiError, isApiError } from '../shared/api-client.js';
export type { ApiClientOptions, ActionResults, TokenSource } from '../shared/api-client.js';
export { configure, type WidgetConfig } from './core/config.js';
export { apiClientContext, provideApiClient } from './core/context.js';
export * from './core/events.js';
export { ServiceElement } from './core/service-element.js';
export { KIT_VERSION } from './core/version.js';
export {
  KIT_LANGUAGES,
  registerLocale,
  type Messages,
  type MessageKey,
} from './core/localize.js';
export { ServiceSettings } from './settings/service-settings.js';
export { ServiceClientCreate } from './client-create/service-client-create.js';
export { ServiceMatterCreate } from './matter-create/service-matter-create.js';
export { ServicePaymentLinkCreate } from './payment-link-create/service-payment-link-create.js';
export { ServiceAggregateLinkCreate } from './aggregate-link-create/service-aggregate-link-create.js';
export { ServiceAggregateLinkUpdate } from './aggregate-link-update/service-aggregate-link-update.js';
export { ServiceBankAccountsSync } from './bank-accounts-sync/service-bank-accounts-sync.js';
export { ServiceTransactionsList } from './transactions-list/service-transactions-list.js';
