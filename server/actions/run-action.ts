import { MONEY_OUT_ACTIONS, type ActionInput, type ActionName } from '../../shared/actions.js';
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from '../../shared/idempotency.js';
import type { Person } from '../../shared/people.js';
import type { Transaction } from '../../shared/schemas.js';
import type { Outcome } from '../queue/worker.js';
import { requestMoneyOut } from '../money-out/request.js';
import type { Database } from '../db/index.js';
import type { HistoryKey } from '../book/history/history.js';
import { AppError, errorMessage, invalidInput, type FieldErrors } from '../errors.js';
import { isRemoteError } from '../remote/index.js';
import { syncBankAccounts, type BankAccountsSyncResult } from '../sync/bank-accounts.js';
import type { RemoteApi } from '../remote/index.js';
import type { SyncService } from '../sync/service.js';
import { readAffected, recordActions, type Affected } from './actions.js';

/** `{ "name": [...] }` of input 3 becomes `{ "3.name": [...] }` in a bulk call. */
export function prefixed(fields: FieldErrors, index: number | null): FieldErrors {
  if (index === null) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      `${index}.${k === '_' ? '' : k}`.replace(/\.$/, ''),
      v,
    ]),
  );
}

/**
 * Runs a record's job now. A record whose remote call shared a request with another record's
 * refused one was not applied (`batch_interrupted`): it is run again at once, so the answer shows
 * each record's own outcome rather than its neighbour's failure.
 */
async function syncAnswering(
  sync: SyncService,
  orgId: string,
  record: Parameters<SyncService['syncNow']>[1],
  id: string,
) {
  for (let attempt = 1; ; attempt++) {
    const outcome = await sync.syncNow(orgId, record, id);
    const interrupted =
      outcome?.state === 'retrying' &&
      isRemoteError(outcome.error) &&
      outcome.error.code === 'batch_interrupted';
    if (!interrupted || attempt === 3) return outcome;
  }
}

/** An action's inputs as the route validated them: one, or a list (`bulk`) of one or more. */
export interface ActionInputs<A extends ActionName> {
  inputs: ActionInput<A>[];
  bulk: boolean;
  /**
   * The call's Idempotency-Key, for the actions that keep their own record (TransactionRefund,
   * TransactionVoid): an input without its own idempotencyKey takes it (a bulk call's input
   * `i` takes `i:KEY`), so a retried call moves no money twice.
   */
  callKey?: string | undefined;
}

/**
 * Runs one of the spec's actions on inputs validated at the edge (routes/actions.ts): writes
 * them all in one transaction (any input the records refuse rolls back the lot), then syncs each
 * affected record at once and answers the records as they are after their sync. A remote failure
 * does not fail the call: each record carries its sync state and syncErrorMessage.
 */
export async function runAction<A extends ActionName>(
  deps: {
    db: Database;
    historyKey: HistoryKey;
    sync: SyncService;
    remote: RemoteApi;
    runNow(jobId: string): Promise<Outcome | null>;
  },
  caller: { orgId: string; keyId: string | null; person?: Person | null },
  name: A,
  { inputs, bulk, callKey }: ActionInputs<A>,
): Promise<unknown[] | BankAccountsSyncResult> {
  const orgId = caller.orgId;
  if ((MONEY_OUT_ACTIONS as readonly string[]).includes(name)) {
    return runMoneyOutAction(deps, caller, name as MoneyOutAction, inputs as never, bulk, callKey);
  }
  if (name === 'BankAccountsSync') {
    try {
      return await syncBankAccounts(deps.db, deps.remote, orgId);
    } catch (error) {
      if (isRemoteError(error))
        throw new AppError('remote_failed', `Bank accounts could not be synced: ${error.message}`);
      throw error;
    }
  }

  const action = recordActions[name as Exclude<ActionName, 'BankAccountsSync' | MoneyOutAction>];
  const affected = await deps.db.transaction(async (tx) => {
    const out: Affected[] = [];
    for (const [index, input] of inputs.entries()) {
      try {
        out.push(await action.perform(tx, orgId, input as never));
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_input') {
          const fields = (error.details as { fields?: FieldErrors } | undefined)?.fields ?? {};
          throw invalidInput(
            bulk ? `Input ${index}: ${error.message}` : error.message,
            prefixed(fields, bulk ? index : null),
          );
        }
        throw error;
      }
    }
    return out;
  });

  const outcomes = await Promise.all(
    affected.map((a) =>
      syncAnswering(deps.sync, orgId, a.deleted ? 'removeAggregateLink' : a.record, a.id),
    ),
  );
  return Promise.all(
    affected.map((a, i) => {
      const outcome = outcomes[i];
      // A deleted record's remote removal failed: the answer says so, as a record's sync would.
      if (a.deleted && outcome && outcome.state !== 'done') {
        return {
          ...a.deleted,
          syncStatus: outcome.state === 'dead' ? 'error' : 'retrying',
          syncErrorMessage: `The remote aggregate link could not be emptied: ${errorMessage(outcome.error)}`,
        };
      }
      return readAffected(deps.db, orgId, a);
    }),
  );
}

type MoneyOutAction = (typeof MONEY_OUT_ACTIONS)[number];

/** An input's key drawn from the call's (a bulk call's input `i`: `i:KEY`). */
function inputKey(callKey: string | undefined, bulk: boolean, index: number): string | undefined {
  if (callKey === undefined || !bulk) return callKey;
  const key = `${index}:${callKey}`;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalidInput(`The ${IDEMPOTENCY_HEADER} header is too long for a bulk call`, {
      [IDEMPOTENCY_HEADER]: [
        `must leave room for each input's index: at most ${MAX_IDEMPOTENCY_KEY_LENGTH - 1 - String(index).length} characters here`,
      ],
    });
  }
  return key;
}

/**
 * TransactionRefund / TransactionVoid: each input is one refund or void request, exactly once
 * per idempotencyKey, run one after the other; the answer is each original and its reversals.
 * Money that moved stays moved: an input refused after others succeeded fails the call, and
 * sending the same inputs again (same keys) answers those that succeeded without a second move.
 */
async function runMoneyOutAction(
  deps: Parameters<typeof requestMoneyOut>[0],
  caller: { orgId: string; keyId: string | null; person?: Person | null },
  name: MoneyOutAction,
  inputs: (ActionInput<'TransactionRefund'> | ActionInput<'TransactionVoid'>)[],
  bulk: boolean,
  callKey: string | undefined,
): Promise<Transaction[]> {
  const out: Transaction[] = [];
  for (const [index, input] of inputs.entries()) {
    try {
      const { body } = await requestMoneyOut(deps, {
        orgId: caller.orgId,
        kind: name === 'TransactionRefund' ? 'refund' : 'void',
        transactionId: input.transactionId,
        amount: 'amount' in input ? input.amount : undefined,
        reason: input.reason,
        override: input.override,
        idempotencyKey: input.idempotencyKey ?? inputKey(callKey, bulk, index),
        requestedBy: caller.keyId,
        requester: caller.person ? { id: caller.person.id, name: caller.person.name } : null,
      });
      out.push(body.original, ...body.reversals);
    } catch (error) {
      if (bulk && error instanceof AppError) {
        throw new AppError(error.code, `Input ${index}: ${error.message}`, error.details);
      }
      throw error;
    }
  }
  return out;
}
