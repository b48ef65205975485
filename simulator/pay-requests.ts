// Payment requests: `sendPaymentRequest` emails the payment page of a link or an aggregate link.
// The simulator sends no mail: it records each email it would send (GET /_sandbox/emails,
// `sim.payRequests.emails()`), and marks the link as requested, so a payment made on it later
// carries `payRequest { externalId }`.
//
// Behaviour the simulator had to choose (the service documents none of it): the pay request's
// externalId is the link's own externalId (the id the partner gave it; the link's id when it has
// none), since `sendPaymentRequest` takes no externalId of its own; a paid or sealed link is
// refused (CONFLICT); every address must look like an email (BAD_USER_INPUT naming it).
import { aggregateStatus, linkStatus } from './balances.js';
import { badInput, conflict } from './errors.js';
import {
  getAggregateLink,
  getPaymentLink,
  nowIso,
  type AggregateLinkRecord,
  type FirmState,
  type PaymentLinkRecord,
} from './state.js';

export interface SendPaymentRequestInput {
  paymentLinkId?: string | null;
  aggregateLinkId?: string | null;
  emails: string[];
  ccEmails?: string[] | null;
  bccEmails?: string[] | null;
  subject: string;
  message: string;
}

/** One email the service would have sent. */
export interface SentEmail {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string;
  paymentLinkId: string | null;
  aggregateLinkId: string | null;
  /** The page the email links to. */
  url: string;
  sentOn: string;
}

export interface PayRequestState {
  emails: SentEmail[];
  /** Links and aggregate links a request was sent for. */
  requested: Set<string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The firm's pay requests (made on first use: older snapshots have none). */
function stateOf(firm: FirmState & { payRequests?: PayRequestState }): PayRequestState {
  firm.payRequests ??= { emails: [], requested: new Set() };
  return firm.payRequests;
}

function checkEmails(list: readonly string[], field: string): string[] {
  const bad = list.filter((e) => !EMAIL.test(e));
  if (bad.length > 0) throw badInput(`${field}: not valid email addresses: ${bad.join(', ')}`);
  return [...list];
}

export function sendPaymentRequest(
  firm: FirmState,
  input: SendPaymentRequestInput,
  baseUrl: string,
): boolean {
  if (Boolean(input.paymentLinkId) === Boolean(input.aggregateLinkId)) {
    throw badInput('Give exactly one of paymentLinkId and aggregateLinkId');
  }
  if (input.emails.length === 0) throw badInput('emails: give at least one address');
  const to = checkEmails(input.emails, 'emails');
  const cc = checkEmails(input.ccEmails ?? [], 'ccEmails');
  const bcc = checkEmails(input.bccEmails ?? [], 'bccEmails');
  let id: string;
  let status: string;
  if (input.paymentLinkId) {
    const link: PaymentLinkRecord = getPaymentLink(firm, input.paymentLinkId);
    id = link.id;
    status = linkStatus(firm, link);
  } else {
    const aggregate: AggregateLinkRecord = getAggregateLink(firm, input.aggregateLinkId as string);
    id = aggregate.id;
    status = aggregateStatus(firm, aggregate);
  }
  if (status === 'paid' || status === 'sealed') {
    throw conflict(`The payment link ${id} is ${status}: no request is sent`);
  }
  const state = stateOf(firm);
  state.requested.add(id);
  state.emails.push({
    to,
    cc,
    bcc,
    subject: input.subject,
    message: input.message,
    paymentLinkId: input.paymentLinkId ?? null,
    aggregateLinkId: input.aggregateLinkId ?? null,
    url: `${baseUrl.replace(/\/$/, '')}/pay/${id}`,
    sentOn: nowIso(),
  });
  return true;
}

/** The emails recorded for the firm, oldest first. */
export const sentEmails = (firm: FirmState): SentEmail[] => [...stateOf(firm).emails];

/**
 * The `payRequest.externalId` of a payment made now on `link` (through `aggregateId` when
 * given): null unless a request was sent for the link or the aggregate it was paid through.
 */
export function payRequestFor(
  firm: FirmState,
  link: PaymentLinkRecord,
  aggregateId: string | null,
): string | null {
  const { requested } = stateOf(firm);
  if (aggregateId && requested.has(aggregateId)) {
    const aggregate = firm.aggregateLinks.get(aggregateId);
    return aggregate?.externalId ?? aggregateId;
  }
  return requested.has(link.id) ? (link.externalId ?? link.id) : null;
}
