// sendPaymentRequest through GraphQL over loopback: the emails it records (and GET
// /_sandbox/emails), its refusals, and `payRequest` on the payments that follow.
import { describe, expect, it } from 'vitest';
import { newClient, newLink, ok } from '../server/testing/simulator-fixtures.js';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator();

const SEND = `mutation($i: SendPaymentRequestInput!) { sendPaymentRequest(input: $i) }`;
const request = (paymentLinkId: string, over: Record<string, unknown> = {}) => ({
  i: {
    paymentLinkId,
    emails: ['pat@example.com'],
    subject: 'Invoice',
    message: 'Please pay',
    ...over,
  },
});

describe('sendPaymentRequest', () => {
  it('records the email it would send; the payment that follows carries payRequest', async () => {
    const link = await newLink(s, await newClient(s), {
      operating: 5000,
      externalId: 'local-link-1',
    });
    const sent = await ok(s, SEND, request(link.id, { ccEmails: ['office@example.com'] }));
    expect(sent.sendPaymentRequest).toBe(true);
    const emails = await s.admin<{ emails: unknown[] }>('GET', '/emails');
    expect(emails.body.emails).toEqual([
      expect.objectContaining({
        to: ['pat@example.com'],
        cc: ['office@example.com'],
        subject: 'Invoice',
        paymentLinkId: link.id,
        url: `${s.origin}/pay/${link.id}`,
      }),
    ]);
    const paid = s.sim.sandbox.payPaymentLink(s.firm.id, link.id, { amount: 1000 });
    const tx = await ok(
      s,
      `{ transaction(id: "${paid.transactions[0]!.id}") { payRequest { externalId } } }`,
    );
    expect(tx.transaction).toEqual({ payRequest: { externalId: 'local-link-1' } });
    // A cheque the firm records answers no request.
    const manual = await ok(
      s,
      `mutation { recordManualPaymentOnPaymentLink(input: { paymentLinkId: "${link.id}", operating: 1000 }) {
         transactions { payRequest { externalId } } } }`,
    );
    expect(manual.recordManualPaymentOnPaymentLink).toEqual({
      transactions: [{ payRequest: null }],
    });
  });

  it('refuses a bad address (naming it) and a paid link, and records nothing', async () => {
    const link = await newLink(s, await newClient(s), { operating: 100 });
    const before = s.sim.payRequests.emails(s.firm.id).length;
    const bad = await s.gql(SEND, request(link.id, { emails: ['ok@example.com', 'nope'] }));
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toContain('nope');
    s.sim.sandbox.payPaymentLink(s.firm.id, link.id);
    const paid = await s.gql(SEND, request(link.id));
    expect(paid.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(s.sim.payRequests.emails(s.firm.id)).toHaveLength(before);
  });
});
