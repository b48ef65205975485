// The payment plans' reads behind <service-payment-plan> (docs/api.md#payment-plans): functions
// over the typed ApiClient, like ledger-api.ts, so the kit's first-load chunk does not carry them;
// types only, so no zod reaches a bundle. Writes go through the actions (`PaymentPlanCreate`,
// `PaymentPlanCancel`: ApiClient.action), which push to the service before they answer. Checked
// against the OpenAPI document by server/http/api-client-contract.db.test.ts.
import { getOne, getPage, type ApiClient, type ListOptions } from './api-client.js';
import type { PaymentPlan, PaymentPlanDetail } from './payment-plans.js';

export type { PaymentPlan, PaymentPlanDetail } from './payment-plans.js';

/** The organization's plans, newest first; a client's or a matter's alone. */
export const listPaymentPlans = (
  api: ApiClient,
  query: ListOptions & { clientId?: string; matterId?: string } = {},
  signal?: AbortSignal,
) => getPage<PaymentPlan>(api, '/api/payment-plans', query, signal);

/** One plan as the service reports it now (the server asks it first), with its payments. */
export const getPaymentPlan = (api: ApiClient, id: string, signal?: AbortSignal) =>
  getOne<PaymentPlanDetail>(api, '/api/payment-plans', id, signal);
