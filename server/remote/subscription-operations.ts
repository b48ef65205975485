// The builders of the service's subscriptions (our payment plans): create, change, cancel, read
// one, and a client's newest (how a retried create finds its first try: a subscription takes no
// externalId). Part of the one table of operations (operations.ts).

import type { PlanEnds, PlanFrequency } from '../../shared/payment-plans.js';
import { operation, orNull, type RemoteOperation } from './operation.js';
import { clientSubscriptionsSchema, subscriptionSchema } from './subscription-wire.js';
import type { RemoteSubscription } from './subscription-wire.js';
import { amountToCents, defined, invalid, oneAmount, required } from './variables.js';

export interface AddSubscriptionInput {
  /** Remote ids. */
  readonly clientId: string;
  readonly matterId?: string | null;
  readonly amount: string;
  readonly bankAccountId: string;
  readonly frequency: PlanFrequency;
  readonly ends: PlanEnds;
  /** `YYYY-MM-DD`: the first charge, and the day the frequency charges on. */
  readonly startDate: string;
  /** Absent or null: the firm's default methods. */
  readonly paymentMethods?: readonly string[] | null;
}

/** `amount` and `bankAccountId` go together; `frequency` needs the plan's `startDate`. */
export interface UpdateSubscriptionInput {
  readonly id: string;
  readonly matterId?: string | null;
  readonly amount?: string;
  readonly bankAccountId?: string;
  readonly frequency?: PlanFrequency;
  readonly ends?: PlanEnds;
  readonly startDate: string;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * The service's frequency input: the day it charges on, taken from the start date (a Monday
 * start charges on Mondays; the 15th, on the 15th of each month; 03-15 each year).
 */
export function frequencyInput(frequency: PlanFrequency, startDate: string) {
  const day = new Date(`${required(startDate, 'startDate')}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) invalid(`startDate must be a date, got ${startDate}`);
  switch (frequency) {
    case 'weekly':
    case 'biweekly':
      return { [frequency]: [WEEKDAYS[day.getUTCDay()] as string] };
    case 'monthly':
      return { monthly: [day.getUTCDate()] };
    case 'yearly':
      return { yearly: [startDate.slice(5, 10)] };
  }
}

export function endsInput(ends: PlanEnds) {
  if (ends === 'never') return { never: true };
  if ('on' in ends) return { on: ends.on };
  if ('payments' in ends) return { payments: ends.payments };
  return { amountPaid: amountToCents(ends.amountPaid, 'ends.amountPaid') };
}

export const subscriptionOperations = {
  addSubscription(input: AddSubscriptionInput): RemoteOperation<RemoteSubscription> {
    const variables = {
      input: defined({
        clientId: required(input.clientId, 'clientId'),
        matterId: input.matterId ?? undefined,
        amounts: oneAmount(input.amount, input.bankAccountId),
        schedule: {
          frequency: frequencyInput(input.frequency, input.startDate),
          ends: endsInput(input.ends),
        },
        startDate: input.startDate,
        paymentMethods: input.paymentMethods ? [...input.paymentMethods] : undefined,
      }),
    };
    return operation('AddSubscription', variables, subscriptionSchema);
  },

  updateSubscription(input: UpdateSubscriptionInput): RemoteOperation<RemoteSubscription> {
    if ((input.amount === undefined) !== (input.bankAccountId === undefined)) {
      invalid('amount and bankAccountId must be given together');
    }
    const schedule = defined({
      frequency: input.frequency && frequencyInput(input.frequency, input.startDate),
      ends: input.ends && endsInput(input.ends),
    });
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        matterId: input.matterId,
        amounts:
          input.amount === undefined || input.bankAccountId === undefined
            ? undefined
            : oneAmount(input.amount, input.bankAccountId),
        schedule: Object.keys(schedule).length > 0 ? schedule : undefined,
      }),
    };
    return operation('UpdateSubscription', variables, subscriptionSchema);
  },

  cancelSubscription(id: string): RemoteOperation<RemoteSubscription> {
    const input = { subscriptionId: required(id, 'subscriptionId') };
    return operation('CancelSubscription', { input }, subscriptionSchema);
  },

  /** null when the service has no such subscription. */
  getSubscription(id: string): RemoteOperation<RemoteSubscription | null> {
    return orNull(operation('GetSubscription', { id: required(id, 'id') }, subscriptionSchema));
  },

  /** A client's newest subscriptions (up to 100); null when the service has no such client. */
  listClientSubscriptions(clientId: string): RemoteOperation<RemoteSubscription[] | null> {
    const variables = {
      clientId: required(clientId, 'clientId'),
      first: 100,
      orderDirection: 'DESC',
    };
    return orNull(operation('ListClientSubscriptions', variables, clientSubscriptionsSchema));
  },
};
