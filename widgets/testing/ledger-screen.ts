import { fixture, html } from '@open-wc/testing';
import { $, settle, text } from './helpers.js';
import {
  TRUST,
  aReconciliation,
  balances,
  deposits,
  m1Entries,
  tokenOf,
} from './ledger-records.js';
import { page, type Handler } from './mock-api.js';
import type { ServiceTrustLedger } from '../trust-ledger/define.js';

// The trust ledger's widget suites: the mock API's routes for an admin's ledger, a mounted
// element, and the tabs.

export const ADMIN = tokenOf('admin');

export const routes = (over: Record<string, Handler> = {}): Record<string, Handler> => ({
  // The server's answer for the token sent (tokenOf writes the role into it).
  'GET /api/me': ({ headers }) => {
    const token = headers
      .get('authorization')!
      .replace(/^Bearer pwt_/, '')
      .split('.')[0]!;
    return { role: (JSON.parse(atob(token)) as { role: string }).role, kind: 'widget-token' };
  },
  'GET /api/ledger/balances': () => balances,
  'GET /api/ledger/entries': ({ query }) =>
    query.get('cursor')
      ? { data: m1Entries.slice(2), nextCursor: null }
      : { data: m1Entries.slice(0, 2), nextCursor: 'c2' },
  'GET /api/ledger/deposits': () => deposits,
  'GET /api/ledger/reconciliations': () => page([aReconciliation()]),
  'GET /api/approvals': () => page([]),
  ...over,
});

export async function mount(token?: string, account: string | null = TRUST) {
  const el = await fixture<ServiceTrustLedger>(
    html`<service-trust-ledger
      bank-account-id=${account ?? ''}
      token=${token ?? ADMIN}
    ></service-trust-ledger>`,
  );
  await settle(el, 4);
  return el;
}

export const cells = (row: Element) => [...row.querySelectorAll('td, th')].map((c) => text(c));
export const tab = (el: Element, name: string) => $(el, `#tab-${name}`);

export async function openTab(el: ServiceTrustLedger, name: string) {
  tab(el, name).click();
  await settle(el, 4);
}

/** The files a download link saves (its name and Blob), instead of saving them; restore() after. */
export function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const { createObjectURL } = URL;
  const { click } = HTMLAnchorElement.prototype;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  };
  const restore = () => {
    URL.createObjectURL = createObjectURL;
    HTMLAnchorElement.prototype.click = click;
  };
  return { saved, restore };
}
