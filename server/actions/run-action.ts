import type { z } from 'zod';
import { actionInputs, MAX_ACTION_INPUTS, type ActionName } from '../../shared/actions.js';
import type { Database } from '../db/index.js';
import { AppError, errorMessage, invalidInput, type FieldErrors } from '../errors.js';
import { fieldErrors } from '../http/validation.js';
import { isRemoteError } from '../remote/index.js';
import { syncBankAccounts, type BankAccountsSyncResult } from '../sync/bank-accounts.js';
import type { SyncService } from '../sync/service.js';
import { readAffected, recordActions, type Affected } from './actions.js';

/** `{ "name": [...] }` of input 3 becomes `{ "3.name": [...] }` in a bulk call. */
function prefixed(fields: FieldErrors, index: number | null): FieldErrors {
  if (index === null) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      `${index}.${k === '_' ? '' : k}`.replace(/\.$/, ''),
      v,
    ]),
  );
}

/** One input or a list of them (bulk, like the platform's invocable methods). */
function parseInputs<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { inputs: z.infer<S>[]; bulk: boolean } {
  const bulk = Array.isArray(body);
  const items: unknown[] = bulk ? (body as unknown[]) : [body ?? {}];
  if (bulk && items.length === 0)
    throw invalidInput('Send at least one input', { _: ['must not be an empty list'] });
  if (items.length > MAX_ACTION_INPUTS) {
    throw invalidInput(`Send at most ${MAX_ACTION_INPUTS} inputs at once`, {
      _: [`must hold at most ${MAX_ACTION_INPUTS} inputs`],
    });
  }
  const fields: FieldErrors = {};
  const inputs = items.map((item, index) => {
    const parsed = schema.safeParse(item);
    if (!parsed.success)
      Object.assign(fields, prefixed(fieldErrors(parsed.error), bulk ? index : null));
    return parsed.data as z.infer<S>;
  });
  if (Object.keys(fields).length > 0) throw invalidInput('The action input is not valid', fields);
  return { inputs, bulk };
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

/**
 * Runs one of the spec's actions: validates every input, writes them all in one transaction
 * (any bad input rolls back the lot), then syncs each affected record at once and answers the
 * records as they are after their sync. A remote failure does not fail the call: each record
 * carries its sync state and syncErrorMessage.
 */
export async function runAction(
  deps: { db: Database; sync: SyncService },
  orgId: string,
  name: ActionName,
  body: unknown,
): Promise<unknown[] | BankAccountsSyncResult> {
  if (name === 'BankAccountsSync') {
    parseInputs(actionInputs.BankAccountsSync, body);
    try {
      return await syncBankAccounts(deps.db, deps.sync.remote, orgId);
    } catch (error) {
      if (isRemoteError(error))
        throw new AppError('remote_failed', `Bank accounts could not be synced: ${error.message}`);
      throw error;
    }
  }

  const action = recordActions[name];
  const { inputs, bulk } = parseInputs(actionInputs[name], body);
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
