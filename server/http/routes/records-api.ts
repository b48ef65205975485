import { z } from 'zod';
import * as s from '../../../shared/schemas.js';
import * as linkInputs from '../../../shared/payment-link-inputs.js';
import * as aggregateLinks from '../../domain/aggregate-links.js';
import * as bankAccounts from '../../domain/bank-accounts.js';
import * as clients from '../../domain/clients.js';
import * as matters from '../../domain/matters.js';
import * as paymentLinks from '../../domain/payment-links.js';
import * as transactions from '../../book/transactions/transactions.js';
import { recordRouter } from './records.js';

// The six record types of the spec, each mounted at /api/<name>.

/** A search text: `q`. */
const search = (what: string) =>
  z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional().describe(what);

export const clientsRouter = recordRouter({
  name: 'clients',
  synced: 'client',
  record: s.clientRecord,
  listQuery: s.listQuery.extend({
    q: search('Only clients whose name contains this text (any case)'),
  }),
  read: { list: clients.listClients, get: clients.getClient },
  write: {
    create: s.clientCreate,
    update: s.clientUpdate,
    ops: {
      create: clients.createClient,
      update: clients.updateClient,
      remove: clients.deleteClient,
    },
  },
});

export const mattersRouter = recordRouter({
  name: 'matters',
  synced: 'matter',
  record: s.matterRecord,
  listQuery: s.listQuery.extend({ clientId: s.recordId.optional() }),
  read: { list: matters.listMatters, get: matters.getMatter },
  write: {
    create: s.matterCreate,
    update: s.matterUpdate,
    ops: {
      create: matters.createMatter,
      update: matters.updateMatter,
      remove: matters.deleteMatter,
    },
  },
});

export const paymentLinksRouter = recordRouter({
  name: 'payment-links',
  synced: 'paymentLink',
  record: s.paymentLinkRecord,
  listQuery: s.listQuery.extend({
    clientId: s.recordId.optional(),
    matterId: s.recordId.optional(),
  }),
  read: { list: paymentLinks.listPaymentLinks, get: paymentLinks.getPaymentLink },
  write: {
    create: linkInputs.paymentLinkCreate,
    update: linkInputs.paymentLinkUpdate,
    ops: {
      create: paymentLinks.createPaymentLink,
      update: paymentLinks.updatePaymentLink,
      remove: paymentLinks.deletePaymentLink,
    },
  },
});

export const aggregateLinksRouter = recordRouter({
  name: 'aggregate-links',
  synced: 'aggregateLink',
  record: s.aggregateLinkRecord,
  listQuery: s.listQuery.extend({
    q: search(
      "Only aggregate links whose name, or their payment links' client's name, contains this text (any case)",
    ),
  }),
  read: { list: aggregateLinks.listAggregateLinks, get: aggregateLinks.getAggregateLink },
  write: {
    create: s.aggregateLinkCreate,
    update: s.aggregateLinkUpdate,
    ops: {
      create: aggregateLinks.createAggregateLink,
      update: aggregateLinks.updateAggregateLink,
      remove: aggregateLinks.deleteAggregateLink,
    },
  },
});

export const bankAccountsRouter = recordRouter({
  name: 'bank-accounts',
  record: s.bankAccountRecord,
  listQuery: s.listQuery,
  read: { list: bankAccounts.listBankAccounts, get: bankAccounts.getBankAccount },
});

export const transactionsRouter = recordRouter({
  name: 'transactions',
  record: s.transactionRecord,
  listQuery: s.listQuery.extend({
    paymentLinkId: s.recordId.optional(),
    clientId: s.recordId.optional(),
    paymentPlanId: s.recordId.optional(),
  }),
  read: { list: transactions.listTransactions, get: transactions.getTransaction },
});
