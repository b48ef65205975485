import type { MoneyOutKind } from '../../../shared/money-out.js';
import { SUPPORTED_WEBHOOK_KINDS, type SupportedWebhookKind } from '../../../shared/webhooks.js';
import { invalidInput } from '../../errors.js';
import { findTextProblem } from '../../security/text.js';

// The webhook body (FACTS.md): a JSON array of events, each
// `{ type, eventId, firmId, data: { transaction: { id } } }`; a single event object is accepted
// too. Payloads carry ids only, so what we keep of an event is its kind, its id and the remote
// transaction ids it names.

export interface ReceivedEvent {
  eventId: string;
  type: string;
  /** The event as received, stored in the inbox. */
  payload: Record<string, unknown>;
  /** Remote transaction ids named by the event (empty for kinds we ignore). */
  transactionIds: string[];
}

const MAX_ID_LENGTH = 100;
/** Remote ids are uuids; our columns are Text(36). */
const TRANSACTION_ID = /^[A-Za-z0-9-]{1,36}$/;

const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_WEBHOOK_KINDS);

/** Ours, or another `transaction.*` kind (the remote's chargeback kinds are not documented). */
export const isSupportedKind = (type: string): type is SupportedWebhookKind =>
  SUPPORTED.has(type) || /^transaction\.[a-z_]{1,60}$/.test(type);

/** The statements a `statement.created` event asks to fetch (refs `statements:<YYYY-MM>`). */
const STATEMENTS_REF = /^statements:(\d{4}-\d{2}|recent)$/;

/**
 * The month of a `statement.created` event: the remote documents no body, so `data.statement
 * .month`, `data.month` (a month, a date or a date-time) are read; without one (an id only, or
 * nothing) the recent months are fetched.
 */
function statementRefsOf(data: unknown): string[] {
  const month = (value: unknown) =>
    typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])/.test(value) ? value.slice(0, 7) : null;
  const found = isObject(data)
    ? (month(isObject(data.statement) ? data.statement.month : undefined) ?? month(data.month))
    : null;
  return [`statements:${found ?? 'recent'}`];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every transaction id the event's data names: `data.transaction.id` and the ids of any
 * original / refund / return transaction it carries (`data.originalTransaction.id`,
 * `data.transaction.originalTransactionId`, ...). The remote documents only the first; the rest
 * is read defensively so an event that names more never loses them.
 */
export function transactionIdsOf(data: unknown): string[] {
  if (!isObject(data)) return [];
  const ids = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && TRANSACTION_ID.test(value)) ids.add(value);
  };
  for (const [key, value] of Object.entries(data)) {
    if (/transactionId$/i.test(key)) add(value);
    else if (/transaction$/i.test(key) && isObject(value)) {
      add(value.id);
      add(value.originalTransactionId);
    }
  }
  return [...ids];
}

/**
 * A request a `refund_request.completed` / `void_request.completed` event names, as a ref:
 * `refund_request:<id>` (the service's id), `refund_request:external:<externalId>` (ours), or
 * `refund_request:payment:<transaction id>` (only a transaction was named: the payment, or a
 * reversal whose original is the payment; our open requests for that payment are looked up).
 */
const REQUEST_REF = /^(refund|void)_request:(?:(external|payment):)?(.+)$/;

/** An externalId as a request may carry it (ours are uuid-shaped; others are not refused). */
const EXTERNAL_ID = /^[\x21-\x7e]{1,255}$/;

/** Kinds whose event completes one of our refund or void requests. */
export const completionKindOf = (type: string) => /^(refund|void)_request\./.exec(type)?.[1];

/**
 * What an event names: its transactions, and for the completion of a refund or void request the
 * request. The remote documents no body for these, so every plausible shape is read: the
 * request under `data.refundRequest` / `data.voidRequest` / `data.request`, or flat
 * (`data.id`, `data.externalId`), each by its id else its externalId; failing those, the
 * transaction it names (`data.transaction.id`…), which leads to our requests for that payment.
 */
