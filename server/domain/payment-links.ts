import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { fromCents, parseMoney, toCents } from '../../shared/money.js';
import type { ListQuery, Page, PaymentLink } from '../../shared/schemas.js';
import type { BankAccountCategory } from '../../shared/records.js';
import type { PaymentLinkCreate, PaymentLinkUpdate } from '../../shared/payment-link-inputs.js';
import type { Executor } from '../db/index.js';
import {
  aggregateLinkPaymentLinks,
  aggregateLinks,
  bankAccounts,
  clients,
  matters,
  paymentLinks,
} from '../db/schema/index.js';
import { requireOrgRow } from '../db/org-rows.js';
import { conflict, invalidInput } from '../errors.js';
import { requireAmountFitsAggregates } from './aggregate-total.js';
import { requireReference } from './lookups.js';
import { lockPaymentLinkForChange } from './payment-link-locks.js';
import {
  requestPaymentLinkRemoval,
  requestResync,
  type AggregateLinkRemoval,
} from '../sync-rules/requests.js';
import { insertSyncedRecord, updateSyncedRecord } from '../sync-rules/write.js';
import { removeAggregateLinkRow } from './aggregate-links.js';
import { paymentLinkNeedsSync } from '../sync-rules/rules.js';
import { orgPage } from './pagination.js';
import { toSyncState } from './sync-state.js';
import { requireHoldsNoMoney } from './money-holders.js';
import {
  readSplits,
  resolveAmounts,
  totalOf,
  writeSplit,
  type LinkPart,
  type ResolvedAmount,
} from './payment-link-amounts.js';
import {
  optionChanges,
  paidByCategory,
  requireAmountsCoverPaid,
  requireNoTrustSurcharge,
  requireSurchargeUnchanged,
  splitKey,
  type Part,
} from './payment-link-options.js';

type PaymentLinkRow = typeof paymentLinks.$inferSelect;

