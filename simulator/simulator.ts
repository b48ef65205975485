// createSimulator(): the simulated remote payment service. The main server mounts `app` (e.g. at
// /simulator); tests serve it on 127.0.0.1:0; `npm run simulator` runs it alone (main.ts).
import { sentEmails, type SentEmail } from './pay-requests.js';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { createSimulatorApp } from './app.js';
import { FaultBox, type Fault, type FaultSpec } from './faults.js';
import { FirmRegistry, firmInfo, type FirmInfo } from './firms.js';
import { buildExecutableSchema } from './graphql-endpoint.js';
import { createIdSource } from './ids.js';
import * as ledger from './ledger.js';
import * as lifecycle from './lifecycle.js';
import * as clock from './sandbox-clock.js';
import * as moneyOut from './money-out.js';
import * as chargebacks from './chargebacks.js';
import * as statements from './statements.js';
import { RateLimiter, type FirmStats, type LimitOptions } from './limits.js';
import { resolvers } from './resolvers/index.js';
import type { BankAccountRecord, FirmInit, FirmState, TransactionRecord } from './state.js';
import type { Delivery, WebhookEvent } from './webhook-delivery.js';
import {
  WebhookDispatcher,
  type DeliveryMode,
  type EmittedEvent,
  type WebhookOptions,
} from './webhooks.js';

import { restoreFirm, snapshotFirm, type SimulatorSnapshot } from './snapshot.js';
import type { SplitSettings } from './split-payments.js';

export type { SimulatorSnapshot };

export interface SimulatorOptions {
  /** Firms to create at start (each gets three seeded bank accounts). */
  firms?: FirmInit[];
  /** Unknown API keys starting with this prefix create a firm on first use. Default: off (401). */
  autoCreateFirmKeyPrefix?: string;
  /** Allow `POST /_sandbox/firms` without a key. Default true. */
  openFirmCreation?: boolean;
  /** Base of payment link URLs (`<base>/pay/<id>`). Default: the address the request used. */
  publicBaseUrl?: string;
  /** Firms to bring back as a snapshot left them (see `snapshot()`). */
  restore?: SimulatorSnapshot;
  /** Makes ids, keys and secrets deterministic. */
  seed?: string | number;
  limits?: LimitOptions;
  webhooks?: WebhookOptions;
  /** Which transaction reversal events name; default `reversing`, no void transaction. */
  reversals?: Partial<ledger.ReversalSettings>;
  /** Which transactions of a split payment `transaction.created` names; default `each`. */
  splitPayments?: Partial<SplitSettings>;
  logger?: Logger;
}

/** A firm given by its id or its API key. */
type FirmRef = string;

