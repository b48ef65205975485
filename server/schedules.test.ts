import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEDULES, schedulesFor } from './schedules.js';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the periodic tasks', () => {
  it('are declared once each', () => {
    const names = SCHEDULES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('run where their role says: the API process, and wherever workers run', () => {
    const names = (p: { api: boolean; workers: boolean }) => schedulesFor(p).map((s) => s.name);
    expect(names({ api: true, workers: true })).toEqual(SCHEDULES.map((s) => s.name));
    // `npm start` with WORKERS=0 and `npm run worker` beside it: each task in exactly one of them.
    const api = names({ api: true, workers: false });
    const worker = names({ api: false, workers: true });
    expect(api).not.toContain('reconcile');
    expect(worker).toEqual(['reconcile']);
    expect([...api, ...worker].sort()).toEqual(SCHEDULES.map((s) => s.name).sort());
  });

  it('are started by schedules.ts only: no process starts one of its own', () => {
    const starters =
      /\b(startReconcileScheduler|startEndpointScheduler|startRetention)\(|\.startSchedule\(\)/;
    const offenders = [...sources(path.join(root, 'server')), ...sources(path.join(root, 'bench'))]
      .map((f) => path.relative(root, f))
      .filter((f) => f !== 'server/schedules.ts')
      .filter((f) => {
        const text = readFileSync(path.join(root, f), 'utf8');
        // Their own definitions aside.
        return text
          .split('\n')
          .some(
            (l) =>
              starters.test(l) &&
              !/^\s*(export\s+)?(async\s+)?function\b|^\s*async\s+startSchedule\(/.test(l),
          );
      });
    expect(offenders).toEqual([]);
  });
});
