// The typed client of this server's HTTP API, used by the widgets (and usable by any host page or
// script). It is plain fetch with the shared record and action types: types only, so no zod (and
// nothing of the server) reaches a bundle that imports it. Every path it calls is checked against
// the served OpenAPI document by server/http/api-client-contract.db.test.ts.
import type { ActionInput, ActionName, BankAccountsSyncResult } from './actions.js';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency.js';
import type { CallerInfo } from './caller.js';
import type { WebhookEndpointCheck, WebhookUrlInfo } from './integration-info.js';
import type { RefundBody, VoidBody } from './money-out.js';
import type { PaymentPlanDetail } from './payment-plans.js';
import type { MoneyOutResult } from './money-out-answer.js';
import type {
  AggregateLink,
  BankAccount,
  Client,
  Matter,
  Page,
  PaymentLink,
  Settings,
  SettingsUpdate,
  Transaction,
} from './schemas.js';
import type { IntegrationHealth } from './webhooks.js';
import type { WidgetToken, WidgetTokenCreate } from './widget-tokens.js';

/** What each action answers: the affected records after their sync (or the sync counts). */
export interface ActionResults {
  ClientCreate: Client[];
  ClientUpdate: Client[];
  MatterCreate: Matter[];
  MatterUpdate: Matter[];
  PaymentLinkCreate: PaymentLink[];
  PaymentLinkUpdate: PaymentLink[];
  AggregateLinkCreate: AggregateLink[];
  AggregateLinkUpdate: AggregateLink[];
  BankAccountsSync: BankAccountsSyncResult;
  /** The original and its reversals. */
  TransactionRefund: Transaction[];
  TransactionVoid: Transaction[];
  PaymentPlanCreate: PaymentPlanDetail[];
  PaymentPlanUpdate: PaymentPlanDetail[];
  PaymentPlanCancel: PaymentPlanDetail[];
}

/** A token, or a function that gets one (called again after a 401, so it may renew it). */
export type TokenSource = string | ((options: { renew: boolean }) => string | Promise<string>);

export interface ApiClientOptions {
  /** Where the API is: `https://payments.example.com`; empty for the page's own origin. */
  baseUrl?: string;
  token?: TokenSource | null;
  /** A fetch to use instead of the global one (tests, custom transports). */
  fetch?: typeof fetch;
  /**
   * The language of the API's sentences (refusals, reconciliation reasons), sent as
   * Accept-Language (`es`, `fr-CA`…); absent, the browser's own.
   */
  locale?: string | undefined;
}

export interface ListOptions {
  limit?: number;
  cursor?: string;
}

/** Field-level messages of a 400: `{ "name": ["must not be empty"] }`. */
export type FieldMessages = Record<string, string[]>;

/** Any failed call: the API's error in its own words, or a network failure put plainly. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldMessages;
  readonly requestId: string | null;
  /** The error's `details` beyond `fields` (a trust guard's `balance`…): {} when none. */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: FieldMessages = {},
    requestId: string | null = null,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
    this.details = details;
  }
}

export const isApiError = (error: unknown): error is ApiError =>
  error instanceof Error && error.name === 'ApiError' && 'status' in error;

type Query = Record<string, string | number | undefined | null>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The POST's Idempotency-Key: by default a new one per call (one submit), so a request the
   * network or a double click repeats runs once. Pass the same key to retry the same submit.
   */
  idempotencyKey?: string;
  /** Another kind of answer than JSON (`text/csv`): the call then resolves with its Blob. */
  accept?: string;
}

function toQueryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: Record<string, unknown> } | undefined)?.error;
  if (error && typeof error.message === 'string') {
    const details = error.details as ({ fields?: FieldMessages } & Record<string, unknown>) | null;
    return new ApiError(
      res.status,
      typeof error.code === 'string' ? error.code : 'error',
      error.message,
      details?.fields ?? {},
      typeof error.requestId === 'string' ? error.requestId : null,
      details && typeof details === 'object' ? details : {},
    );
  }
  return new ApiError(res.status, 'error', `The server answered ${res.status} ${res.statusText}`);
}