export interface Simulator {
  /** Hono app: `POST /` GraphQL, `/_sandbox/*` admin API, `/pay/:id` pay page. */
  app: Hono;
  createFirm(init?: FirmInit): FirmInfo;
  firms(): FirmInfo[];
  /** The live state of a firm (read it in tests; write through the functions below). */
  firm(ref: FirmRef): FirmState;
  sandbox: {
    payPaymentLink(
      firm: FirmRef,
      linkId: string,
      options?: ledger.PayOptions,
    ): ReturnType<typeof ledger.payPaymentLink>;
    payAggregatePaymentLink(
      firm: FirmRef,
      aggregateId: string,
      options?: ledger.PayOptions,
    ): ReturnType<typeof ledger.payAggregateLink>;
    moveToFundsInTransit(firm: FirmRef, transactionId: string): TransactionRecord;
    moveToDeposited(firm: FirmRef, transactionId: string, depositId?: string): TransactionRecord;
    /** Every payment not deposited yet, into one new deposit (the processor's batch). */
    settle(firm: FirmRef): TransactionRecord[];
    achReturn(
      firm: FirmRef,
      transactionId: string,
      reason?: { code?: string; reason?: string },
    ): TransactionRecord;
    refund(firm: FirmRef, transactionId: string, amount?: number): TransactionRecord;
    chargeback(
      firm: FirmRef,
      transactionId: string,
      options?: chargebacks.ChargebackOptions,
    ): TransactionRecord;
    chargebackReversal(
      firm: FirmRef,
      transactionId: string,
      options?: chargebacks.ChargebackOptions,
    ): TransactionRecord;
    /** A month's statement (default debits: its fees, from the fee account); `statement.created`. */
    createStatement(
      firm: FirmRef,
      input: statements.CreateStatementInput,
    ): statements.StatementRecord;
    void(firm: FirmRef, transactionId: string): TransactionRecord;
    createTransaction(firm: FirmRef, init: ledger.CreateTransactionInit): TransactionRecord;
    sealPaymentLink(firm: FirmRef, linkId: string): void;
    /** Any event kind, e.g. `firm.updated`; data defaults to `{}`. */
    emitEvent(firm: FirmRef, type: string, data?: Record<string, unknown>): WebhookEvent;
    /** Moves the firm's clock (`{ days }` or `{ to }`), making the plan charges due meanwhile. */
    advanceClock(
      firm: FirmRef,
      by: { days?: number; to?: string },
    ): ReturnType<typeof clock.advanceClock>;
    /** The client enrols a payment method on a plan (it becomes active). */
    enrollSubscription(
      firm: FirmRef,
      subscriptionId: string,
      options?: Parameters<typeof clock.enrollSubscription>[2],
    ): void;
    /** Opens another bank account at the firm (a second trust account), not its default. */
    addBankAccount(
      firm: FirmRef,
      account: { nickname: string; category: 'operating' | 'trust'; lastFour: string },
    ): BankAccountRecord;
  };
  webhooks: {
    setMode(firm: FirmRef, mode: DeliveryMode): void;
    events(firm: FirmRef): EmittedEvent[];
    deliveries(firm?: FirmRef): Delivery[];
    redeliver(firm: FirmRef, eventId: string, webhookUrlId?: string): Delivery[];
    deliverBatch(firm: FirmRef, eventIds: string[]): Delivery[];
    flush(
      firm: FirmRef,
      options?: { order?: 'fifo' | 'reverse'; batch?: boolean },
    ): Promise<Delivery[]>;
    retryNow(firm?: FirmRef): number;
    /** Resolves once no delivery attempt is in flight. */
    settled(): Promise<void>;
  };
  faults: {
    inject(firm: FirmRef, spec: FaultSpec): Fault;
    list(firm: FirmRef): Fault[];
    clear(firm: FirmRef): void;
  };
  /** Payment requests (pay-requests.ts): the emails the service would have sent. */
  payRequests: { emails(firm: FirmRef): SentEmail[] };
  /** Refund and void requests (money-out.ts). */
  moneyOut: {
    /** What the next `count` transactionRefund / transactionVoid calls answer. */
    nextOutcome(firm: FirmRef, spec: moneyOut.OutcomeSpec): void;
    /** Finishes an AWAITING_RESULT request and sends its `…_request.completed` webhook. */
    complete(
      firm: FirmRef,
      requestId: string,
      outcome?: Parameters<typeof moneyOut.completeRequest>[3],
    ): moneyOut.MoneyOutRequestRecord;
    requests(firm: FirmRef): moneyOut.MoneyOutRequestRecord[];
    /** The body of the next `…_request.completed` webhooks (see COMPLETION_SHAPES). */
    completionShape(firm: FirmRef, shape: moneyOut.CompletionShape): void;
    /** How transactionVoidDetails refuses (see VOID_REFUSAL_SHAPES). */
    voidRefusal(firm: FirmRef, shape: moneyOut.VoidRefusalShape): void;
  };
  /** Switches the shape of the next reversal events (see ReversalSettings). */
  setReversals(settings: Partial<ledger.ReversalSettings>): ledger.ReversalSettings;
  /** Which transactions of a split payment its events name (every firm). */
  setSplitPayments(settings: Partial<SplitSettings>): SplitSettings;
  /** Every firm's state as plain JSON, for `restore`. */
  snapshot(): SimulatorSnapshot;
  stats(firm: FirmRef): FirmStats;
  resetStats(firm: FirmRef): void;
  /** Stops retries and in-flight deliveries; leaves no timer behind. */
  close(): Promise<void>;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const ids = createIdSource(options.seed);
  const registry = new FirmRegistry(ids, options.autoCreateFirmKeyPrefix);
  const limiter = new RateLimiter(options.limits);
  const faults = new FaultBox();
  const webhooks = new WebhookDispatcher(
    options.webhooks ?? {},
    ids,
    faults,
    (id) => registry.byFirmId(id),
    options.logger,
  );
  const env: ledger.LedgerEnv = {
    ids,
    emit: (firm, events) => void webhooks.emit(firm, events),
    webhookLog: (firm, urlId) => webhooks.eventLog(firm.id, urlId),
    resendWebhookEvent: (firm, eventId, urlId) => webhooks.resend(firm, eventId, urlId),
    reversals: { events: 'reversing', voidTransaction: false, ...options.reversals },
    split: { events: 'each', ...options.splitPayments },
  };
  for (const saved of options.restore?.firms ?? []) registry.restore(restoreFirm(saved));
  for (const init of options.firms ?? []) registry.create(init);

