import type { Role } from '../../shared/records.js';
import type { ActionInput, ActionName, MONEY_OUT_ACTIONS } from '../../shared/actions.js';

type MoneyOutActionName = (typeof MONEY_OUT_ACTIONS)[number];
import type { Executor } from '../db/index.js';
import {
  aggregateLinks,
  clients,
  matters,
  paymentLinks,
  paymentPlans,
} from '../db/schema/index.js';
import * as aggregate from '../domain/aggregate-links.js';
import * as client from '../domain/clients.js';
import { requireReference } from '../domain/lookups.js';
import * as matter from '../domain/matters.js';
import * as paymentLink from '../domain/payment-links.js';
import * as paymentPlan from '../domain/payment-plans.js';
import { invalidInput } from '../errors.js';
import type { SyncedRecord } from '../sync-rules/requests.js';

// What each of the spec's actions does locally, through the same domain functions (and so the
// same trigger rules) as the records API. The runner then syncs the affected record and answers.

export interface Affected {
  record: SyncedRecord;
  id: string;
  /** The record as it was when deleted (an emptied aggregate link), instead of a fresh read. */
  deleted?: Record<string, unknown>;
}

interface Action<A extends ActionName> {
  role: Role;
  perform(db: Executor, orgId: string, input: ActionInput<A>): Promise<Affected>;
}

type RecordActions = {
  [A in Exclude<ActionName, 'BankAccountsSync' | MoneyOutActionName>]: Action<A>;
};

/** Actions name records by id in their input: an unknown one is bad input on that field. */
const exists = {
  client: (db: Executor, orgId: string, id: string, field = 'clientId') =>
    requireReference(db, clients, orgId, id, field, 'client'),
  matter: (db: Executor, orgId: string, id: string) =>
    requireReference(db, matters, orgId, id, 'matterId', 'matter'),
  paymentLink: (db: Executor, orgId: string, id: string) =>
    requireReference(db, paymentLinks, orgId, id, 'paymentLinkId', 'payment link'),
  aggregateLink: (db: Executor, orgId: string, id: string) =>
    requireReference(db, aggregateLinks, orgId, id, 'aggregateLinkId', 'aggregate link'),
  paymentPlan: (db: Executor, orgId: string, id: string) =>
    requireReference(db, paymentPlans, orgId, id, 'paymentPlanId', 'payment plan'),
};

/** An aggregate link's members must be syncable: each needs a bank account to collect into. */
async function requireSyncableMembers(db: Executor, orgId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    const link = await requireReference(
      db,
      paymentLinks,
      orgId,
      id,
      `paymentLinkIds.${index}`,
      'payment link',
    );
    if (!link.bankAccountId) {
      throw invalidInput('A payment link cannot be synced', {
        [`paymentLinkIds.${index}`]: ['has no bank account: give it one first'],
      });
    }
  }
}

/** A create action: the domain's create, answered with the new record. */
function creates<A extends ActionName>(
  record: SyncedRecord,
  create: (db: Executor, orgId: string, input: ActionInput<A>) => Promise<{ id: string }>,
): Action<A> {
  return {
    role: 'staff',
    perform: async (db, orgId, input) => ({ record, id: (await create(db, orgId, input)).id }),
  };
}

/** An update action: the record it names must exist (else bad input), then the domain's update. */
function updates<A extends ActionName>(
  record: SyncedRecord,
  idOf: (input: ActionInput<A>) => string,
  update: (db: Executor, orgId: string, id: string, input: ActionInput<A>) => Promise<unknown>,
): Action<A> {
  return {
    role: 'staff',
    async perform(db, orgId, input) {
      const id = idOf(input);
      await exists[record](db, orgId, id);
      await update(db, orgId, id, input);
      return { record, id };
    },
  };
}

