import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { demoSuite, test } from './suite.js';

// Demo mode survives its own switches: on the demo page an admin switches Production on (after
// the confirmation that names the live address and warns about the sandbox token), the demo page
// and its token are gone; switched off again, or with the token cleared, they are back at once,
// without a restart. The "live" address is a port on this machine that refuses connections, so
// nothing leaves it.

let liveUrl: string;

const demo = demoSuite({
  env: async () => {
    // A port nobody listens on once this server is closed: "production" answers nothing.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    liveUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    return { SERVICE_PRODUCTION_URL: liveUrl };
  },
});

interface ApiClientLike {
  updateSettings(input: { apiToken: null }): Promise<{ service: { demoMode: boolean } }>;
}

/** The demo page's address and its token route, as a browser on another tab would find them. */
async function demoAnswers(): Promise<[number, number]> {
  const { server } = demo;
  const home = await fetch(server.url);
  const token = await fetch(`${server.url}/demo/token`, {
    method: 'POST',
    headers: { origin: server.url },
  });
  return [home.status, token.status];
}

test('npm start ends with one plain line, where the demo is, after its log lines', () => {
  const lines = demo.server
    .output()
    .split('\n')
    .filter((line) => line.trim());
  const open = lines.findIndex((line) =>
    /^Open http:\/\/127\.0\.0\.1:\d+\/ for the demo\.$/.test(line),
  );
  assert.ok(open > 0, lines.join('\n'));
  // Before it, only the start's JSON log lines; after it, only where the first admin key went.
  assert.deepEqual(
    lines.slice(0, open).filter((line) => !line.startsWith('{')),
    [],
  );
  assert.deepEqual(
    lines.slice(open + 1).map((line) => line.slice(0, 12)),
    ['First start:'],
  );
});

test('Production on (confirmed) and off again: the demo page and its token come back without a restart', async () => {
  const { page, pageErrors, server } = demo;
  await page.goto(server.url);
  const settings = page.locator('service-settings');
  const production = settings.getByLabel('Production environment');
  const save = settings.getByRole('button', { name: 'Save settings' });
  await production.check();
  await save.click();

  // The confirmation names where calls will go, and says the saved token is a sandbox one.
  const confirm = settings.locator('[part~="confirm"]');
  await confirm.waitFor();
  assert.match(await confirm.innerText(), new RegExp(`calls will go to ${liveUrl}`));
  assert.match(await confirm.innerText(), /The API token is a sandbox one/);
  await settings.getByRole('button', { name: 'Switch to production' }).click();
  await settings.getByText('Settings saved.').waitFor();
  assert.deepEqual(await demoAnswers(), [404, 404]);
  const off = await fetch(server.url);
  assert.match(off.headers.get('content-type') ?? '', /text\/html/);
  assert.match(await off.text(), /The demo page is off/);

  // Off again, from the same page (its token is still good): demo mode at once.
  await production.uncheck();
  await save.click();
  await settings.getByText('Settings saved.').waitFor();
  assert.deepEqual(await demoAnswers(), [200, 200]);
  assert.match(
    await settings.locator('#productionEnvironment-hint').innerText(),
    /in this demo, the simulator/,
  );

  // On again, then the token cleared (through the API, as the page's admin token may): back too.
  await production.check();
  await save.click();
  await settings.getByRole('button', { name: 'Switch to production' }).click();
  await settings.getByText('Settings saved.').waitFor();
  assert.deepEqual(await demoAnswers(), [404, 404]);
  const cleared = await page.evaluate(async () => {
    const { token } = (await (
      await fetch('/demo/token', { method: 'POST' })
    )
      .json()
      .catch(() => ({}))) as { token?: string };
    return token ?? null;
  });
  assert.equal(cleared, null, 'no demo token while production is on');
  const status = await page.evaluate(async () => {
    // The page's configured API client (the kit keeps it under a global symbol), with its token.
    const holder = globalThis as unknown as Record<symbol, { client: ApiClientLike }>;
    const { client } = holder[Symbol.for('service-widgets.page-config')]!;
    const settings = await client.updateSettings({ apiToken: null });
    return settings.service.demoMode;
  });
  assert.equal(status, true, 'the answer says demo mode');
  assert.deepEqual(await demoAnswers(), [200, 200]);
  await page.reload();
  await settings.getByText('Going live').first().waitFor();
  assert.deepEqual(pageErrors, []);
});
