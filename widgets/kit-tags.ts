// The kit's eight tags, typed for document.createElement, querySelector and events, for the
// main entry (widgets/index.ts registers them without importing their define.ts, which declare
// the same). Types only: nothing here runs.
import type { ServiceAggregateLinkCreate } from './aggregate-link-create/service-aggregate-link-create.js';
import type { ServiceAggregateLinkUpdate } from './aggregate-link-update/service-aggregate-link-update.js';
import type { ServiceBankAccountsSync } from './bank-accounts-sync/service-bank-accounts-sync.js';
import type { ServiceClientCreate } from './client-create/service-client-create.js';
import type { ServiceMatterCreate } from './matter-create/service-matter-create.js';
import type { ServicePaymentLinkCreate } from './payment-link-create/service-payment-link-create.js';
import type { ServiceSettings } from './settings/service-settings.js';
import type { ServiceTransactionsList } from './transactions-list/service-transactions-list.js';

declare global {
  interface HTMLElementTagNameMap {
    'service-settings': ServiceSettings;
    'service-client-create': ServiceClientCreate;
    'service-matter-create': ServiceMatterCreate;
    'service-payment-link-create': ServicePaymentLinkCreate;
    'service-aggregate-link-create': ServiceAggregateLinkCreate;
    'service-aggregate-link-update': ServiceAggregateLinkUpdate;
    'service-bank-accounts-sync': ServiceBankAccountsSync;
    'service-transactions-list': ServiceTransactionsList;
  }
}

export {};
