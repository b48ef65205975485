// Clients, matters, payment links and aggregate payment links: the write side of the GraphQL
// mutations. Inputs arrive already coerced by graphql-js: an omitted field is undefined, an
// explicit null is null.
import { badInput, conflict, SimulatorError } from './errors.js';
import type { IdSource } from './ids.js';
import {
  defaultBankAccount,
  findByExternalId,
  getAggregateLink,
  getBankAccount,
  getClient,
  getMatter,
  getPaymentLink,
  nowIso,
  type AddressRecord,
  type AggregateLinkRecord,
  type AmountRecord,
  type ClientRecord,
  type FirmState,
  type LinkPaymentMethod,
  type MatterRecord,
  type Maybe,
  type PaymentLinkRecord,
} from './state.js';

interface AddressInput {
  city?: Maybe<string>;
  line1?: Maybe<string>;
  line2?: Maybe<string>;
  state?: Maybe<string>;
  zip?: Maybe<string>;
}

interface ClientFields {
  address?: Maybe<AddressInput>;
  email?: Maybe<string>;
  externalId?: Maybe<string>;
  firstName?: Maybe<string>;
  lastName?: Maybe<string>;
  phone?: Maybe<string>;
  surchargeEnabled?: Maybe<boolean>;
}
export interface AddClientInput extends ClientFields {
  clientName: string;
}
export interface UpdateClientInput extends ClientFields {
  id: string;
  clientName?: Maybe<string>;
}

export interface AddMatterInput {
  clientId: string;
  name: string;
  externalId?: Maybe<string>;
  secondaryClientId?: Maybe<string>;
}
export interface UpdateMatterInput {
  id: string;
  name?: Maybe<string>;
  externalId?: Maybe<string>;
}

export interface AmountsInput {
  amounts?: Maybe<{ amount: number; bankAccountId: string }[]>;
  operating?: Maybe<number>;
  trust?: Maybe<number>;
}
interface LinkFields extends AmountsInput {
  externalId?: Maybe<string>;
  matterId?: Maybe<string>;
  memo?: Maybe<string>;
  partialPaymentAllowed?: Maybe<boolean>;
  paymentMethodsAllowed?: Maybe<LinkPaymentMethod[]>;
  sendReceipts?: Maybe<boolean>;
}
export interface AddPaymentLinkInput extends LinkFields {
  clientId: string;
  surchargeEnabled?: Maybe<boolean>;
}
export interface UpdatePaymentLinkInput extends LinkFields {
  id: string;
  clientId?: Maybe<string>;
}

export interface AggregateLinkInput {
  externalId?: Maybe<string>;
  memo?: Maybe<string>;
  paymentLinkIds?: Maybe<string[]>;
}

const DEFAULT_LINK_METHODS: LinkPaymentMethod[] = ['ACH', 'CREDIT', 'DEBIT'];

function toAddress(ids: IdSource, input: Maybe<AddressInput>): AddressRecord | null {
  if (!input) return null;
  return {
    id: ids.uuid(),
    city: input.city ?? null,
    line1: input.line1 ?? null,
    line2: input.line2 ?? null,
    state: input.state ?? null,
    zip: input.zip ?? null,
  };
}

/** Copies the fields present in `input` (explicit nulls included) onto `target`. */
function assignPresent<T extends object>(target: T, input: Partial<T>, keys: (keyof T)[]): void {
  for (const key of keys) {
    if (input[key] !== undefined) target[key] = input[key] as T[keyof T];
  }
}

/** `{ id }` or `{ externalId }`: the look-up both `client(...)`, `matter(...)` and `paymentLink(...)` take. */
export function lookUp<T extends { externalId: string | null; removed?: boolean }>(
  records: Map<string, T>,
  byId: (id: string) => T,
  what: string,
  args: { id?: Maybe<string>; externalId?: Maybe<string> },
): T {
  if (args.id) return byId(args.id);
  if (args.externalId) {
    const found = findByExternalId(records, args.externalId);
    if (!found) {
      throw new SimulatorError(
        'NOT_FOUND',
        `${what} not found: externalId ${JSON.stringify(args.externalId)}`,
      );
    }
    return found;
  }
  throw badInput(`${what}: give id or externalId`);
}

