// The inputs of a payment link (records API and actions alike): the spec's one amount and bank
// account, or `amounts` across bank accounts, and the options the remote service takes.
import { z } from 'zod';
import { LINK_PAYMENT_METHODS, MAX_LINK_AMOUNTS } from './records.js';
import { amount, expected, name, recordId } from './schemas.js';

/** A link's amounts across bank accounts: one operating and one trust at most (docs/api.md). */
export const linkAmounts = z
  .array(z.strictObject({ bankAccountId: recordId, amount }), {
    error: expected('a list of { bankAccountId, amount }'),
  })
  .min(1, { error: 'must hold at least one amount' })
  .max(MAX_LINK_AMOUNTS, {
    error: `must hold at most ${MAX_LINK_AMOUNTS} amounts: one operating and one trust`,
  })
  .refine((list) => new Set(list.map((a) => a.bankAccountId)).size === list.length, {
    error: 'must not name a bank account twice',
  });

/** The options of a link the remote service takes (names exactly as in its schema). */
export const linkOptions = {
  memo: z
    .string({ error: expected('a text') })
    .trim()
    .max(255)
    .nullish(),
  paymentMethodsAllowed: z
    .array(
      z.enum(LINK_PAYMENT_METHODS, { error: `must be one of ${LINK_PAYMENT_METHODS.join(', ')}` }),
    )
    .min(1, { error: 'must allow at least one method' })
    .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a method' })
    .optional(),
  partialPaymentAllowed: z.boolean({ error: 'must be true, false or null' }).nullish(),
  surchargeEnabled: z.boolean({ error: 'must be true or false' }).optional(),
  sendReceipts: z.boolean({ error: 'must be true or false' }).optional(),
};

/** `amount` + `bankAccountId` (the spec's one amount) or `amounts`, never both. */
export function oneWayOfAmounts(
  input: { amount?: unknown; bankAccountId?: unknown; amounts?: unknown },
  ctx: z.RefinementCtx,
  required: boolean,
): void {
  const single = input.amount !== undefined || input.bankAccountId !== undefined;
  if (input.amounts !== undefined && single) {
    ctx.addIssue({
      code: 'custom',
      path: ['amounts'],
      message: 'give amounts, or amount and bankAccountId, not both',
    });
  } else if (required && input.amounts === undefined) {
    for (const field of ['amount', 'bankAccountId'] as const) {
      if (input[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'is required (or give amounts)' });
    }
  }
}

/**
 * A link's input object: `fields` (its ids and name, as the records API or an action names them)
 * with the amounts, one way or the other, and the options; `required` when amounts must be given.
 */
export function linkInput<F extends z.ZodRawShape>(fields: F, required: boolean) {
  return z
    .strictObject({
      ...fields,
      amount: amount.optional(),
      bankAccountId: recordId.optional(),
      amounts: linkAmounts.optional(),
      ...linkOptions,
    })
    .superRefine((input, ctx) => oneWayOfAmounts(input, ctx, required));
}

export const paymentLinkCreate = linkInput(
  { name: name.nullish(), clientId: recordId, matterId: recordId.nullish() },
  true,
);
export const paymentLinkUpdate = linkInput(
  { name: name.nullish(), clientId: recordId.optional(), matterId: recordId.nullish() },
  false,
);

export type PaymentLinkCreate = z.infer<typeof paymentLinkCreate>;
export type PaymentLinkUpdate = z.infer<typeof paymentLinkUpdate>;
export type LinkAmountInput = z.infer<typeof linkAmounts>[number];
