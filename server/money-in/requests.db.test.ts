// Payment requests end to end: the app and the simulated service on loopback HTTP, webhooks
// delivered. The reminders' days are made to come by running each waiting step job at once
// (Worker.runNow claims a job whatever its run_at): the first email, a reminder at each day of
// the cadence, none once the link is paid; a send cut short before its record is never sent
// again; 409 for a paid link, 400 naming each bad address; stop; aggregate links.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentLinks, paymentRequests } from '../db/schema/index.js';
import type { RemoteApi } from '../remote/index.js';
import { useMoneyIn } from '../testing/money-in.js';

const m = useMoneyIn();
const DAY = 24 * 60 * 60_000;

const ask = (path: string, body: Record<string, unknown>) =>
  m.h.t.request('POST', path, {
    body: { emails: ['pat@example.com'], subject: 'Your invoice', message: 'Please pay', ...body },
  });
const requestsOf = async (linkId: string) =>
  (await m.h.t.request('GET', `/api/payment-links/${linkId}/requests`)).body.data;

describe('a payment request with reminders', () => {
  it('sends at once, then on day 3 and day 7, until the link is paid by webhook; then stops', async () => {
    const link = await m.link('25.00');
    const before = m.emails().length;
    const sent = await ask(`/api/payment-links/${link.id}/requests`, {
      cc: ['office@example.com'],
      reminderDays: [3, 7, 14],
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      paymentLinkId: link.id,
      emails: ['pat@example.com'],
      cc: ['office@example.com'],
      reminderDays: [3, 7, 14],
      emailsSent: 1,
      sentBy: expect.stringMatching(/\S/),
      // No X-Acting-User: the admin key's label names the person.
      by: { id: expect.any(String), name: expect.stringMatching(/\S/) },
      stoppedAt: null,
    });
    const sentAt = Date.parse(sent.body.sentAt);
    expect(Date.parse(sent.body.nextReminderAt)).toBe(sentAt + 3 * DAY);
    expect(m.emails().slice(before)).toEqual([
      expect.objectContaining({
        to: ['pat@example.com'],
        cc: ['office@example.com'],
        subject: 'Your invoice',
        paymentLinkId: link.serviceId,
      }),
    ]);

    // Day 3, then day 7: exactly two more emails, each step's job due on its day.
    expect((await m.runDueStep(sent.body.id))?.getTime()).toBe(sentAt + 3 * DAY);
    expect(m.emails().length - before).toBe(2);
    expect((await m.runDueStep(sent.body.id))?.getTime()).toBe(sentAt + 7 * DAY);
    expect(m.emails().length - before).toBe(3);
    let [listed] = await requestsOf(link.id);
    expect(listed).toMatchObject({ emailsSent: 3, unconfirmedEmails: 0 });
    expect(Date.parse(listed.nextReminderAt)).toBe(sentAt + 14 * DAY);

    // The payer pays through the emailed link: the webhook stores the payment, linked.
    const paid = m.h.sim.sandbox.payPaymentLink(m.h.firm.id, link.serviceId, { method: 'CARD' });
    const payment = await m.h.waitFor(async () => {
      const row = await m.h.storedTransaction(paid.transactions[0]!.id);
      return row?.payRequestId ? row : undefined;
    });
    expect(payment.payRequestId).toBe(sent.body.id);
    const shown = await m.h.t.request('GET', `/api/transactions/${payment.id}`);
    expect(shown.body.payRequestId).toBe(sent.body.id);
    await m.h.waitFor(async () => {
      const got = await m.h.t.request('GET', `/api/payment-links/${link.id}`);
      return got.body.status === 'paid';
    });
    [listed] = await requestsOf(link.id);
    expect(listed.nextReminderAt).toBeNull();

    // Day 14 comes: nothing is sent, the reminders end as paid, and no step waits any more.
    await m.runDueStep(sent.body.id);
    expect(m.emails().length - before).toBe(3);
    [listed] = await requestsOf(link.id);
    expect(listed).toMatchObject({ stoppedReason: 'paid', nextReminderAt: null, emailsSent: 3 });
    expect(await m.runDueStep(sent.body.id)).toBeNull();

    // A request to the paid link is refused, and sends nothing.
    const refused = await ask(`/api/payment-links/${link.id}/requests`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/paid/);
    expect(m.emails().length - before).toBe(3);
  });

  it('uses the firm’s cadence from the settings, and ends after its last reminder', async () => {
    const put = await m.h.t.request('PUT', '/api/settings', { body: { reminderDays: [3, 7] } });
    expect(put.status).toBe(200);
    expect(put.body.reminderDays).toEqual([3, 7]);
    const bad = await m.h.t.request('PUT', '/api/settings', { body: { reminderDays: [7, 3] } });
    expect(bad.status).toBe(400);
    const link = await m.link();
    // The list offers the firm's cadence to a new request (staff may not read the settings).
    const empty = await m.h.t.request('GET', `/api/payment-links/${link.id}/requests`);
    expect(empty.body).toEqual({ data: [], defaultReminderDays: [3, 7] });
    const sent = await ask(`/api/payment-links/${link.id}/requests`, {});
    expect(sent.body.reminderDays).toEqual([3, 7]);
    await m.runDueStep(sent.body.id);
    await m.runDueStep(sent.body.id);
    const [listed] = await requestsOf(link.id);
    expect(listed).toMatchObject({ emailsSent: 3, nextReminderAt: null, stoppedAt: null });
    expect(await m.runDueStep(sent.body.id)).toBeNull();
    // `[]` on a request: no reminders at all.
    const none = await ask(`/api/payment-links/${link.id}/requests`, { reminderDays: [] });
    expect(none.body).toMatchObject({ emailsSent: 1, nextReminderAt: null });
    expect(await m.runDueStep(none.body.id)).toBeNull();
  });
});