export function addClient(firm: FirmState, ids: IdSource, input: AddClientInput): ClientRecord {
  if (!input.clientName.trim()) throw badInput('clientName must not be empty');
  const now = nowIso();
  const client: ClientRecord = {
    id: ids.uuid(),
    clientName: input.clientName,
    externalId: input.externalId ?? null,
    email: input.email ?? null,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    phone: input.phone ?? null,
    surchargeEnabled: input.surchargeEnabled ?? false,
    address: toAddress(ids, input.address),
    createdOn: now,
    updatedOn: now,
  };
  firm.clients.set(client.id, client);
  return client;
}

export function updateClient(
  firm: FirmState,
  ids: IdSource,
  input: UpdateClientInput,
): ClientRecord {
  const client = getClient(firm, input.id);
  assignPresent(client, input as Partial<ClientRecord>, [
    'clientName',
    'externalId',
    'email',
    'firstName',
    'lastName',
    'phone',
  ]);
  if (input.surchargeEnabled != null) client.surchargeEnabled = input.surchargeEnabled;
  if (input.address !== undefined) client.address = toAddress(ids, input.address);
  client.updatedOn = nowIso();
  return client;
}

export function addMatter(firm: FirmState, ids: IdSource, input: AddMatterInput): MatterRecord {
  getClient(firm, input.clientId);
  if (input.secondaryClientId) getClient(firm, input.secondaryClientId);
  if (!input.name.trim()) throw badInput('name must not be empty');
  const matter: MatterRecord = {
    id: ids.uuid(),
    name: input.name,
    clientId: input.clientId,
    secondaryClientId: input.secondaryClientId ?? null,
    externalId: input.externalId ?? null,
    createdOn: nowIso(),
  };
  firm.matters.set(matter.id, matter);
  return matter;
}

export function updateMatter(firm: FirmState, input: UpdateMatterInput): MatterRecord {
  const matter = getMatter(firm, input.id);
  if (input.name != null) {
    if (!input.name.trim()) throw badInput('name must not be empty');
    matter.name = input.name;
  }
  if (input.externalId !== undefined) matter.externalId = input.externalId;
  return matter;
}

/**
 * Amounts given either as `amounts` (per bank account) or as `operating` / `trust` (the firm's
 * default accounts), never both. Undefined when neither is given.
 */
export function resolveAmounts(
  firm: FirmState,
  ids: IdSource,
  input: AmountsInput,
): AmountRecord[] | undefined {
  const shortcut = input.operating != null || input.trust != null;
  if (input.amounts != null && shortcut) {
    throw badInput('Give either amounts or operating/trust, not both');
  }
  let entries: { amount: number; bankAccountId: string }[];
  if (input.amounts != null) entries = input.amounts;
  else if (shortcut) {
    entries = [];
    if (input.operating != null) {
      entries.push({
        amount: input.operating,
        bankAccountId: defaultBankAccount(firm, 'operating').id,
      });
    }
    if (input.trust != null) {
      entries.push({ amount: input.trust, bankAccountId: defaultBankAccount(firm, 'trust').id });
    }
  } else return undefined;
  for (const entry of entries) {
    if (entry.amount < 0) throw badInput(`Amount must not be negative: ${entry.amount}`);
    getBankAccount(firm, entry.bankAccountId);
  }
  const kept = entries.filter((entry) => entry.amount > 0);
  if (kept.length === 0) throw badInput('The total amount must be greater than zero');
  return kept.map((entry) => ({ id: ids.uuid(), ...entry }));
}

function checkMatterOfClient(firm: FirmState, matterId: string | null, clientId: string): void {
  if (!matterId) return;
  const matter = getMatter(firm, matterId);
  if (matter.clientId !== clientId && matter.secondaryClientId !== clientId) {
    throw badInput(`Matter ${matterId} does not belong to client ${clientId}`);
  }
}

