import { afterEach, beforeEach } from 'vitest';
import type { FirmInfo } from '../../simulator/firms.js';
import {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../simulator/simulator.js';
import { closeServer, listen } from './http.js';

interface GraphqlResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string }; path?: string[] }[];
}

export interface TestSimulator {
  sim: Simulator;
  /** Base address: give it to the app as SERVICE_SANDBOX_URL. */
  url: string;
  /** Its origin, where its pages are (`${origin}/pay/<id>`). */
  origin: string;
  firm: FirmInfo;
  /** POST a GraphQL document with the firm's key (or `apiKey`; null: none). */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    apiKey?: string | null,
  ): Promise<GraphqlResult<T>>;
  /** Call the /_sandbox admin API with the firm's key (or `apiKey`; null: none). */
  admin<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    apiKey?: string | null,
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/** The simulator of the remote service on a loopback port, with one firm. */
export async function startTestSimulator(
  options: SimulatorOptions & { firmName?: string } = {},
): Promise<TestSimulator> {
  const { firmName = 'Test Firm', ...simulatorOptions } = options;
  const sim = createSimulator(simulatorOptions);
  const firm = sim.createFirm({ name: firmName });
  const { server, url: origin } = await listen(sim.app.fetch);
  const keyHeader = (apiKey: string | null | undefined): Record<string, string> =>
    apiKey === null ? {} : { 'x-api-key': apiKey ?? firm.apiKey };
  return {
    sim,
    url: `${origin}/`,
    origin,
    firm,
    async gql(query, variables, apiKey) {
      const response = await fetch(`${origin}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...keyHeader(apiKey) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as Omit<GraphqlResult, 'status' | 'headers'>;
      return {
        status: response.status,
        headers: response.headers,
        ...body,
      } as GraphqlResult<never>;
    },
    async admin(method, path, body, apiKey) {
      const response = await fetch(`${origin}/_sandbox${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...keyHeader(apiKey) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
    async close() {
      await sim.close();
      await closeServer(server);
    },
  };
}

/**
 * A fresh simulator for each test of the file, closed after it. The answer stands for the
 * current test's simulator: use it inside tests and hooks, not at the file's top level.
 */
export function useTestSimulator(
  options?: Parameters<typeof startTestSimulator>[0],
): TestSimulator {
  let current: TestSimulator | undefined;
  beforeEach(async () => {
    current = await startTestSimulator(options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestSimulator, {
    get(_target, key) {
      if (!current) throw new Error('useTestSimulator(): no simulator outside a test');
      return Reflect.get(current, key) as unknown;
    },
  });
}
