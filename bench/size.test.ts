import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { KIT_TAGS } from '../widgets/elements.js';
import { BUDGET_BYTES, closure, measureKit } from './size.js';

// The widget kit's budget, checked on every test run: a fresh `vite build` into a folder of its
// own must stay within 30 KB gzip for the eight elements with all they import statically (the ES
// modules, each file gzipped on its own) and for the script-tag kit (everything in one file), Lit
// included, and carry no zod.

const outDir = mkdtempSync(path.join(tmpdir(), 'plk-widgets-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the widget kit build', () => {
  it('fits the size budget, registers every element, and carries no zod', async () => {
    // As `vite build` runs it: vitest's NODE_ENV=test would select Lit's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    process.env.WIDGETS_OUT_DIR = outDir;
    try {
      await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'silent' });
    } finally {
      process.env.NODE_ENV = nodeEnv;
      delete process.env.WIDGETS_OUT_DIR;
    }
    const size = measureKit(outDir);
    expect(size.elements.map((e) => e.name)).toEqual([...KIT_TAGS].sort());
    // The elements' classes share the kit's chunk; each entry registers its own element alone.
    for (const tag of KIT_TAGS) {
      const entry = readFileSync(path.join(outDir, `${tag}.js`), 'utf8');
      expect(entry).toContain(`\`${tag}\``);
      expect(KIT_TAGS.filter((other) => other !== tag && entry.includes(other))).toEqual([]);
    }
    // The operations widgets and the payment plans are entries of their own, weighed apart from
    // the kit.
    expect(size.operations.map((e) => e.name)).toEqual([
      'service-payment-plan-create',
      'service-payment-plan',
      'service-sync-problems',
      'service-trust-ledger',
      'service-webhook-events',
    ]);
    // None of their code rides in the kit's files (their API calls and their tags).
    const kitText = [...closure(path.join(outDir, 'service-widgets.js'))]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const mark of [
      '/api/admin/sync-problems',
      '/api/admin/webhook-events',
      'service-sync-problems',
      'service-webhook-events',
      '/api/ledger/',
      'service-trust-ledger',
      '/api/payment-plans',
      'service-payment-plan',
    ]) {
      expect(kitText).not.toContain(mark);
    }
    expect(readFileSync(path.join(outDir, 'service-webhook-events.js'), 'utf8')).toContain(
      'service-webhook-events',
    );
    // The kit's script is two files: service-widgets.js registers the eight itself (importing the
    // per-element entries would add a file each) and the elements share one chunk (split per
    // element it would weigh about 5 KB more). So the ES modules weigh about the script's weight.
    expect(size.kit.files).toBe(2);
    expect(size.kit.gzip).toBeLessThanOrEqual(size.scriptTag.gzip + 512);
    // The settings card's checklist and allowed origins, and the progress display, come on
    // demand, in files of their own.
    expect(size.onDemand.files).toBeGreaterThan(0);
    // The budget: the eight elements with all they import statically, and the script-tag kit.
    expect(size.kit.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(size.scriptTag.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    // So does the script-tag build, in parts/ beside the script: none of them rides in it.
    expect(size.scriptTagParts.files).toBeGreaterThan(0);
    const script = readFileSync(path.join(outDir, 'service-widgets.iife.js'), 'utf8');
    for (const mark of ['All done: payments flow in.', 'Crear cliente', '/api/admin/progress']) {
      expect(script).not.toContain(mark);
    }
    expect(size.containsZod).toBe(false);
  }, 60_000);
});
