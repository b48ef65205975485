// Test helpers of the simulator's suites: a webhook receiver on real loopback HTTP, and GraphQL
// fixtures of the endpoint tests.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { closeServer } from './http.js';
import type { TestSimulator } from './simulator.js';

interface ReceivedWebhook {
  raw: string;
  headers: IncomingHttpHeaders;
  events: {
    type: string;
    eventId: string;
    firmId: string;
    data: { transaction?: { id: string } };
  }[];
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers each request with this status (after `delayMs`). Default 200. */
  respond: (request: ReceivedWebhook, index: number) => { status: number; delayMs?: number };
  /** Resolves once `count` requests have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters: (() => boolean)[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: () => ({ status: 200 }),
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`got ${receiver.received.length} of ${count} webhooks`)),
          timeoutMs,
        );
        const check = () => {
          if (receiver.received.length < count) return false;
          clearTimeout(timer);
          resolve(receiver.received.slice(0, count));
          return true;
        };
        if (!check()) waiters.push(check);
      });
    },
    close: () => closeServer(server),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request = {
        raw,
        headers: req.headers,
        events: JSON.parse(raw) as ReceivedWebhook['events'],
      };
      const index = receiver.received.push(request) - 1;
      for (const waiter of waiters.splice(0)) if (!waiter()) waiters.push(waiter);
      const { status, delayMs = 0 } = receiver.respond(request, index);
      const timer = setTimeout(() => res.writeHead(status).end(), delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// GraphQL fixtures shared by the endpoint tests.

type Data = Record<string, Record<string, unknown> & { id: string }>;

/** The data of a request that must succeed. */
export async function ok(
  s: TestSimulator,
  query: string,
  variables?: Record<string, unknown>,
  apiKey?: string,
): Promise<Data> {
  const result = await s.gql<Data>(query, variables, apiKey);
  expect(result.errors).toBeUndefined();
  expect(result.status).toBe(200);
  return result.data as Data;
}

export async function bankAccounts(s: TestSimulator, apiKey?: string) {
  const data = await ok(
    s,
    '{ bankAccountsList { bankAccounts { id nickname category isDefault lastFour firmId } } }',
    undefined,
    apiKey,
  );
  return (data.bankAccountsList as unknown as { bankAccounts: Record<string, string>[] })
    .bankAccounts;
}

export async function newClient(s: TestSimulator, name = 'Acme LLC', externalId?: string) {
  const data = await ok(
    s,
    'mutation($i: AddClientInput!) { addClient(input: $i) { id clientName externalId } }',
    { i: { clientName: name, externalId } },
  );
  return data.addClient!.id;
}

export async function newLink(
  s: TestSimulator,
  clientId: string,
  amounts: Record<string, unknown>,
) {
  const data = await ok(
    s,
    `mutation($i: AddPaymentLinkInput!) { addPaymentLink(input: $i) {
       id url status externalId balance { totalOutstanding totalPaid operatingOutstanding trustOutstanding }
     } }`,
    { i: { clientId, ...amounts } },
  );
  return data.addPaymentLink!;
}
