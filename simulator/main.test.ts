// `npm run simulator`: starts, prints its URL and a key, serves, and stops on SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '..', 'node_modules', '.bin', 'tsx');

describe('main.ts', () => {
  it('prints its URL and a firm key, answers, and exits on SIGTERM', async () => {
    const child = spawn(tsx, [path.join(here, 'main.ts'), '--port', '0', '--seed', 'test'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const banner = await new Promise<{ url: string; key: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner: ${output}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const url = /simulator: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
          const key = /API key: (\S+)/.exec(output)?.[1];
          if (url && key) {
            clearTimeout(timer);
            resolve({ url, key });
          }
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const response = await fetch(banner.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': banner.key },
        body: JSON.stringify({ query: '{ me { firm { name } } }' }),
      });
      expect(await response.json()).toEqual({ data: { me: { firm: { name: 'Demo Law Firm' } } } });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
