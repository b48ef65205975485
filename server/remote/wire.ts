// Response validation at the edge: the remote is an external input, so every record it returns
// is checked against the shape our documents select and translated into our terms (types.ts).
// Cents become money strings here and nowhere else.

import { z } from 'zod';
import { fromCents } from '../../shared/money.js';
import { remoteError, truncate } from './errors.js';
import { subscriptionSchema } from './subscription-wire.js';
import {
  BANK_ACCOUNT_CATEGORIES,
  PAYMENT_LINK_STATUSES,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
  type RemoteAggregateLink,
  type RemoteBankAccount,
  type RemoteClient,
  type RemoteIdentity,
  type RemoteManualPayment,
  type RemoteMatter,
  type RemotePaymentLink,
  type RemoteTransaction,
  type RemoteStatement,
  type RemoteTransactionEvent,
  type RemoteTransactionPage,
  type RemoteWebhookEvent,
  type RemoteWebhookUrl,
} from './types.js';

/** Remote ids are uuids; our columns are Text(36). */
export const id = z.string().min(1).max(36);
export const ref = z.object({ id });
/** Integer cents (GraphQL Int) to a money string, exactly. */
const money = z.int().transform(fromCents);
export const text = z.string().nullable();

const balance = z.object({ totalOutstanding: money, totalPaid: money });

export const clientSchema = z
  .object({ id, clientName: text, externalId: text })
  .transform((c): RemoteClient => ({ id: c.id, name: c.clientName, externalId: c.externalId }));

export const matterSchema = z
  .object({ id, name: z.string(), externalId: text, client: ref })
  .transform((m): RemoteMatter => ({
    id: m.id,
    name: m.name,
    externalId: m.externalId,
    clientId: m.client.id,
  }));

export const paymentLinkSchema = z
  .object({
    id,
    url: z.string(),
    status: z.enum(PAYMENT_LINK_STATUSES),
    memo: text,
    externalId: text,
    client: ref,
    matter: ref.nullable(),
    amounts: z.array(z.object({ amount: z.int(), bankAccount: ref })),
    balance: balance.extend({
      operatingOutstanding: money,
      operatingPaid: money,
      trustOutstanding: money,
      trustPaid: money,
    }),
    paymentMethodsAllowed: z.array(z.string()),
    partialPaymentAllowed: z.boolean().nullable(),
    surchargeEnabled: z.boolean(),
    sendReceipts: z.boolean(),
  })
  .transform((p): RemotePaymentLink => ({
    id: p.id,
    url: p.url,
    status: p.status,
    memo: p.memo,
    externalId: p.externalId,
    clientId: p.client.id,
    matterId: p.matter?.id ?? null,
    // Summed in cents: adding money strings would need decimal arithmetic.
    amount: fromCents(p.amounts.reduce((sum, a) => sum + a.amount, 0)),
    bankAccountId: p.amounts[0]?.bankAccount.id ?? null,
    amounts: p.amounts.map((a) => ({
      amount: fromCents(a.amount),
      bankAccountId: a.bankAccount.id,
    })),
    outstandingAmount: p.balance.totalOutstanding,
    paidAmount: p.balance.totalPaid,
    balanceByCategory: {
      operating: { outstanding: p.balance.operatingOutstanding, paid: p.balance.operatingPaid },
      trust: { outstanding: p.balance.trustOutstanding, paid: p.balance.trustPaid },
    },
    paymentMethodsAllowed: p.paymentMethodsAllowed,
    partialPaymentAllowed: p.partialPaymentAllowed,
    surchargeEnabled: p.surchargeEnabled,
    sendReceipts: p.sendReceipts,
  }));

export const aggregateLinkSchema = z
  .object({
    id,
    url: z.string(),
    status: z.string(),
    memo: text,
    externalId: text,
    client: ref,
    paymentLinks: z.array(ref),
    balance,
  })
  .transform((a): RemoteAggregateLink => ({
    id: a.id,
    url: a.url,
    status: a.status,
    memo: a.memo,
    externalId: a.externalId,
    clientId: a.client.id,
    paymentLinkIds: a.paymentLinks.map((l) => l.id),
    outstandingAmount: a.balance.totalOutstanding,
    paidAmount: a.balance.totalPaid,
  }));

