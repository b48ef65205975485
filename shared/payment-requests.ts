// Payment requests (emails of a link's payment page, with reminders) and manual payments
// (cheques and cash recorded on a link): the API's bodies and answers, shared by the server and
// the widgets.
import { z } from 'zod';
import { personRecord } from './people.js';
import { amount, recordId, reminderDays } from './schemas.js';

/** Addresses per request (to and cc each). */
export const MAX_REQUEST_EMAILS = 20;

const EMAIL = /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()".]+$/;

/** Each address that does not look like one, named: `emails.1: not an email address: "x"`. */
const emailList = z
  .array(z.string({ error: 'must be an email address' }).trim(), {
    error: 'must be a list of email addresses',
  })
  .max(MAX_REQUEST_EMAILS, { error: `must name at most ${MAX_REQUEST_EMAILS} addresses` })
  .superRefine((list, ctx) => {
    list.forEach((email, i) => {
      if (!EMAIL.test(email) || email.length > 254) {
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `not an email address: ${JSON.stringify(email)}`,
        });
      }
    });
  });

export const paymentRequestCreate = z.strictObject({
  emails: emailList.min(1, { error: 'must name at least one address' }),
  cc: emailList.optional(),
  subject: z
    .string({ error: 'must be a text' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(255, { error: 'must be at most 255 characters' }),
  message: z
    .string({ error: 'must be a text' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(5000, { error: 'must be at most 5000 characters' }),
  /** Absent: the firm's cadence (settings `reminderDays`). */
  reminderDays: reminderDays.optional(),
});
export type PaymentRequestCreate = z.infer<typeof paymentRequestCreate>;

export const PAYMENT_REQUEST_STOP_REASONS = [
  'stopped',
  'paid',
  'sealed',
  'deleted',
  'failed',
] as const;

export const paymentRequestRecord = z.object({
  id: recordId,
  paymentLinkId: recordId.nullable(),
  aggregateLinkId: recordId.nullable(),
  emails: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  reminderDays: z.array(z.number().int()),
  /** The API key's actor that sent it (`widget-token:<key id>`, `api-key:<id>`). */
  sentBy: z.string(),
  /** The person who sent it (docs/api.md#people-and-approvals); null where none was named. */
  by: personRecord,
  sentAt: z.iso.datetime().nullable(),
  /** Emails the service took: the first and each reminder. */
  emailsSent: z.number().int(),
  /** Of those, sends cut short whose outcome is unknown (never sent twice). */
  unconfirmedEmails: z.number().int(),
  lastSentAt: z.iso.datetime().nullable(),
  /** When the next reminder goes; null once the reminders ended (or the link is paid). */
  nextReminderAt: z.iso.datetime().nullable(),
  stoppedAt: z.iso.datetime().nullable(),
  stoppedReason: z.enum(PAYMENT_REQUEST_STOP_REASONS).nullable(),
  stoppedBy: z.string().nullable(),
  /** The person who stopped the reminders; null where none was named, or they ended by themselves. */
  stoppedByPerson: personRecord,
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type PaymentRequest = z.infer<typeof paymentRequestRecord>;

/** One account's part of a cheque: a split link's cheque names each part. */
const manualAmount = z.strictObject({ bankAccountId: recordId, amount });

export const manualPaymentCreate = z
  .strictObject({
    /** The whole cheque into the link's own account. */
    amount: amount.optional(),
    /** Or its parts, per bank account (operating and trust). */
    amounts: z
      .array(manualAmount, { error: 'must be a list of { bankAccountId, amount }' })
      .min(1, { error: 'must name at least one amount' })
      .max(5, { error: 'must name at most 5 amounts' })
      .optional(),
    payerName: z.string().trim().min(1).max(255).optional(),
    payerEmail: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL, { error: 'must be an email address' })
      .optional(),
    /** The statement memo kept with the payment at the service (a cheque number, say). */
    memo: z.string().trim().min(1).max(255).optional(),
  })
  .refine((b) => (b.amount === undefined) !== (b.amounts === undefined), {
    error: 'give either amount or amounts',
    path: ['amount'],
  });
export type ManualPaymentCreate = z.infer<typeof manualPaymentCreate>;
