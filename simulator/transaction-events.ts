import type { IdSource } from './ids.js';
import type { TransactionEventProps } from './firm-records.js';
import type { TransactionRecord, TransactionStatus } from './state.js';

// A transaction's log at the service (`Transaction.events`): an entry when it is created and at
// each change of status, with the status and settlement date before and after. The schema types
// `TransactionEvent.type` as free text (no enum), so the names here are the simulator's own:
// created, status_changed, settled (the deposit).

const propsOf = (t: TransactionRecord): TransactionEventProps => ({
  status2: t.status,
  settledOn: t.settledOn,
});

/** Logs the creation of `t` (call once it holds its first state). */
export function logCreated(ids: IdSource, t: TransactionRecord): void {
  log(ids, t, 'created', null);
}

/** Moves `t` to `status` (and settles it when `settledOn` is given), logging the change. */
export function changeStatus(
  ids: IdSource,
  t: TransactionRecord,
  status: TransactionStatus,
  at: string,
  settledOn?: string,
): void {
  const before = propsOf(t);
  t.status = status;
  t.updatedOn = at;
  if (settledOn !== undefined) t.settledOn = settledOn;
  log(ids, t, settledOn !== undefined ? 'settled' : 'status_changed', before);
}

function log(
  ids: IdSource,
  t: TransactionRecord,
  type: string,
  oldProps: TransactionEventProps | null,
): void {
  (t.events ??= []).push({
    id: ids.uuid(),
    date: t.updatedOn,
    type,
    typeId: null,
    creator: null,
    data: { transactionType: t.type, oldProps, newProps: propsOf(t) },
  });
}