export function addPaymentLink(
  firm: FirmState,
  ids: IdSource,
  input: AddPaymentLinkInput,
): PaymentLinkRecord {
  getClient(firm, input.clientId);
  checkMatterOfClient(firm, input.matterId ?? null, input.clientId);
  const amounts = resolveAmounts(firm, ids, input);
  if (!amounts) throw badInput('A payment link needs amounts (or operating/trust)');
  const link: PaymentLinkRecord = {
    id: ids.uuid(),
    clientId: input.clientId,
    matterId: input.matterId ?? null,
    externalId: input.externalId ?? null,
    memo: input.memo ?? null,
    amounts,
    partialPaymentAllowed: input.partialPaymentAllowed ?? null,
    paymentMethodsAllowed: input.paymentMethodsAllowed ?? DEFAULT_LINK_METHODS,
    sendReceipts: input.sendReceipts ?? true,
    surchargeEnabled: input.surchargeEnabled ?? false,
    sealed: false,
    removed: false,
    createdOn: nowIso(),
  };
  firm.paymentLinks.set(link.id, link);
  return link;
}

export function updatePaymentLink(
  firm: FirmState,
  ids: IdSource,
  input: UpdatePaymentLinkInput,
): PaymentLinkRecord {
  const link = getPaymentLink(firm, input.id);
  const clientId = input.clientId ?? link.clientId;
  getClient(firm, clientId);
  const matterId = input.matterId !== undefined ? input.matterId : link.matterId;
  checkMatterOfClient(firm, matterId, clientId);
  const amounts = resolveAmounts(firm, ids, input);
  // Validated above, applied only now: a rejected update changes nothing.
  link.clientId = clientId;
  link.matterId = matterId;
  if (amounts) link.amounts = amounts;
  if (input.externalId !== undefined) link.externalId = input.externalId;
  if (input.memo !== undefined) link.memo = input.memo;
  if (input.partialPaymentAllowed !== undefined) {
    link.partialPaymentAllowed = input.partialPaymentAllowed;
  }
  if (input.paymentMethodsAllowed != null) link.paymentMethodsAllowed = input.paymentMethodsAllowed;
  if (input.sendReceipts != null) link.sendReceipts = input.sendReceipts;
  return link;
}

export function removePaymentLink(firm: FirmState, id: string): PaymentLinkRecord {
  const link = getPaymentLink(firm, id);
  const holders = [...firm.aggregateLinks.values()].filter((a) => a.paymentLinkIds.includes(id));
  if (holders.length > 0) {
    throw conflict(
      `Payment link ${id} belongs to aggregate payment link(s) ${holders.map((a) => a.id).join(', ')}: remove it from them first`,
    );
  }
  link.removed = true;
  return link;
}

/** The links of an aggregate: live, distinct, and all of one client (returned). */
function checkMembers(
  firm: FirmState,
  paymentLinkIds: string[],
): { ids: string[]; clientId: string | null } {
  const unique = [...new Set(paymentLinkIds)];
  const clients = new Set(unique.map((id) => getPaymentLink(firm, id).clientId));
  if (clients.size > 1) {
    throw badInput('All payment links of an aggregate payment link must belong to one client');
  }
  return { ids: unique, clientId: [...clients][0] ?? null };
}

export function addAggregateLink(
  firm: FirmState,
  ids: IdSource,
  input: AggregateLinkInput & { paymentLinkIds: string[] },
): AggregateLinkRecord {
  const members = checkMembers(firm, input.paymentLinkIds);
  if (!members.clientId)
    throw badInput('An aggregate payment link needs at least one payment link');
  const aggregate: AggregateLinkRecord = {
    id: ids.uuid(),
    clientId: members.clientId,
    paymentLinkIds: members.ids,
    externalId: input.externalId ?? null,
    memo: input.memo ?? null,
    createdOn: nowIso(),
  };
  firm.aggregateLinks.set(aggregate.id, aggregate);
  return aggregate;
}

export function updateAggregateLink(
  firm: FirmState,
  input: AggregateLinkInput & { id: string },
): AggregateLinkRecord {
  const aggregate = getAggregateLink(firm, input.id);
  if (input.paymentLinkIds != null) {
    const members = checkMembers(firm, input.paymentLinkIds);
    // An empty list is accepted (the remote has no delete): the aggregate keeps its client.
    aggregate.paymentLinkIds = members.ids;
    if (members.clientId) aggregate.clientId = members.clientId;
  }
  if (input.externalId !== undefined) aggregate.externalId = input.externalId;
  if (input.memo !== undefined) aggregate.memo = input.memo;
  return aggregate;
}
