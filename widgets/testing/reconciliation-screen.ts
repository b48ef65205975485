import { $, $$, settle, type } from './helpers.js';
import { mount, openTab, routes } from './ledger-screen.js';
import { mockApi, type MockApi } from './mock-api.js';
import { personToken, reconciliationServer, type ServerOptions } from './reconciliation-server.js';
import type { ServiceTrustLedger } from '../trust-ledger/define.js';

// The month workflow's suites: the ledger mounted on the reconciliation routes' fake server, its
// Reconciliation tab open, and a month started.

export async function monthScreen(
  options: ServerOptions & { person?: string; role?: string } = {},
) {
  const server = reconciliationServer(options);
  const api: MockApi = mockApi(routes(server.routes));
  const el = await mountOn(options.person ?? 'Ana Ruiz', options.role);
  return { api, el, server };
}

/** Another element on the same server, for another person. */
export async function mountOn(person: string, role = 'admin') {
  const el = await mount(personToken(person, role));
  await openTab(el, 'reconciliations');
  return el;
}

/** Starts October 2026: opening 1,100.00, closing 1,125.00 (as typed in English). */
export async function startMonth(
  el: ServiceTrustLedger,
  opening = '1,100.00',
  closing = '1,125.00',
) {
  type($(el, '#month'), '2026-10');
  type($(el, '#openingBalance'), opening);
  type($(el, '#statementBalance'), closing);
  $(el, '[part~="start-form"] [part~="submit"]').click();
  await settle(el, 5);
}

/** The items table's rows. */
export const itemRows = (el: ServiceTrustLedger) => $$(el, 'table[part~="items"] tbody tr');

/** Clicks the "Mark cleared" of the item whose description holds `text`. */
export async function clearItem(el: ServiceTrustLedger, text: string) {
  const row = itemRows(el).find((r) => r.textContent!.includes(text))!;
  row.querySelector<HTMLElement>('[part~="clear-button"]')!.click();
  await settle(el, 5);
}
