// The progress of the long work (GET /api/admin/progress): bank account sync, reconciliation and
// "Retry all" of the sync problems, as their widgets show it ("12 / 40"). The server's route and
// the widgets share these.
import { z } from 'zod';

/** One run: `done` of `total` (0 until known), finishedAt null while it runs. */
const workProgress = z.object({
  done: z.number().int(),
  total: z.number().int(),
  startedAt: z.iso.datetime(),
  /** When it ended, done or cut short (then done < total); null while it runs. */
  finishedAt: z.iso.datetime().nullable(),
});
export type WorkProgress = z.infer<typeof workProgress>;

/** The last run of each, or null before the first. */
export const workProgressReport = z.object({
  /** Accounts copied of those the payment service listed. */
  bankAccounts: workProgress.nullable(),
  /** Transactions checked of those to reconcile (pulled, and not final ones fetched again). */
  reconciliation: workProgress.nullable(),
  /** Jobs put back in line by "Retry all" that the workers have taken on. */
  retryAll: workProgress.nullable(),
});
export type WorkProgressReport = z.infer<typeof workProgressReport>;
export type WorkKind = keyof WorkProgressReport;