export const recordActions: RecordActions = {
  ClientCreate: creates('client', client.createClient),
  ClientUpdate: updates(
    'client',
    (input) => input.clientId,
    (db, orgId, id, input) => client.updateClient(db, orgId, id, { name: input.name }),
  ),
  MatterCreate: creates('matter', matter.createMatter),
  MatterUpdate: updates(
    'matter',
    (input) => input.matterId,
    (db, orgId, id, input) => matter.updateMatter(db, orgId, id, { name: input.name }),
  ),
  PaymentLinkCreate: creates('paymentLink', (db, orgId, { paymentLinkName, ...input }) =>
    paymentLink.createPaymentLink(db, orgId, { ...input, name: paymentLinkName }),
  ),
  PaymentLinkUpdate: updates(
    'paymentLink',
    (input) => input.paymentLinkId,
    (db, orgId, id, { paymentLinkId: _, ...changes }) =>
      paymentLink.updatePaymentLink(db, orgId, id, changes),
  ),
  PaymentPlanCreate: creates('paymentPlan', paymentPlan.createPaymentPlan),
  PaymentPlanUpdate: updates(
    'paymentPlan',
    (input) => input.paymentPlanId,
    (db, orgId, id, { paymentPlanId: _, ...changes }) =>
      paymentPlan.updatePaymentPlan(db, orgId, id, changes),
  ),
  PaymentPlanCancel: updates(
    'paymentPlan',
    (input) => input.paymentPlanId,
    (db, orgId, id) => paymentPlan.cancelPaymentPlan(db, orgId, id),
  ),
  AggregateLinkCreate: creates('aggregateLink', async (db, orgId, input) => {
    await requireSyncableMembers(db, orgId, input.paymentLinkIds);
    return aggregate.createAggregateLink(db, orgId, {
      paymentLinkIds: input.paymentLinkIds,
      name: input.aggregateLinkName,
    });
  }),
  AggregateLinkUpdate: {
    role: 'staff',
    async perform(db, orgId, input) {
      await exists.aggregateLink(db, orgId, input.aggregateLinkId);
      if (input.paymentLinkIds.length === 0) {
        // The spec: an empty list deletes the aggregate link. The answer shows it as it was.
        // It is emptied remotely too (the runner runs that job at once), so its URL takes no
        // more money.
        const before = await aggregate.getAggregateLink(db, orgId, input.aggregateLinkId);
        await aggregate.deleteAggregateLink(db, orgId, input.aggregateLinkId);
        return {
          record: 'aggregateLink',
          id: input.aggregateLinkId,
          deleted: { ...before, paymentLinkIds: [] },
        };
      }
      await requireSyncableMembers(db, orgId, input.paymentLinkIds);
      await aggregate.updateAggregateLink(db, orgId, input.aggregateLinkId, {
        paymentLinkIds: input.paymentLinkIds,
      });
      return { record: 'aggregateLink', id: input.aggregateLinkId };
    },
  },
};

export const ACTION_ROLES: Record<ActionName, Role> = {
  ...Object.fromEntries(Object.entries(recordActions).map(([name, a]) => [name, a.role])),
  BankAccountsSync: 'admin',
  TransactionRefund: 'admin',
  TransactionVoid: 'admin',
} as Record<ActionName, Role>;

/** Reads an affected record back for the answer. */
export function readAffected(db: Executor, orgId: string, affected: Affected): Promise<unknown> {
  if (affected.deleted) return Promise.resolve(affected.deleted);
  switch (affected.record) {
    case 'client':
      return client.getClient(db, orgId, affected.id);
    case 'matter':
      return matter.getMatter(db, orgId, affected.id);
    case 'paymentLink':
      return paymentLink.getPaymentLink(db, orgId, affected.id);
    case 'aggregateLink':
      return aggregate.getAggregateLink(db, orgId, affected.id);
    case 'paymentPlan':
      // The actions answer in English (the records API in the caller's language).
      return paymentPlan
        .getPaymentPlan(db, orgId, affected.id)
        .then((plan) => ({ ...plan, attention: plan.attention?.text ?? null }));
  }
}
