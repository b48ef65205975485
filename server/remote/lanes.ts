import type { Lane } from './limiter.js';

// Which lane of the budget a request takes (limiter.ts), by its operation: the transactions the
// webhook pipeline and the reconciliation fetch are the backlog (thousands at once after an
// outage or a flood of events); every other request (record syncs, lookups, actions, settings,
// the healing probe) is a sync, served first and never left without budget by a backlog.

const BACKLOG_OPERATIONS = new Set(['GetTransaction', 'ListTransactions']);

/** `GetTransaction`, or a batch of it (`Batch_GetTransaction_x50`): the backlog. */
export function laneOf(operationName: string | undefined): Lane {
  const name = operationName?.replace(/^Batch_/, '').replace(/_x\d+$/, '') ?? '';
  return BACKLOG_OPERATIONS.has(name) ? 'backlog' : 'sync';
}
