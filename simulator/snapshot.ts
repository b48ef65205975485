// A firm's whole state as plain JSON and back, so a simulator can outlive its process (the
// demo keeps one in the data folder beside the embedded database that refers to its ids).
import type {
  AggregateLinkRecord,
  ClientRecord,
  FirmState,
  MatterRecord,
  PaymentLinkRecord,
  PaymentRecord,
  TransactionRecord,
  WebhookUrlRecord,
} from './state.js';
import {
  emptyMoneyOut,
  type MoneyOutRequestRecord,
  type StatementRecord,
  type SubscriptionRecord,
} from './firm-records.js';

interface FirmSnapshot {
  id: string;
  name: string;
  apiKey: string;
  bankAccounts: FirmState['bankAccounts'];
  clients: ClientRecord[];
  matters: MatterRecord[];
  paymentLinks: PaymentLinkRecord[];
  aggregateLinks: AggregateLinkRecord[];
  payments: PaymentRecord[];
  transactions: TransactionRecord[];
  webhookUrls: WebhookUrlRecord[];
  /** Absent in snapshots written before refund and void requests existed. */
  moneyOutRequests?: MoneyOutRequestRecord[];
  /** Absent in snapshots written before statements existed. */
  statements?: StatementRecord[];
  /** Absent in snapshots written before payment plans existed. */
  subscriptions?: SubscriptionRecord[];
  /** The sandbox clock's day (null: the real date). */
  today?: string | null;
  nextSeq: number;
}

export interface SimulatorSnapshot {
  version: 1;
  firms: FirmSnapshot[];
}

export function snapshotFirm(firm: FirmState): FirmSnapshot {
  return {
    id: firm.id,
    name: firm.name,
    apiKey: firm.apiKey,
    bankAccounts: firm.bankAccounts,
    clients: [...firm.clients.values()],
    matters: [...firm.matters.values()],
    paymentLinks: [...firm.paymentLinks.values()],
    aggregateLinks: [...firm.aggregateLinks.values()],
    payments: [...firm.payments.values()],
    transactions: [...firm.transactions.values()],
    webhookUrls: [...firm.webhookUrls.values()],
    moneyOutRequests: [...firm.moneyOut.requests.values()],
    statements: [...firm.statements.values()],
    subscriptions: [...firm.plans.subscriptions.values()],
    today: firm.plans.today,
    nextSeq: firm.nextSeq,
  };
}

const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((r) => [r.id, r]));

export function restoreFirm(snapshot: FirmSnapshot): FirmState {
  const transactions = [...snapshot.transactions].sort((a, b) => a.seq - b.seq);
  // The link → transactions index is derived, so it is rebuilt rather than stored.
  const linkTransactions = new Map<string, TransactionRecord[]>();
  for (const tx of transactions) {
    if (!tx.paymentLinkId) continue;
    const list = linkTransactions.get(tx.paymentLinkId) ?? [];
    list.push(tx);
    linkTransactions.set(tx.paymentLinkId, list);
  }
  return {
    id: snapshot.id,
    name: snapshot.name,
    apiKey: snapshot.apiKey,
    bankAccounts: snapshot.bankAccounts,
    clients: byId(snapshot.clients),
    matters: byId(snapshot.matters),
    paymentLinks: byId(snapshot.paymentLinks),
    aggregateLinks: byId(snapshot.aggregateLinks),
    payments: byId(snapshot.payments),
    transactions: byId(transactions),
    webhookUrls: byId(snapshot.webhookUrls),
    linkTransactions,
    moneyOut: { ...emptyMoneyOut(), requests: byId(snapshot.moneyOutRequests ?? []) },
    statements: byId(snapshot.statements ?? []),
    plans: { subscriptions: byId(snapshot.subscriptions ?? []), today: snapshot.today ?? null },
    nextSeq: snapshot.nextSeq,
  };
}
