import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../widgets/build/precompress.js';
import { closeServer, listen } from '../testing/http.js';
import { handleError } from './error-handler.js';
import { createRouter } from './router.js';
import { IMMUTABLE, SHORT, chooseEncoding, widgetAssets } from './widget-assets.js';

// /widgets/ as a CDN would serve it, over real HTTP on loopback: a kit folder of the test's own,
// precompressed by the build's own step.

const dir = mkdtempSync(path.join(tmpdir(), 'plk-assets-'));
const entry = `import './chunks/kit-AbCd1234.js';\n${'customElements.define("x", class {});\n'.repeat(200)}`;
const chunk = `export const kit = ${JSON.stringify('lit '.repeat(2000))};\n`;
let server: Server;
let url: string;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'chunks'));
  writeFileSync(path.join(dir, 'service-widgets.js'), entry);
  writeFileSync(path.join(dir, 'chunks/kit-AbCd1234.js'), chunk);
  writeFileSync(path.join(dir, 'custom-elements.json'), JSON.stringify({ schemaVersion: '1' }));
  writeFileSync(path.join(dir, 'stale.js'), 'old');
  precompress(dir);
  // Rebuilt after its compressed copies were made: they are of an earlier build.
  writeFileSync(path.join(dir, 'stale.js'), 'new content');
  utimesSync(path.join(dir, 'stale.js'), new Date(), new Date(Date.now() + 5000));
  const app = createRouter().route('/', widgetAssets(dir));
  app.onError(handleError);
  ({ server, url } = await listen(app.fetch));
});
afterAll(async () => {
  await closeServer(server);
  rmSync(dir, { recursive: true, force: true });
});

const get = (file: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/widgets/${file}`, { headers });

describe('widget assets', () => {
  it('answer brotli, else gzip, else plain, each with its ETag and Vary', async () => {
    const br = await get('service-widgets.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // fetch decodes: the bytes are the file's.
    expect(await br.text()).toBe(entry);
    const gz = await get('service-widgets.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(entry);
    const plain = await get('service-widgets.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(entry));
    const tags = [br, gz, plain].map((r) => r.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]{22}(?:-br|-gzip)?"$/);
  });

  it('cache hashed chunks for a year and entry files and the manifest briefly', async () => {
    const c = await get('chunks/kit-AbCd1234.js');
    expect(c.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    for (const file of ['service-widgets.js', 'custom-elements.json']) {
      const res = await get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe(SHORT);
    }
    expect(SHORT).toMatch(/^public, max-age=\d{1,4}$/);
    // Any page may load the kit, as a module script too.
    expect(c.headers.get('access-control-allow-origin')).toBe('*');
    expect(await (await get('custom-elements.json')).json()).toEqual({ schemaVersion: '1' });
  });

  it('answer 304 to a revalidation with any of the ETags, and 200 once the file changed', async () => {
    const first = await get('service-widgets.js', { 'accept-encoding': 'br' });
    const tag = first.headers.get('etag')!;
    const again = await get('service-widgets.js', {
      'accept-encoding': 'gzip',
      'if-none-match': tag,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag.replace('-br', '-gzip'));
    expect(again.headers.get('cache-control')).toBe(SHORT);
    expect(await again.text()).toBe('');
    const other = await get('service-widgets.js', { 'if-none-match': '"somethingelse"' });
    expect(other.status).toBe(200);
  });

  it('never send a compressed copy older than its file', async () => {
    const res = await get('stale.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('new content');
  });

  it('serve plain names of known types only', async () => {
    for (const bad of ['service-widgets.js.br', '.hidden.js', 'missing.js', 'x.exe']) {
      const res = await get(bad);
      expect(res.status, bad).toBe(404);
    }
  });

  it('read Accept-Encoding with its weights', () => {
    const all = new Set(['br', 'gzip', 'identity']);
    expect(chooseEncoding('gzip;q=1.0, br;q=0.5', all)).toBe('br');
    expect(chooseEncoding('br;q=0, gzip', all)).toBe('gzip');
    expect(chooseEncoding('*', all)).toBe('br');
    expect(chooseEncoding('*, br;q=0', all)).toBe('gzip');
    expect(chooseEncoding(undefined, all)).toBe('identity');
    expect(chooseEncoding('br', new Set(['identity']))).toBe('identity');
  });
});