describe('a reminder cut short between its send and its record', () => {
  it('is never sent again: the next attempt counts it as sent, unconfirmed', async () => {
    const link = await m.link();
    const sent = await ask(`/api/payment-links/${link.id}/requests`, { reminderDays: [3, 7] });
    const before = m.emails().length;
    // The service takes the email, then the process dies before the step is recorded.
    const remote = m.h.t.remote as { -readonly [K in keyof RemoteApi]: RemoteApi[K] };
    const real = remote.sendPaymentRequest;
    remote.sendPaymentRequest = async (...args) => {
      await real(...args);
      throw new Error('the process died after the send, before its record');
    };
    try {
      await m.runDueStep(sent.body.id);
    } finally {
      remote.sendPaymentRequest = real;
    }
    expect(m.emails().length).toBe(before + 1);
    // The job runs again (its retry): the step is claimed and not recorded, so nothing is sent.
    await m.runDueStep(sent.body.id);
    expect(m.emails().length).toBe(before + 1);
    const [listed] = await requestsOf(link.id);
    expect(listed).toMatchObject({ emailsSent: 2, unconfirmedEmails: 1 });
    expect(Date.parse(listed.nextReminderAt)).toBe(Date.parse(sent.body.sentAt) + 7 * DAY);
    // The next step goes out as usual.
    await m.runDueStep(sent.body.id);
    expect(m.emails().length).toBe(before + 2);
  });
});

