// The API's records and inputs as zod schemas: the server validates with them, the OpenAPI
// document is generated from them, and the widgets import their types (types only, so zod
// never reaches the widget bundle).
import { z } from 'zod';
import { canonicalTimeZone } from './time-zone.js';
import { readAmount, type AmountSign } from './money.js';
import { MAX_ALLOWED_ORIGINS, normalizeOrigin, originProblem } from './origins.js';
import {
  BANK_ACCOUNT_CATEGORIES,
  DEFAULT_PAGE_SIZE,
  LINK_PAYMENT_METHODS,
  MAX_PAGE_SIZE,
  PAYMENT_LINK_STATUSES,
  ROLES,
  SYNC_STATUSES,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
} from './records.js';

/** A message for a wrong type that says "is required" when the field is missing altogether. */
export const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;

export const recordId = z.uuid({ error: expected('a record id (uuid)') });

/** A record's name; the actions take the same field, so wrong input reads the same in both. */
export const name = z
  .string({ error: expected('a text') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(255, { error: 'must be at most 255 characters' });

/**
 * An amount field, given as "150.00" or 150, answered as "150.00": every money field of the API
 * is one of these, read by readAmount (its grammar, cap and messages).
 */
export const amountField = (sign: AmountSign = 'positive') =>
  z
    .union([z.string(), z.number()], { error: expected('an amount such as "150.00"') })
    .transform((value, ctx) => {
      const read = readAmount(value, sign);
      if ('amount' in read) return read.amount;
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    });

/** A positive amount: a link's, a refund's. */
export const amount = amountField('positive');

const moneyOut = z.string();
const timestamps = { createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() };

/** Where a record stands with the remote service (beyond the spec's syncErrorMessage). */
const syncState = {
  syncErrorMessage: z.string().nullable(),
  syncStatus: z.enum(SYNC_STATUSES),
  lastSyncedAt: z.iso.datetime().nullable(),
  syncAttempts: z.number().int(),
  nextSyncAt: z.iso.datetime().nullable(),
};

// ---- records as the API answers them ----

export const clientRecord = z.object({
  id: recordId,
  name: z.string(),
  serviceId: z.string().nullable(),
  ...syncState,
  ...timestamps,
});

export const matterRecord = z.object({
  id: recordId,
  name: z.string(),
  clientId: recordId,
  serviceId: z.string().nullable(),
  ...syncState,
  ...timestamps,
});

/** One part of a link: what it asks for one bank account, and what is outstanding and paid there. */
const paymentLinkAmountRecord = z.object({
  bankAccountId: recordId.nullable(),
  amount: moneyOut,
  outstandingAmount: moneyOut,
  paidAmount: moneyOut,
});

export const paymentLinkRecord = z.object({
  id: recordId,
  name: z.string().nullable(),
  /** The total the link asks (the sum of `amounts`). */
  amount: moneyOut,
  /** The first amount's bank account. */
  bankAccountId: recordId.nullable(),
  /** Per bank account (one entry unless the link is split between operating and trust). */
  amounts: z.array(paymentLinkAmountRecord),
  memo: z.string().nullable(),
  /** null: every method the firm takes. */
  paymentMethodsAllowed: z.array(z.enum(LINK_PAYMENT_METHODS)).nullable(),
  /** null: the firm's setting at the service. */
  partialPaymentAllowed: z.boolean().nullable(),
  surchargeEnabled: z.boolean(),
  sendReceipts: z.boolean(),
  clientId: recordId,
  matterId: recordId.nullable(),
  serviceId: z.string().nullable(),
  outstandingAmount: moneyOut,
  paidAmount: moneyOut,
  status: z.enum(PAYMENT_LINK_STATUSES),
  url: z.string().nullable(),
  ...syncState,
  ...timestamps,
});

export const aggregateLinkRecord = z.object({
  id: recordId,
  name: z.string().nullable(),
  serviceId: z.string().nullable(),
  paymentLinkIds: z.array(recordId),
  /** The client its payment links belong to (they share one); null without any. */
  clientId: recordId.nullable(),
  /** What its payment links ask together. */
  amount: moneyOut,
  url: z.string().nullable(),
  ...syncState,
  ...timestamps,
});

export const bankAccountRecord = z.object({
  id: recordId,
  name: z.string(),
  category: z.enum(BANK_ACCOUNT_CATEGORIES),
  serviceId: z.string(),
  isDefault: z.boolean(),
  lastFour: z.string().nullable(),
  isFeeAccount: z.boolean(),
  isChargebackAccount: z.boolean(),
  ...timestamps,
});

export const transactionRecord = z.object({
  id: recordId,
  amount: moneyOut,
  amountRefunded: moneyOut,
  bankAccountId: recordId.nullable(),
  clientId: recordId.nullable(),
  matterId: recordId.nullable(),
  paymentLinkId: recordId.nullable(),
  /** The payment plan that made this payment, if one did. */
  paymentPlanId: recordId.nullable(),
  serviceId: z.string(),
  createdOn: z.iso.datetime(),
  errorMessage: z.string().nullable(),
  lastFour: z.string().nullable(),
  method: z.enum(TRANSACTION_METHODS).nullable(),
  payerEmail: z.string().nullable(),
  payerName: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  type: z.string().nullable(),
  originalTransactionId: recordId.nullable(),
  originalServiceId: z.string().nullable(),
  depositId: z.string().nullable(),
  settledOn: z.iso.datetime().nullable(),
  surchargeAmount: moneyOut,
  /** The payment request this payment answers (its emailed link), when one does. */
  payRequestId: recordId.nullable().optional(),
  ...timestamps,
});

export type Client = z.infer<typeof clientRecord>;
export type Matter = z.infer<typeof matterRecord>;
export type PaymentLink = z.infer<typeof paymentLinkRecord>;
export type AggregateLink = z.infer<typeof aggregateLinkRecord>;
export type BankAccount = z.infer<typeof bankAccountRecord>;
export type Transaction = z.infer<typeof transactionRecord>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export const listQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

// ---- inputs of the records API (unknown keys are refused so typos do not pass silently) ----
// Payment links' inputs: shared/payment-link-inputs.ts.

export const clientCreate = z.strictObject({ name });
export const clientUpdate = z.strictObject({ name: name.optional() });

export const matterCreate = z.strictObject({ clientId: recordId, name });
export const matterUpdate = z.strictObject({ name: name.optional() });

/** Payment link ids, possibly none (the actions' update empties an aggregate link with []). */
export const paymentLinkIdList = z
  .array(recordId, { error: expected('a list of payment link ids') })
  .max(100, { error: 'must name at most 100 payment links' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a payment link' });

const paymentLinkIds = paymentLinkIdList.min(1, { error: 'must name at least one payment link' });

export const aggregateLinkCreate = z.strictObject({ name: name.nullish(), paymentLinkIds });
export const aggregateLinkUpdate = z.strictObject({
  name: name.nullish(),
  paymentLinkIds: paymentLinkIds.optional(),
});

export type ClientCreate = z.infer<typeof clientCreate>;
export type ClientUpdate = z.infer<typeof clientUpdate>;
export type MatterCreate = z.infer<typeof matterCreate>;
export type MatterUpdate = z.infer<typeof matterUpdate>;
export type AggregateLinkCreate = z.infer<typeof aggregateLinkCreate>;
export type AggregateLinkUpdate = z.infer<typeof aggregateLinkUpdate>;

// ---- administration ----

export const apiKeyCreate = z.strictObject({
  name: z.string().trim().min(1, { error: 'must not be empty' }).max(100),
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
});
export const apiKeyRecord = z.object({
  id: recordId,
  name: z.string(),
  role: z.enum(ROLES),
  keyPrefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeyRecord>;

const secret = z
  .string({ error: expected('a text') })
  .trim()
  .min(8, { error: 'must be at least 8 characters' })
  .max(500, { error: 'must be at most 500 characters' });

/** Typed into the remote's portal and ours alike: printable ASCII only, no control characters. */
const webhookSecret = secret.regex(/^[\x20-\x7e]+$/, {
  error: 'must be printable characters (letters, digits, punctuation, spaces)',
});

/** A page origin an organization allows; the message names a refused value. */
const allowedOrigin = z
  .string({ error: 'must be an origin such as https://portal.example.com' })
  .superRefine((value, ctx) => {
    const problem = originProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeOrigin);

/** The firm's reminder cadence when it never chose one: 3, 7 and 14 days after the email. */
export const DEFAULT_REMINDER_DAYS = [3, 7, 14] as const;
const MAX_REMINDERS = 10;
const MAX_REMINDER_DAY = 365;

/** Payment requests' reminders: days after the first email, rising. `[]`: no reminders. */
export const reminderDays = z
  .array(
    z
      .number({ error: 'must be whole days' })
      .int({ error: 'must be whole days' })
      .min(1, { error: 'must be at least 1 day' })
      .max(MAX_REMINDER_DAY, { error: `must be at most ${MAX_REMINDER_DAY} days` }),
    { error: 'must be a list of days, such as [3, 7, 14]' },
  )
  .max(MAX_REMINDERS, { error: `must name at most ${MAX_REMINDERS} reminders` })
  .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), {
    error: 'must rise: each reminder later than the one before',
  });

/** `null` clears a secret; an absent field leaves it as it is. */
export const settingsUpdate = z.strictObject({
  apiToken: secret.nullable().optional(),
  webhookSecret: webhookSecret.nullable().optional(),
  productionEnvironment: z.boolean({ error: 'must be true or false' }).optional(),
  /** The whole list (it replaces the stored one); pages on these origins may use the widgets. */
  allowedOrigins: z
    .array(allowedOrigin, { error: 'must be a list of origins' })
    .max(MAX_ALLOWED_ORIGINS, { error: `must name at most ${MAX_ALLOWED_ORIGINS} origins` })
    .optional(),
  /** An override beyond the trust guard waits for another named admin (docs/api.md#people-and-approvals). */
  requireSecondApprover: z.boolean({ error: 'must be true or false' }).optional(),
  /**
   * Days after which a trust payment the service has not reported in transit or deposited
   * counts as collected (docs/api.md#collected-funds); null: never by time alone.
   */
  collectedAfterDays: z
    .number({ error: 'must be a whole number of days from 0 to 365, or null' })
    .int({ error: 'must be a whole number of days from 0 to 365, or null' })
    .min(0, { error: 'must be a whole number of days from 0 to 365, or null' })
    .max(365, { error: 'must be a whole number of days from 0 to 365, or null' })
    .nullable()
    .optional(),
  /** The firm's time zone (IANA); `null`: the server's. */
  timeZone: z
    .string()
    .transform((value, ctx) => {
      const zone = canonicalTimeZone(value);
      if (zone) return zone;
      ctx.addIssue({
        code: 'custom',
        message: 'must be an IANA time zone such as America/New_York',
      });
      return z.NEVER;
    })
    .nullable()
    .optional(),
  /** Payment requests' default reminder cadence, in days after the email; `[]`: none. */
  reminderDays: reminderDays.optional(),
});
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

const maskedSecret = z.object({ isSet: z.boolean(), last4: z.string().nullable() });
const storedSettings = z.object({
  productionEnvironment: z.boolean(),
  apiToken: maskedSecret,
  webhookSecret: maskedSecret,
  /** A replaced webhook secret, still accepted until `validUntil` (rotation). */
  previousWebhookSecret: maskedSecret.extend({ validUntil: z.iso.datetime().nullable() }),
  /** Page origins whose pages may use this organization's keys and widget tokens. */
  allowedOrigins: z.array(z.string()),
  /** An override beyond the trust guard waits for another named admin (default false). */
  requireSecondApprover: z.boolean(),
  /** Days after which an uncollected trust payment counts as collected; null: never by time. */
  collectedAfterDays: z.number().int().nullable(),
  /** The firm's time zone: which day and month its money belongs to (the server's if unset). */
  timeZone: z.string(),
  /** Payment requests' default reminder cadence (days after the email). */
  reminderDays: z.array(z.number().int()),
  updatedAt: z.iso.datetime(),
});
/** The settings as the organization stored them. */
export type StoredSettings = z.infer<typeof storedSettings>;

export const settingsRecord = storedSettings.extend({
  /** Where the organization's calls go, and would go: what the settings card confirms. */
  service: z.object({
    /** Demo mode: the simulator inside this server stands in for the sandbox. */
    demoMode: z.boolean(),
    /** The payment service's address in production (SERVICE_PRODUCTION_URL). */
    productionUrl: z.string(),
    /** Its sandbox's (SERVICE_SANDBOX_URL). */
    sandboxUrl: z.string(),
    /** Whether the saved API token is a sandbox key (its prefix says so); null when none is set. */
    sandboxToken: z.boolean().nullable(),
  }),
});
export type Settings = z.infer<typeof settingsRecord>;

export const remoteSiteCreate = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, {
      error: 'must be 1-40 lowercase letters, digits, - or _',
    }),
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
    .max(2000, { error: 'must be at most 2000 characters' }),
  active: z.boolean().default(true),
});
export const remoteSiteUpdate = z.strictObject({
  active: z.boolean({ error: 'must be true or false' }),
});
export const remoteSiteRecord = z.object({
  id: recordId,
  name: z.string(),
  url: z.string(),
  builtin: z.boolean(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type RemoteSite = z.infer<typeof remoteSiteRecord>;

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string().optional(),
  }),
});