const toPaymentLink = (row: PaymentLinkRow, parts: readonly LinkPart[] = []): PaymentLink => ({
  id: row.id,
  name: row.name,
  amount: row.amount,
  bankAccountId: row.bankAccountId,
  amounts:
    parts.length > 0
      ? parts.map(({ category: _, ...part }) => part)
      : [
          {
            bankAccountId: row.bankAccountId,
            amount: row.amount,
            outstandingAmount: row.outstandingAmount,
            paidAmount: row.paidAmount,
          },
        ],
  memo: row.memo,
  paymentMethodsAllowed: row.paymentMethodsAllowed,
  partialPaymentAllowed: row.partialPaymentAllowed,
  surchargeEnabled: row.surchargeEnabled,
  sendReceipts: row.sendReceipts,
  clientId: row.clientId,
  matterId: row.matterId,
  serviceId: row.serviceId,
  outstandingAmount: row.outstandingAmount,
  paidAmount: row.paidAmount,
  status: row.status,
  url: row.url,
  ...toSyncState(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listPaymentLinks(
  db: Executor,
  orgId: string,
  query: ListQuery & { clientId?: string | undefined; matterId?: string | undefined },
): Promise<Page<PaymentLink>> {
  const page = await orgPage(db, paymentLinks, orgId, query, 'createdAt', [
    query.clientId ? eq(paymentLinks.clientId, query.clientId) : undefined,
    query.matterId ? eq(paymentLinks.matterId, query.matterId) : undefined,
  ]);
  return { data: await withParts(db, page.rows), nextCursor: page.nextCursor };
}

/** The links as the API answers them, with the parts of the split ones (one query). */
async function withParts(db: Executor, rows: readonly PaymentLinkRow[]): Promise<PaymentLink[]> {
  const splits = await readSplits(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPaymentLink(row, splits.get(row.id)));
}

export async function getPaymentLink(
  db: Executor,
  orgId: string,
  id: string,
): Promise<PaymentLink> {
  const [link] = await withParts(db, [
    await requireOrgRow(db, paymentLinks, orgId, id, 'Payment link'),
  ]);
  return link as PaymentLink;
}

// Bank accounts exist locally only once synced from the remote service, hence the hint. Each
// reference stays locked (`key share`) until the write commits, so a concurrent delete of the
// record referred to waits, then finds the link (and refuses), or the link finds it gone (400).
export const requireBankAccount = (db: Executor, orgId: string, id: string) =>
  requireReference(
    db,
    bankAccounts,
    orgId,
    id,
    'bankAccountId',
    'bank account (sync bank accounts first)',
    'key share',
  );

export const requireClient = (db: Executor, orgId: string, id: string) =>
  requireReference(db, clients, orgId, id, 'clientId', 'client', 'key share');

/** A matter, when given, must belong to the payment link's (or plan's) client. */
export async function requireMatterOfClient(
  db: Executor,
  orgId: string,
  matterId: string,
  clientId: string,
): Promise<void> {
  const matter = await requireReference(
    db,
    matters,
    orgId,
    matterId,
    'matterId',
    'matter',
    'key share',
  );
  if (matter.clientId !== clientId) {
    throw invalidInput('The matter belongs to another client', {
      matterId: ['belongs to another client than the payment link'],
    });
  }
}

export async function createPaymentLink(
  db: Executor,
  orgId: string,
  input: PaymentLinkCreate,
): Promise<PaymentLink> {
  return db.transaction(async (tx) => {
    await requireClient(tx, orgId, input.clientId);
    const amounts = input.amounts
      ? await resolveAmounts(tx, orgId, input.amounts)
      : [await resolveOne(tx, orgId, input.bankAccountId as string, input.amount as string)];
    if (input.matterId) await requireMatterOfClient(tx, orgId, input.matterId, input.clientId);
    requireNoTrustSurcharge(input.surchargeEnabled ?? false, amounts);
    const total = totalOf(amounts);
    const values = {
      orgId,
      name: input.name ?? null,
      amount: total,
      bankAccountId: (amounts[0] as ResolvedAmount).bankAccountId,
      clientId: input.clientId,
      matterId: input.matterId ?? null,
      outstandingAmount: total,
      paidAmount: '0.00',
      memo: input.memo ?? null,
      paymentMethodsAllowed: input.paymentMethodsAllowed ?? null,
      partialPaymentAllowed: input.partialPaymentAllowed ?? null,
      surchargeEnabled: input.surchargeEnabled ?? false,
      sendReceipts: input.sendReceipts ?? true,
    };
    const needsSync = paymentLinkNeedsSync(null, { ...values, serviceId: null });
    const row = await insertSyncedRecord(tx, 'paymentLink', values, needsSync);
    await writeSplit(tx, orgId, row.id, amounts, new Map());
    return (await withParts(tx, [row]))[0] as PaymentLink;
  });
}

/** The spec's one amount into one bank account, as a split of one. */
async function resolveOne(
  tx: Executor,
  orgId: string,
  bankAccountId: string,
  amount: string,
): Promise<ResolvedAmount> {
  const account = await requireBankAccount(tx, orgId, bankAccountId);
  return { bankAccountId: account.id, category: account.category, amount };
}

export async function updatePaymentLink(
  db: Executor,
  orgId: string,
  id: string,
  input: PaymentLinkUpdate,
): Promise<PaymentLink> {
  return db.transaction(async (tx) => {
    const { row: current, aggregateLinkIds } = await lockPaymentLinkForChange(tx, orgId, id);
    const clientId = input.clientId ?? current.clientId;
    const matterId = input.matterId === undefined ? current.matterId : input.matterId;
    const clientChanged = clientId !== current.clientId;

    if (clientChanged) {
      await requireClient(tx, orgId, clientId);
      await requireSameClientInAggregates(tx, current.id, clientId);
    }
    if (matterId && (clientChanged || matterId !== current.matterId)) {
      await requireMatterOfClient(tx, orgId, matterId, clientId);
    }

    const currentParts = (await readSplits(tx, [current.id])).get(current.id) ?? [];
    const currentCategory = await categoryOf(tx, orgId, current.bankAccountId);
    const paid = paidByCategory(current, currentParts, currentCategory);
    let parts: Part[];
    if (input.amounts) {
      parts = await resolveAmounts(tx, orgId, input.amounts);
    } else if (currentParts.length > 0) {
      if (input.amount !== undefined || input.bankAccountId !== undefined) {
        const field = input.amount !== undefined ? 'amount' : 'bankAccountId';
        throw invalidInput('The payment link is split between bank accounts: change its amounts', {
          [field]: ['cannot change alone on a split link: give amounts'],
        });
      }
      parts = currentParts;
    } else {
      const changed = input.bankAccountId && input.bankAccountId !== current.bankAccountId;
      const account = changed
        ? await requireBankAccount(tx, orgId, input.bankAccountId as string)
        : null;
      parts = [
        {
          bankAccountId: account?.id ?? current.bankAccountId,
          category: account?.category ?? currentCategory,
          amount: parseMoney(input.amount ?? current.amount) ?? current.amount,
        },
      ];
    }
    requireAmountsCoverPaid(current, parts, input.amounts ? paid : null);
    const amount = totalOf(parts);
    if (toCents(amount) > toCents(current.amount)) {
      await requireAmountFitsAggregates(tx, current.id, amount, aggregateLinkIds);
    }
    requireSurchargeUnchanged(current, input.surchargeEnabled);
    const options = optionChanges(current, input);
    requireNoTrustSurcharge(options.surchargeEnabled, parts);

    const next = {
      serviceId: current.serviceId,
      amount,
      bankAccountId: (parts[0] as Part).bankAccountId,
      clientId,
      matterId,
    };
    const changes = {
      ...next,
      ...options,
      name: input.name === undefined ? current.name : input.name,
      outstandingAmount: fromCents(toCents(amount) - toCents(current.paidAmount)),
    };
    const needsSync = paymentLinkNeedsSync(
      { ...current, split: splitKey(currentParts) },
      { ...next, ...options, split: splitKey(parts) },
    );
    const row = await updateSyncedRecord(tx, 'paymentLink', current, changes, needsSync);
    if (input.amounts) await writeSplit(tx, orgId, row.id, parts as ResolvedAmount[], paid);
    return (await withParts(tx, [row]))[0] as PaymentLink;
  });
}

/** The category of a link's one bank account; null without one. */
async function categoryOf(
  db: Executor,
  orgId: string,
  bankAccountId: string | null,
): Promise<BankAccountCategory | null> {
  if (!bankAccountId) return null;
  const [account] = await db
    .select({ category: bankAccounts.category })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, orgId), eq(bankAccounts.id, bankAccountId)));
  return account?.category ?? null;
}

