import type { FirmInfo } from '../simulator/firms.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../simulator/simulator.js';
import { closeServer, listen } from './http.js';

export interface TestSimulator {
  sim: Simulator;
  /** Base address: give it to the app as SERVICE_SANDBOX_URL. */
  url: string;
  firm: FirmInfo;
  close(): Promise<void>;
}

/** The simulator of the remote service on a loopback port, with one firm. */
export async function startTestSimulator(
  options: SimulatorOptions & { firmName?: string } = {},
): Promise<TestSimulator> {
  const { firmName = 'Test firm', ...simulatorOptions } = options;
  const sim = createSimulator(simulatorOptions);
  const firm = sim.createFirm({ name: firmName });
  const { server, url } = await listen(sim.app.fetch);
  return {
    sim,
    url: `${url}/`,
    firm,
    async close() {
      await sim.close();
      await closeServer(server);
    },
  };
}
