import { startDemoSession, demoCall, demoFirmKey } from './server.js';

const OUT = '/tmp/words-shots';
const s = await startDemoSession();
const { page, server } = s;
try {
  await page.goto(server.url);
  const call = <T,>(m: string, p: string, b?: unknown) => demoCall<T>(page, m, p, b);
  await call('POST', '/api/actions/BankAccountsSync', {});
  const accounts = await call<{ data: { id: string; category: string }[] }>('GET', '/api/bank-accounts');
  const [client] = await call<{ id: string }[]>('POST', '/api/actions/ClientCreate', { name: 'Jane Roe' });
  const key = await demoFirmKey(server);
  const [link] = await call<{ id: string }[]>('POST', '/api/actions/PaymentLinkCreate', {
    clientId: client!.id, bankAccountId: accounts.data.find((a) => a.category === 'operating')!.id, amount: '1250.50' });
  await call('POST', '/demo/pay', { paymentLinkId: link!.id });
  let payment: { serviceId: string } | undefined;
  for (let i = 0; i < 100 && !payment; i++) {
    payment = (await call<{ data: { serviceId: string }[] }>('GET', '/api/transactions')).data[0];
    if (!payment) await new Promise((r) => setTimeout(r, 300));
  }
  await fetch(`${server.url}/simulator/_sandbox/transactions/${payment!.serviceId}/deposited`, {
    method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' } });
  // A failing token in the health, and a client saved but not synced.
  await page.route('**/api/admin/integration-health', async (route) => {
    const res = await route.fetch();
    const h = await res.json();
    h.apiKey = { ...h.apiKey, ok: false, firm: null, role: null, error: 'Remote service error (HTTP 500): Injected fault: HTTP 500' };
    h.webhooks.urlsError = 'HTTP 500';
    h.webhooks.urlDisabled = null;
    await route.fulfill({ json: h });
  });
  await page.route('**/api/actions/ClientCreate', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body[0].syncErrorMessage = 'Remote service error (HTTP 500): Injected fault: HTTP 500';
    body[0].syncStatus = 'error';
    await route.fulfill({ json: body });
  });
  for (const lang of ['en', 'es']) {
    await page.goto(server.url);
    await page.evaluate((l) => (document.documentElement.lang = l), lang);
    const cc = page.locator('service-client-create');
    await cc.locator('input#name').fill('Robin Roe');
    await cc.locator('[part~="submit"]').click();
    await cc.locator('[part~="result"]').waitFor();
    const list = page.locator('service-transactions-list');
    await list.locator('[data-action="refund"]').first().waitFor({ timeout: 30000 });
    await page.locator('service-settings').locator('service-going-live-checklist').waitFor();
    await page.waitForTimeout(1500);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(200);
        const tag = `${lang}-${scheme}-${width}`;
        await page.locator('service-settings').screenshot({ path: `${OUT}/settings-${tag}.png` });
        await cc.screenshot({ path: `${OUT}/client-${tag}.png` });
        await page.locator('service-aggregate-link-create').screenshot({ path: `${OUT}/agg-${tag}.png` });
        await page.locator('service-trust-ledger').screenshot({ path: `${OUT}/ledger-${tag}.png` });
        await list.locator('[data-action="refund"]').first().click();
        const dialog = list.getByRole('dialog');
        await dialog.waitFor();
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${OUT}/refund-${tag}.png` });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    }
  }
} finally {
  console.log('errors', s.pageErrors);
  await s.close();
}
