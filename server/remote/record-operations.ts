// The builders of the records we keep in step with the remote: clients, matters, payment links
// and aggregate links (their writes and their look-ups), and the bank accounts they pay into.
// Part of the one table of operations (operations.ts).

import type {
  AddAggregateLinkInput,
  AddClientInput,
  AddMatterInput,
  AddPaymentLinkInput,
  PaymentLinkOptionsInput,
  RemoteAggregateLink,
  RemoteBankAccount,
  RemoteClient,
  RemoteMatter,
  RemotePaymentLink,
  UpdateAggregateLinkInput,
  UpdateClientInput,
  UpdateMatterInput,
  UpdatePaymentLinkInput,
} from './types.js';
import {
  aggregateLinkSchema,
  bankAccountsListSchema,
  clientSchema,
  matterSchema,
  paymentLinkAggregatesSchema,
  paymentLinkSchema,
} from './wire.js';
import { lookup, operation, orNull, type RemoteOperation } from './operation.js';
import { defined, ids, invalid, linkAmounts, optional, required } from './variables.js';

/** A link's options as the remote names them; absent ones are not sent. */
const linkOptions = (input: PaymentLinkOptionsInput) => ({
  paymentMethodsAllowed: input.paymentMethodsAllowed && [...input.paymentMethodsAllowed],
  partialPaymentAllowed: input.partialPaymentAllowed,
  sendReceipts: input.sendReceipts,
});

/**
 * A client's or a matter's update: its id, and what changes of its name (the remote calls a
 * client's `clientName`) and externalId.
 */
function nameUpdate(
  input: UpdateClientInput | UpdateMatterInput,
  nameField: 'clientName' | 'name',
): { input: Record<string, unknown> } {
  const id = required(input.id, 'id');
  const name = optional(input.name, 'name');
  return { input: defined({ id, [nameField]: name, externalId: input.externalId }) };
}

export const recordOperations = {
  addClient(input: AddClientInput): RemoteOperation<RemoteClient> {
    const clientName = required(input.name, 'name');
    return operation(
      'AddClient',
      { input: defined({ clientName, externalId: input.externalId }) },
      clientSchema,
    );
  },

  updateClient(input: UpdateClientInput): RemoteOperation<RemoteClient> {
    return operation('UpdateClient', nameUpdate(input, 'clientName'), clientSchema);
  },

  addMatter(input: AddMatterInput): RemoteOperation<RemoteMatter> {
    const clientId = required(input.clientId, 'clientId');
    const name = required(input.name, 'name');
    const variables = { input: defined({ clientId, name, externalId: input.externalId }) };
    return operation('AddMatter', variables, matterSchema);
  },

  updateMatter(input: UpdateMatterInput): RemoteOperation<RemoteMatter> {
    return operation('UpdateMatter', nameUpdate(input, 'name'), matterSchema);
  },

  addPaymentLink(input: AddPaymentLinkInput): RemoteOperation<RemotePaymentLink> {
    const variables = {
      input: defined({
        clientId: required(input.clientId, 'clientId'),
        matterId: input.matterId ?? undefined,
        amounts: linkAmounts(input),
        memo: input.memo ?? undefined,
        externalId: input.externalId,
        ...linkOptions(input),
        surchargeEnabled: input.surchargeEnabled,
      }),
    };
    return operation('AddPaymentLink', variables, paymentLinkSchema);
  },

  updatePaymentLink(input: UpdatePaymentLinkInput): RemoteOperation<RemotePaymentLink> {
    const single = input.amount !== undefined || input.bankAccountId !== undefined;
    if (single && (input.amount === undefined || input.bankAccountId === undefined)) {
      invalid('amount and bankAccountId must be given together');
    }
    if (single && input.amounts !== undefined) invalid('give amounts, or amount and bankAccountId');
    const amounts = single || input.amounts ? linkAmounts(input) : undefined;
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        clientId: input.clientId,
        matterId: input.matterId,
        memo: input.memo,
        amounts,
        ...linkOptions(input),
      }),
    };
    return operation('UpdatePaymentLink', variables, paymentLinkSchema);
  },

  removePaymentLink(id: string): RemoteOperation<RemotePaymentLink> {
    return operation('RemovePaymentLink', { input: { id: required(id, 'id') } }, paymentLinkSchema);
  },

  addAggregatePaymentLink(input: AddAggregateLinkInput): RemoteOperation<RemoteAggregateLink> {
    if (input.paymentLinkIds.length === 0)
      invalid('paymentLinkIds must name at least one payment link');
    const variables = {
      input: defined({
        paymentLinkIds: ids(input.paymentLinkIds, 'paymentLinkIds'),
        memo: input.memo ?? undefined,
        externalId: input.externalId,
      }),
    };
    return operation('AddAggregatePaymentLink', variables, aggregateLinkSchema);
  },

  updateAggregatePaymentLink(
    input: UpdateAggregateLinkInput,
  ): RemoteOperation<RemoteAggregateLink> {
    // An empty list is how an aggregate link is retired: the remote has no delete, and an
    // aggregate without links takes no payment.
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        paymentLinkIds: input.paymentLinkIds && ids(input.paymentLinkIds, 'paymentLinkIds'),
        memo: input.memo,
      }),
    };
    return operation('UpdateAggregatePaymentLink', variables, aggregateLinkSchema);
  },

  listBankAccounts(): RemoteOperation<RemoteBankAccount[]> {
    return operation('ListBankAccounts', {}, bankAccountsListSchema);
  },

  /** null when the remote has no record with this externalId. */
  findClientByExternalId(externalId: string): RemoteOperation<RemoteClient | null> {
    return lookup('FindClientByExternalId', externalId, clientSchema);
  },

  findMatterByExternalId(externalId: string): RemoteOperation<RemoteMatter | null> {
    return lookup('FindMatterByExternalId', externalId, matterSchema);
  },

  findPaymentLinkByExternalId(externalId: string): RemoteOperation<RemotePaymentLink | null> {
    return lookup('FindPaymentLinkByExternalId', externalId, paymentLinkSchema);
  },

  /** The aggregate links holding a payment link; null when the remote has no such link. */
  findPaymentLinkAggregates(paymentLinkId: string): RemoteOperation<RemoteAggregateLink[] | null> {
    return orNull(
      operation(
        'FindPaymentLinkAggregates',
        // The remote's page size is 10 by default; a link is rarely in more than a few.
        { id: required(paymentLinkId, 'paymentLinkId'), first: 100 },
        paymentLinkAggregatesSchema,
      ),
    );
  },
};