  const app = createSimulatorApp({
    registry,
    limiter,
    faults,
    webhooks,
    ledger: env,
    ids,
    schema: buildExecutableSchema(resolvers),
    publicBaseUrl: options.publicBaseUrl,
    openFirmCreation: options.openFirmCreation ?? true,
    logger: options.logger,
  });

  const firm = (ref: FirmRef) => registry.get(ref);
  return {
    app,
    createFirm: (init) => firmInfo(registry.create(init)),
    firms: () => registry.all().map(firmInfo),
    firm,
    sandbox: {
      payPaymentLink: (ref, linkId, pay) => ledger.payPaymentLink(env, firm(ref), linkId, pay),
      payAggregatePaymentLink: (ref, id, pay) => ledger.payAggregateLink(env, firm(ref), id, pay),
      moveToFundsInTransit: (ref, id) => lifecycle.moveToFundsInTransit(env, firm(ref), id),
      moveToDeposited: (ref, id, depositId) =>
        lifecycle.moveToDeposited(env, firm(ref), id, depositId),
      settle: (ref) => lifecycle.settlePayments(env, firm(ref)),
      achReturn: (ref, id, reason) => lifecycle.triggerAchReturn(env, firm(ref), id, reason),
      refund: (ref, id, amount) => lifecycle.refundTransaction(env, firm(ref), id, amount),
      void: (ref, id) => lifecycle.voidTransaction(env, firm(ref), id),
      chargeback: (ref, id, o) => chargebacks.triggerChargeback(env, firm(ref), id, o),
      chargebackReversal: (ref, id, o) =>
        chargebacks.triggerChargebackReversal(env, firm(ref), id, o),
      createStatement: (ref, input) => statements.createStatement(env, firm(ref), input),
      createTransaction: (ref, init) => ledger.createTransaction(env, firm(ref), init),
      sealPaymentLink: (ref, id) => void ledger.sealPaymentLink(firm(ref), id),
      advanceClock: (ref, by) => clock.advanceClock(env, firm(ref), by),
      enrollSubscription: (ref, id, o) => void clock.enrollSubscription(firm(ref), id, o),
      addBankAccount: (ref, account) => {
        const added = {
          ...account,
          id: ids.uuid(),
          isDefault: false,
          accountType: 'checking',
          routingNumber: '110000000',
        };
        firm(ref).bankAccounts.push(added);
        return added;
      },
      emitEvent: (ref, type, data = {}) => {
        const [event] = webhooks.emit(firm(ref), [{ type, data }]);
        return event as WebhookEvent;
      },
    },
    webhooks: {
      setMode: (ref, mode) => webhooks.setMode(firm(ref).id, mode),
      events: (ref) => webhooks.events(firm(ref).id),
      deliveries: (ref) => webhooks.deliveries(ref === undefined ? undefined : firm(ref).id),
      redeliver: (ref, eventId, urlId) => webhooks.redeliver(firm(ref), eventId, urlId),
      deliverBatch: (ref, eventIds) => webhooks.deliverBatch(firm(ref), eventIds),
      flush: (ref, flushOptions) => webhooks.flush(firm(ref), flushOptions),
      retryNow: (ref) => webhooks.retryNow(ref === undefined ? undefined : firm(ref).id),
      settled: () => webhooks.settled(),
    },
    faults: {
      inject: (ref, spec) => faults.inject(firm(ref).id, spec),
      list: (ref) => faults.list(firm(ref).id),
      clear: (ref) => faults.clear(firm(ref).id),
    },
    payRequests: { emails: (ref) => sentEmails(firm(ref)) },
    moneyOut: {
      nextOutcome: (ref, spec) => moneyOut.queueOutcome(firm(ref), spec),
      complete: (ref, id, outcome) => moneyOut.completeRequest(env, firm(ref), id, outcome),
      requests: (ref) => [...firm(ref).moneyOut.requests.values()],
      completionShape: (ref, shape) => {
        firm(ref).moneyOut.completionShape = shape;
      },
      voidRefusal: (ref, shape) => {
        firm(ref).moneyOut.voidRefusal = shape;
      },
    },
    setReversals: (settings) => Object.assign(env.reversals, settings),
    setSplitPayments: (settings) => Object.assign(env.split, settings),
    snapshot: () => ({ version: 1, firms: registry.all().map(snapshotFirm) }),
    stats: (ref) => limiter.stats(firm(ref).id),
    resetStats: (ref) => limiter.resetStats(firm(ref).id),
    close: () => webhooks.close(),
  };
}