export function eventRefsOf(type: string, data: unknown): string[] {
  if (!isSupportedKind(type)) return [];
  if (type === 'statement.created') return statementRefsOf(data);
  const refs = transactionIdsOf(data);
  const kind = completionKindOf(type);
  if (!kind || !isObject(data)) return refs;
  const requests: string[] = [];
  for (const request of [data[`${kind}Request`], data.request, data]) {
    if (!isObject(request)) continue;
    const { id, externalId } = request;
    if (typeof id === 'string' && TRANSACTION_ID.test(id)) requests.push(`${kind}_request:${id}`);
    else if (typeof externalId === 'string' && EXTERNAL_ID.test(externalId)) {
      requests.push(`${kind}_request:external:${externalId}`);
    }
  }
  if (requests.length === 0) requests.push(...refs.map((id) => `${kind}_request:payment:${id}`));
  return [...new Set([...refs, ...requests])];
}

/** A refund or void request an event names: by the service's id, our externalId, or a payment. */
export interface RequestRef {
  kind: MoneyOutKind;
  by: 'id' | 'external' | 'payment';
  value: string;
}

/** What an event names, read back from its stored refs (eventRefsOf) in one place. */
interface EventRefs {
  transactions: string[];
  requests: RequestRef[];
  /** Months (`YYYY-MM`), or `recent` for an event that named none. */
  statements: string[];
}

/** The stored refs of an event (its `transactionIds`), typed. */
export function readEventRefs(refs: readonly string[]): EventRefs {
  const read: EventRefs = { transactions: [], requests: [], statements: [] };
  for (const ref of refs) {
    const statement = STATEMENTS_REF.exec(ref);
    const request = REQUEST_REF.exec(ref);
    if (statement?.[1]) read.statements.push(statement[1]);
    else if (request?.[3]) {
      const by = request[2] === 'external' || request[2] === 'payment' ? request[2] : 'id';
      read.requests.push({ kind: request[1] as MoneyOutKind, by, value: request[3] });
    } else read.transactions.push(ref);
  }
  return read;
}

function readEvent(value: unknown, index: number): ReceivedEvent {
  const where = `events.${index}`;
  if (!isObject(value))
    throw invalidInput('Each event must be an object', { [where]: ['must be an object'] });
  const { type, eventId } = value;
  const fields: Record<string, string[]> = {};
  if (typeof type !== 'string' || type.length === 0 || type.length > MAX_ID_LENGTH) {
    fields[`${where}.type`] = [`must be a text of 1 to ${MAX_ID_LENGTH} characters`];
  }
  if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > MAX_ID_LENGTH) {
    fields[`${where}.eventId`] = [`must be a text of 1 to ${MAX_ID_LENGTH} characters`];
  }
  if (Object.keys(fields).length > 0) {
    throw invalidInput('Every event needs a type and an eventId', fields);
  }
  const kind = type as string;
  return {
    eventId: eventId as string,
    type: kind,
    payload: value,
    transactionIds: eventRefsOf(kind, value.data),
  };
}

/**
 * The events of a verified body. Throws `invalid_input` (400) for anything that is not JSON, not
 * an event or an array of events, or an event without `type` or `eventId`: nothing is stored then.
 */
export function parseEvents(raw: Uint8Array): ReceivedEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    throw invalidInput('The webhook body is not valid JSON');
  }
  const list = Array.isArray(body) ? body : isObject(body) ? [body] : null;
  if (!list) throw invalidInput('The webhook body must be an event or an array of events');
  // Text PostgreSQL cannot store (NUL, a lone surrogate) or nesting no event has: refused here,
  // as this request's own 400, rather than failing the write it would share with others.
  const problem = findTextProblem(list, { prefix: 'events' });
  if (problem) {
    throw invalidInput(`The webhook body cannot be stored: ${problem.path} ${problem.message}`, {
      [problem.path]: [problem.message],
    });
  }
  return list.map(readEvent);
}