/**
 * A client or matter is not deleted while payment links point at it: they would lose who or what
 * they collect for (409).
 */
export async function requireNoPaymentLinks(
  db: Executor,
  owner: 'client' | 'matter',
  id: string,
): Promise<void> {
  const column = owner === 'client' ? paymentLinks.clientId : paymentLinks.matterId;
  const [links] = await db.select({ n: count() }).from(paymentLinks).where(eq(column, id));
  if (links && links.n > 0) {
    throw conflict(
      `The ${owner} still has ${links.n} payment link(s): delete or move them before deleting the ${owner}`,
    );
  }
}

/** An aggregate link collects for one client: a member cannot move to another client alone. */
async function requireSameClientInAggregates(
  db: Executor,
  paymentLinkId: string,
  clientId: string,
): Promise<void> {
  const memberships = db
    .select({ aggregateLinkId: aggregateLinkPaymentLinks.aggregateLinkId })
    .from(aggregateLinkPaymentLinks)
    .where(eq(aggregateLinkPaymentLinks.paymentLinkId, paymentLinkId));
  const [other] = await db
    .select({ aggregateLinkId: aggregateLinkPaymentLinks.aggregateLinkId })
    .from(aggregateLinkPaymentLinks)
    .innerJoin(paymentLinks, eq(paymentLinks.id, aggregateLinkPaymentLinks.paymentLinkId))
    .where(
      and(
        inArray(aggregateLinkPaymentLinks.aggregateLinkId, memberships),
        ne(paymentLinks.clientId, clientId),
        ne(paymentLinks.id, paymentLinkId),
      ),
    )
    .limit(1);
  if (other) {
    throw conflict(
      `The payment link is part of aggregate link ${other.aggregateLinkId}, whose other payment links belong to another client: take it out of the aggregate link first`,
    );
  }
}

/**
 * The spec's delete trigger: the link leaves its aggregate links first (each re-syncs; one left
 * empty is deleted, as an empty AggregateLinkUpdate would, and emptied remotely), then it is
 * removed remotely. The removal job empties those aggregates before it removes the link: the
 * remote refuses to remove a link an aggregate still holds.
 */
export async function deletePaymentLink(db: Executor, orgId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { row: current, aggregateLinkIds } = await lockPaymentLinkForChange(tx, orgId, id);
    await requireHoldsNoMoney(tx, orgId, 'paymentLink', current.id);
    await tx.delete(paymentLinks).where(eq(paymentLinks.id, current.id));

    const remaining: string[] = [];
    const emptied: AggregateLinkRemoval[] = [];
    for (const aggregateLinkId of aggregateLinkIds) {
      const [member] = await tx
        .select({ id: aggregateLinkPaymentLinks.paymentLinkId })
        .from(aggregateLinkPaymentLinks)
        .where(eq(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinkId))
        .limit(1);
      if (member) {
        remaining.push(aggregateLinkId);
        // Its member list changed: back to pending, with its sync job.
        await requestResync(tx, orgId, 'aggregateLink', aggregateLinkId);
      } else {
        const [row] = await tx
          .select()
          .from(aggregateLinks)
          .where(eq(aggregateLinks.id, aggregateLinkId));
        const removal =
          row &&
          (await removeAggregateLinkRow(
            tx,
            orgId,
            row,
            current.serviceId ? [current.serviceId] : [],
          ));
        if (removal) emptied.push(removal);
      }
    }
    if (current.serviceId) {
      await requestPaymentLinkRemoval(tx, orgId, {
        paymentLinkId: current.id,
        serviceId: current.serviceId,
        aggregateLinkIds: remaining,
        emptiedAggregates: emptied,
      });
    }
  });
}
