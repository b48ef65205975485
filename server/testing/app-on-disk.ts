import { afterAll, beforeAll, expect } from 'vitest';
import { createTestAppOnDisk, type TestApp } from './app.js';
import { postWebhook, signatureHeader } from './webhook-posts.js';

// The suites of the embedded database's files (durability, a full disk): an app on PGlite in a
// folder of its own, with a webhook secret saved so signed webhooks can be posted to it. Opened
// before the suite's tests, closed after them (a simulated full disk undone first).

export interface AppOnDisk {
  /** The app: set once the suite's beforeAll has run. */
  readonly t: TestApp;
  /** Posts `body` to the organization's webhook URL, signed with the saved secret. */
  postSignedWebhook(body: string): ReturnType<typeof postWebhook>;
}

/** Registers the suite's beforeAll/afterAll; read `.t` inside tests. */
export function useAppOnDisk(webhookSecret: string): AppOnDisk {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestAppOnDisk();
    const saved = await app.request('PUT', '/api/settings', { body: { webhookSecret } });
    expect(saved.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    app?.database.files?.simulateDiskFull(false);
    await app?.close();
  });
  return {
    get t() {
      if (!app) throw new Error('the app on disk is opened in beforeAll');
      return app;
    },
    postSignedWebhook(body) {
      const t = this.t;
      return postWebhook(
        t.app,
        `/webhooks/${t.org.orgId}`,
        body,
        signatureHeader(body, webhookSecret),
      );
    },
  };
}
