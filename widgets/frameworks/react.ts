// payment-link-widgets/react: a React component per element, made by @lit/react, so React (18
// and 19) sets the elements' properties (not attributes) and listens to their events through
// typed `on…` props: <ServiceClientCreate onRecordCreated={(e) => e.detail.record.id} />.
// Importing it registers every element; `payment-link-widgets/react/<tag>` registers one alone.
export type { ReactEventsOf } from './react-component.js';
export { ServiceSettings } from './react/service-settings.js';
export { ServiceClientCreate } from './react/service-client-create.js';
export { ServiceMatterCreate } from './react/service-matter-create.js';
export { ServicePaymentLinkCreate } from './react/service-payment-link-create.js';
export { ServiceAggregateLinkCreate } from './react/service-aggregate-link-create.js';
export { ServiceAggregateLinkUpdate } from './react/service-aggregate-link-update.js';
export { ServiceBankAccountsSync } from './react/service-bank-accounts-sync.js';
export { ServiceTransactionsList } from './react/service-transactions-list.js';
export { ServiceSyncProblems } from './react/service-sync-problems.js';
export { ServiceWebhookEvents } from './react/service-webhook-events.js';
export { ServiceTrustLedger } from './react/service-trust-ledger.js';
export { ServicePaymentPlanCreate } from './react/service-payment-plan-create.js';
export { ServicePaymentPlan } from './react/service-payment-plan.js';
