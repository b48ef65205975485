import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { FirmInfo } from '../simulator/firms.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../simulator/simulator.js';

export interface TestSimulator {
  sim: Simulator;
  /** Base address: give it to the app as SERVICE_SANDBOX_URL. */
  url: string;
  firm: FirmInfo;
  close(): Promise<void>;
}

/** The simulator of the remote service on a loopback port, with one firm. */
export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const sim = createSimulator(options);
  const firm = sim.createFirm({ name: 'Test firm' });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: sim.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    ) as Server;
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    sim,
    url,
    firm,
    async close() {
      await sim.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