/** A payment link's aggregate links (one page of its connection, up to 100). */
export const paymentLinkAggregatesSchema = z
  .object({
    aggregatePaymentLinks: z.object({
      edges: z.array(z.object({ node: aggregateLinkSchema })),
    }),
  })
  .transform((p): RemoteAggregateLink[] => p.aggregatePaymentLinks.edges.map((e) => e.node));

const bankAccountSchema = z
  .object({
    id,
    nickname: z.string(),
    category: z.enum(BANK_ACCOUNT_CATEGORIES),
    isDefault: z.boolean(),
    lastFour: text,
    isFeeAccount: z.boolean(),
    isChargebackAccount: z.boolean(),
  })
  .transform((b): RemoteBankAccount => ({
    id: b.id,
    name: b.nickname,
    category: b.category,
    isDefault: b.isDefault,
    lastFour: b.lastFour,
    isFeeAccount: b.isFeeAccount,
    isChargebackAccount: b.isChargebackAccount,
  }));

export const bankAccountsListSchema = z
  .object({ bankAccounts: z.array(bankAccountSchema) })
  .transform((r): RemoteBankAccount[] => r.bankAccounts);

const eventProps = z
  .object({ status2: text, settledOn: z.iso.datetime({ offset: true }).nullable() })
  .nullable();

/** A transaction's log entry; its type is free text at the service, kept as sent. */
const transactionEventSchema = z.object({
  id: z.string().min(1).max(255),
  date: z.iso.datetime({ offset: true }),
  type: z.string().max(255),
  data: z
    .object({ transactionType: z.string(), oldProps: eventProps, newProps: eventProps })
    .nullable(),
}) satisfies z.ZodType<RemoteTransactionEvent>;

export const transactionSchema = z
  .object({
    id,
    amountProcessed: money,
    amountRefunded: money,
    status_v2: z.enum(TRANSACTION_STATUSES),
    paymentMethod: z.enum(TRANSACTION_METHODS),
    type: z.string(),
    createdOn: z.iso.datetime({ offset: true }),
    errorMessage: text,
    lastFour: text,
    payerEmail: text,
    payerName: text,
    originalTransactionId: text,
    depositId: text,
    settledOn: z.iso.datetime({ offset: true }).nullable(),
    surchargeAmount: money,
    bankAccount: ref,
    client: clientSchema.nullable(),
    matter: matterSchema.nullable(),
    paymentLink: paymentLinkSchema.nullable(),
    aggregatePaymentLink: ref.nullable(),
    payRequest: z.object({ externalId: text }).nullable().optional(),
    // The plan that made the payment; optional: an answer that does not select it has none.
    subscription: subscriptionSchema.nullish(),
    payment: z.object({ id, transactions: z.array(ref) }).nullable(),
    // Selected by GetTransaction only (documents.ts); a list or a mutation's answer has none.
    events: z.array(transactionEventSchema).nullable().optional(),
  })
  .transform((t): RemoteTransaction => ({
    id: t.id,
    amount: t.amountProcessed,
    amountRefunded: t.amountRefunded,
    status: t.status_v2,
    method: t.paymentMethod,
    type: t.type,
    createdOn: t.createdOn,
    errorMessage: t.errorMessage,
    lastFour: t.lastFour,
    payerEmail: t.payerEmail,
    payerName: t.payerName,
    originalTransactionId: t.originalTransactionId,
    depositId: t.depositId,
    settledOn: t.settledOn,
    surchargeAmount: t.surchargeAmount,
    bankAccountId: t.bankAccount.id,
    client: t.client,
    matter: t.matter,
    paymentLink: t.paymentLink,
    aggregateLinkId: t.aggregatePaymentLink?.id ?? null,
    payRequestExternalId: t.payRequest?.externalId ?? null,
    subscription: t.subscription ?? null,
    paymentTransactionIds: t.payment?.transactions.map((p) => p.id) ?? [],
    ...(t.events === undefined ? {} : { events: t.events }),
  }));