export class ApiClient {
  readonly baseUrl: string;
  readonly #token: TokenSource | null;
  readonly #fetch: typeof fetch | undefined;
  readonly #locale: string | undefined;
  /** The token a getter gave last, shared by concurrent calls. */
  #current: Promise<string> | null = null;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.#token = options.token ?? null;
    this.#fetch = options.fetch;
    this.#locale = options.locale;
  }

  /** Whether it has a token or a way to get one: every /api route needs one. */
  get hasToken(): boolean {
    return this.#token !== null && this.#token !== '';
  }

  #tokenFor(renew: boolean): Promise<string> | null {
    const source = this.#token;
    if (source === null) return null;
    if (typeof source === 'string') return Promise.resolve(source);
    if (renew || !this.#current) {
      const pending = Promise.resolve(source({ renew }));
      // A getter that failed is asked again next time rather than remembered.
      pending.catch(() => {
        if (this.#current === pending) this.#current = null;
      });
      this.#current = pending;
    }
    return this.#current;
  }

  async #send(method: string, path: string, options: RequestOptions, renew: boolean) {
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
    const token = await this.#tokenFor(renew);
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (this.#locale) headers['accept-language'] = this.#locale;
    const url = `${this.baseUrl}${path}${toQueryString(options.query)}`;
    // Looked up at call time (not kept from construction) so a page or test may replace it.
    const doFetch = this.#fetch ?? globalThis.fetch;
    try {
      return await doFetch.call(globalThis, url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw await this.#unreachable(doFetch);
    }
  }

  /**
   * Why a fetch failed, as far as a page can tell. A browser hides a CORS refusal behind the same
   * TypeError as a dead network; but a `no-cors` request still completes (with an opaque answer)
   * when the server is up. So: another origin's server that answers that, yet refused our call,
   * refused this page's origin.
   */
  async #unreachable(doFetch: typeof fetch): Promise<ApiError> {
    const here = globalThis.location?.origin;
    let there: string | undefined;
    try {
      there = new URL(this.baseUrl || '/', globalThis.location?.href).origin;
    } catch {
      there = undefined;
    }
    if (here && there && here !== there && here !== 'null') {
      try {
        await doFetch.call(globalThis, `${there}/api`, {
          mode: 'no-cors',
          cache: 'no-store',
        });
        return new ApiError(
          0,
          'origin_not_allowed',
          `This page’s origin (${here}) is not allowed by the payment server at ${there}: an admin adds it to the allowed origins in the settings there`,
        );
      } catch {
        // The server is down or out of reach after all.
      }
    }
    return new ApiError(
      0,
      'network',
      'The server could not be reached: check the connection and try again',
    );
  }

  /**
   * The token the calls send now (a getter's latest), or null: a widget may read what its widget
   * token allows, to offer only what the server will accept (the server checks every call).
   */
  get token(): Promise<string | null> {
    return this.#tokenFor(false) ?? Promise.resolve(null);
  }

  /** One call; a 401 with a token getter renews the token and tries once more. */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    if (!this.hasToken) {
      // Every /api route needs one: say so without a round trip.
      throw new ApiError(
        401,
        'no_token',
        'No token is configured: give the widget a token attribute, or call configure() on the page',
      );
    }
    // One key for both tries of a call: the second is the same submit.
    const sent =
      method === 'POST'
        ? { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() }
        : options;
    let res = await this.#send(method, path, sent, false);
    if (res.status === 401 && typeof this.#token === 'function') {
      res = await this.#send(method, path, sent, true);
    }
    if (!res.ok) throw await errorFrom(res);
    if (res.status === 204) return undefined as T;
    if (options.accept) return (await res.blob()) as T;
    return (await res.json()) as T;
  }

  // ---- records ----

  listClients(query: ListOptions & { q?: string } = {}, signal?: AbortSignal) {
    return getPage<Client>(this, '/api/clients', query, signal);
  }

  getClient(id: string, signal?: AbortSignal) {
    return getOne<Client>(this, '/api/clients', id, signal);
  }

  listMatters(query: ListOptions & { clientId?: string } = {}, signal?: AbortSignal) {
    return getPage<Matter>(this, '/api/matters', query, signal);
  }

  listPaymentLinks(
    query: ListOptions & { clientId?: string; matterId?: string } = {},
    signal?: AbortSignal,
  ) {
    return getPage<PaymentLink>(this, '/api/payment-links', query, signal);
  }

  getPaymentLink(id: string, signal?: AbortSignal) {
    return getOne<PaymentLink>(this, '/api/payment-links', id, signal);
  }

  listAggregateLinks(query: ListOptions & { q?: string } = {}, signal?: AbortSignal) {
    return getPage<AggregateLink>(this, '/api/aggregate-links', query, signal);
  }

  getAggregateLink(id: string, signal?: AbortSignal) {
    return getOne<AggregateLink>(this, '/api/aggregate-links', id, signal);
  }

  listBankAccounts(query: ListOptions = {}, signal?: AbortSignal) {
    return getPage<BankAccount>(this, '/api/bank-accounts', query, signal);
  }

  listTransactions(
    query: ListOptions & { clientId?: string; paymentLinkId?: string } = {},
    signal?: AbortSignal,
  ) {
    return getPage<Transaction>(this, '/api/transactions', query, signal);
  }

  // ---- the spec's actions: they sync before they answer ----

  action<A extends ActionName>(
    name: A,
    input: ActionInput<A>,
    signal?: AbortSignal,
  ): Promise<ActionResults[A]> {
    return this.request<ActionResults[A]>('POST', `/api/actions/${name}`, { body: input, signal });
  }

  // ---- money out (admin) ----

  /**
   * Refunds a payment (no amount: all that is still refundable). 200 done, 202 pending at the
   * service (`status` says which). One `idempotencyKey` per submit: a retry of the same submit
   * passes the same key, and the server answers it without refunding twice.
   */
  refundTransaction(
    id: string,
    body: RefundBody,
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ) {
    return moneyOut(this, 'refund', id, body, options);
  }

  /** Voids a payment the service has not settled yet; like refundTransaction. */
  voidTransaction(
    id: string,
    body: VoidBody,
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ) {
    return moneyOut(this, 'void', id, body, options);
  }

  // ---- administration ----

  /** Who the caller is: its role (a widget shows admin actions to admins only). */
  me(signal?: AbortSignal) {
    return this.request<CallerInfo>('GET', '/api/me', { signal });
  }

  getSettings(signal?: AbortSignal) {
    return this.request<Settings>('GET', '/api/settings', { signal });
  }

  updateSettings(input: SettingsUpdate, signal?: AbortSignal) {
    return this.request<Settings>('PUT', '/api/settings', { body: input, signal });
  }

  integrationHealth(signal?: AbortSignal) {
    return this.request<IntegrationHealth>('GET', '/api/admin/integration-health', { signal });
  }

  /** Registers (or repairs) the organization's webhook endpoint at the service now. */
  registerWebhookEndpoint(signal?: AbortSignal) {
    return this.request<WebhookEndpointCheck>('POST', '/api/admin/webhook-endpoint', { signal });
  }

  webhookUrl(signal?: AbortSignal) {
    return this.request<WebhookUrlInfo>('GET', '/api/admin/webhook-url', { signal });
  }

  /** For host backends (an API key, never a widget token): a token to hand to the widgets. */
  createWidgetToken(input: WidgetTokenCreate = {}, signal?: AbortSignal) {
    return this.request<WidgetToken>('POST', '/api/widget-tokens', { body: input, signal });
  }
}

/** A page of the list at `path` (GET, `query` its search parameters). */
export const getPage = <T>(api: ApiClient, path: string, query: object, signal?: AbortSignal) =>
  api.request<Page<T>>('GET', path, { query: { ...query }, signal });

/** The record `id` of the list at `path` (GET `path/id`). */
export const getOne = <T>(api: ApiClient, path: string, id: string, signal?: AbortSignal) =>
  api.request<T>('GET', `${path}/${encodeURIComponent(id)}`, { signal });

/**
 * POST /api/transactions/{id}/refund or /void: the API's answer, done or pending, or (202,
 * `status: "awaiting_approval"`) waiting for a second admin.
 */
const moneyOut = (
  api: ApiClient,
  kind: 'refund' | 'void',
  id: string,
  body: RefundBody | VoidBody,
  options: { idempotencyKey?: string; signal?: AbortSignal },
) =>
  api.request<MoneyOutResult>('POST', `/api/transactions/${encodeURIComponent(id)}/${kind}`, {
    body,
    ...options,
  });