describe('refusals and stopping', () => {
  it('400 names each bad address, and sends nothing', async () => {
    const link = await m.link();
    const before = m.emails().length;
    const res = await ask(`/api/payment-links/${link.id}/requests`, {
      emails: ['pat@example.com', 'not-an-email', 'also bad@example'],
      cc: ['x@'],
    });
    expect(res.status).toBe(400);
    const fields = res.body.error.details.fields;
    expect(fields['emails.1'][0]).toContain('"not-an-email"');
    expect(fields['emails.2'][0]).toContain('"also bad@example"');
    expect(fields['cc.0'][0]).toContain('"x@"');
    expect(fields['emails.0']).toBeUndefined();
    expect(m.emails().length).toBe(before);
    expect(await requestsOf(link.id)).toEqual([]);
  });

  it('stop ends the reminders; its waiting step sends nothing; each names its person', async () => {
    const link = await m.link();
    const sent = await m.h.t.request('POST', `/api/payment-links/${link.id}/requests`, {
      body: { emails: ['pat@example.com'], subject: 'Your invoice', message: 'Please pay' },
      headers: { 'x-acting-user': 'u-1; Ana Ruiz' },
    });
    expect(sent.body).toMatchObject({ by: { id: 'u-1', name: 'Ana Ruiz' }, stoppedByPerson: null });
    const before = m.emails().length;
    const stop = await m.h.t.request(
      'POST',
      `/api/payment-links/${link.id}/requests/${sent.body.id}/stop`,
      { headers: { 'x-acting-user': 'u-2; Ben Ortiz' } },
    );
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({
      stoppedReason: 'stopped',
      nextReminderAt: null,
      by: { id: 'u-1', name: 'Ana Ruiz' },
      stoppedByPerson: { id: 'u-2', name: 'Ben Ortiz' },
    });
    expect(stop.body.stoppedBy).toBe(sent.body.sentBy);
    const [listed] = await requestsOf(link.id);
    expect(listed.stoppedByPerson).toEqual({ id: 'u-2', name: 'Ben Ortiz' });
    await m.runDueStep(sent.body.id);
    expect(m.emails().length).toBe(before);
    const other = await m.link();
    const wrong = await m.h.t.request(
      'POST',
      `/api/payment-links/${other.id}/requests/${sent.body.id}/stop`,
    );
    expect(wrong.status).toBe(404);
  });
});

describe('reminders end with their link', () => {
  const stored = async (id: string) =>
    (await m.h.t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0];

  it('a deleted link: its waiting reminder sends nothing, and the request ends as deleted', async () => {
    const link = await m.link();
    const sent = await ask(`/api/payment-links/${link.id}/requests`, { reminderDays: [3, 7] });
    expect(sent.status).toBe(201);
    const before = m.emails().length;
    const deleted = await m.h.t.request('DELETE', `/api/payment-links/${link.id}`);
    expect(deleted.status).toBe(204);
    await m.runDueStep(sent.body.id);
    await m.runDueStep(sent.body.id);
    expect(m.emails().length).toBe(before);
    expect(await stored(sent.body.id)).toMatchObject({
      paymentLinkId: null,
      stoppedReason: 'deleted',
      stoppedAt: expect.any(Date),
      stepsSent: 1,
    });
  });

  it('a sealed link: its waiting reminder sends nothing, and the request ends as sealed', async () => {
    const link = await m.link();
    const sent = await ask(`/api/payment-links/${link.id}/requests`, { reminderDays: [3, 7] });
    const before = m.emails().length;
    // The service sealed it, and the link's sync stored that.
    await m.h.t.database.db
      .update(paymentLinks)
      .set({ status: 'sealed' })
      .where(eq(paymentLinks.id, link.id));
    await m.runDueStep(sent.body.id);
    expect(m.emails().length).toBe(before);
    const [listed] = await requestsOf(link.id);
    expect(listed).toMatchObject({ stoppedReason: 'sealed', nextReminderAt: null, emailsSent: 1 });
  });
});

describe('an aggregate link’s request', () => {
  it('emails the aggregate page; its payment is linked to the request', async () => {
    const a = await m.link('5.00');
    const [aggregate] = (
      await m.h.t.request('POST', '/api/actions/AggregateLinkCreate', {
        body: { paymentLinkIds: [a.id] },
      })
    ).body;
    const sent = await ask(`/api/aggregate-links/${aggregate.id}/requests`, {});
    expect(sent.status).toBe(201);
    expect(sent.body.aggregateLinkId).toBe(aggregate.id);
    expect(m.emails().at(-1)).toMatchObject({ aggregateLinkId: aggregate.serviceId });
    const listed = await m.h.t.request('GET', `/api/aggregate-links/${aggregate.id}/requests`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([sent.body.id]);
    const paid = m.h.sim.sandbox.payAggregatePaymentLink(m.h.firm.id, aggregate.serviceId);
    const payment = await m.h.waitFor(async () => {
      const row = await m.h.storedTransaction(paid.transactions[0]!.id);
      return row?.payRequestId ? row : undefined;
    });
    expect(payment.payRequestId).toBe(sent.body.id);
  });
});