export const transactionPageSchema = z
  .object({ total: z.int().nonnegative(), transactions: z.array(transactionSchema) })
  .transform((r): RemoteTransactionPage => r);

export const identitySchema = z
  .object({ role: z.string(), firm: z.object({ id, name: z.string() }).nullable() })
  .transform((r): RemoteIdentity => r);

export const webhookUrlSchema = z
  .object({
    id,
    url: z.string(),
    secret: z.string(),
    enabledWebhooks: z.array(z.string()),
    disabled: z.boolean(),
  })
  .transform((w): RemoteWebhookUrl => w);

export const webhookUrlsListSchema = z
  .object({ webhookUrls: z.array(webhookUrlSchema) })
  .transform((r): RemoteWebhookUrl[] => r.webhookUrls);

/** The eventIds a delivered payload names: `{eventId}` or `[{eventId}, ...]`, as JSON or text. */
function payloadEventIds(payload: unknown): string[] {
  let value = payload;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((e) => (e && typeof e === 'object' ? (e as { eventId?: unknown }).eventId : undefined))
    .filter((id): id is string => typeof id === 'string' && id.length > 0);
}

export const webhookEventSchema = z
  .object({ id, status: z.string(), createdOn: z.string(), payload: z.unknown() })
  .transform((e): RemoteWebhookEvent => ({
    id: e.id,
    status: e.status,
    createdOn: e.createdOn,
    eventIds: payloadEventIds(e.payload).length ? payloadEventIds(e.payload) : [e.id],
  }));

export const webhookEventsListSchema = z
  .object({ webhookEvents: z.array(webhookEventSchema) })
  .transform((r): RemoteWebhookEvent[] => r.webhookEvents);

export const manualPaymentSchema = z
  .object({ id, amount: money, status: z.string(), transactions: z.array(ref) })
  .transform((p): RemoteManualPayment => ({
    id: p.id,
    amount: p.amount,
    status: p.status,
    transactionIds: p.transactions.map((t) => t.id),
  }));

export const booleanSchema = z.boolean();

/**
 * A month as `YYYY-MM`: the remote's format is not documented, so a date or date-time in the
 * month is read too.
 */
const month = z
  .string()
  .regex(/^\d{4}-\d{2}/, 'must start with YYYY-MM')
  .transform((value) => value.slice(0, 7));

const statementSchema = z
  .object({
    id,
    month,
    debits: z.array(
      z.object({
        amount: z.number().finite(),
        fromBankAccountCategory: z.string(),
        fromBankAccountMask: z.string(),
        fromBankAccountNickname: z.string(),
        statementDescriptor: z.string(),
      }),
    ),
  })
  .transform((s): RemoteStatement => ({
    id: s.id,
    month: s.month,
    debits: s.debits.map((d) => ({
      amountCents: Math.round(d.amount),
      fromBankAccountCategory: d.fromBankAccountCategory.toLowerCase(),
      fromBankAccountMask: d.fromBankAccountMask,
      fromBankAccountNickname: d.fromBankAccountNickname,
      statementDescriptor: d.statementDescriptor,
    })),
  }));

export const statementListSchema = z
  .object({ records: z.array(statementSchema), total: z.int() })
  .transform((l) => ({ statements: l.records, total: l.total }));

/**
 * Validates one root field's value. A mismatch is a permanent `invalid_response`: retrying
 * would get the same answer, and the message says which field was off.
 */
export function decodeWith<T>(schema: z.ZodType<T>, value: unknown, operationName: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw remoteError(
    'invalid_response',
    truncate(`Unexpected answer from the remote service to ${operationName}: ${issues}`),
    { operationName },
  );
}
