import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { eventRefsOf, parseEvents, readEventRefs, transactionIdsOf } from './events.js';

const parse = (value: unknown) =>
  parseEvents(new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value)));

const event = (over: Record<string, unknown> = {}) => ({
  type: 'transaction.created',
  eventId: '5f0c7b2e-1111-4222-8333-444455556666',
  firmId: 'firm',
  data: { transaction: { id: 'a6c1f9d2-1111-4222-8333-444455556666' } },
  ...over,
});

describe('parseEvents', () => {
  it('reads an array of events and a single event', () => {
    expect(parse([event(), event({ eventId: 'e2' })])).toHaveLength(2);
    expect(parse(event())).toEqual([
      {
        eventId: event().eventId,
        type: 'transaction.created',
        payload: event(),
        transactionIds: ['a6c1f9d2-1111-4222-8333-444455556666'],
      },
    ]);
    expect(parse([])).toEqual([]);
  });

  it('names no transactions for kinds it does not handle', () => {
    expect(parse(event({ type: 'firm.updated' }))[0]?.transactionIds).toEqual([]);
  });

  it('reads chargebacks under any transaction.* kind', () => {
    for (const type of ['transaction.charged_back', 'transaction.chargeback']) {
      expect(parse(event({ type }))[0]?.transactionIds).toEqual([
        'a6c1f9d2-1111-4222-8333-444455556666',
      ]);
    }
  });

  it('reads the month of statement.created in each shape, else asks for recent months', () => {
    const refs = (data: unknown) =>
      parse(event({ type: 'statement.created', data }))[0]?.transactionIds;
    expect(refs({ statement: { id: 's1', month: '2026-10' } })).toEqual(['statements:2026-10']);
    expect(refs({ month: '2026-09-01T00:00:00Z' })).toEqual(['statements:2026-09']);
    expect(refs({ statement: { id: 's1' } })).toEqual(['statements:recent']);
    expect(refs({})).toEqual(['statements:recent']);
    expect(refs(undefined)).toEqual(['statements:recent']);
    expect(refs({ month: 'October' })).toEqual(['statements:recent']);
  });

  it.each([
    ['not JSON', '{"type":'],
    ['a number', 42],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['an array of non-objects', [1, 2]],
    ['an event without eventId', [{ type: 'transaction.created' }]],
    ['an event without type', [{ eventId: 'x' }]],
    ['an empty eventId', [event({ eventId: '' })]],
    ['a numeric eventId', [event({ eventId: 7 })]],
    ['a too long type', [event({ type: 'x'.repeat(101) })]],
    ['a NUL character, which the database cannot store', [event({ data: { note: 'a\u0000b' } })]],
    ['a NUL character in a key', '[{"type":"t","eventId":"e","data":{"a\\u0000":1}}]'],
  ])('refuses %s with invalid_input', (_name, body) => {
    expect(() => parse(body)).toThrow(AppError);
    try {
      parse(body);
    } catch (error) {
      expect((error as AppError).code).toBe('invalid_input');
    }
  });
});

describe('transactionIdsOf', () => {
  it('collects the transaction and any original, refund or return it names', () => {
    expect(
      transactionIdsOf({
        transaction: { id: 't1', originalTransactionId: 'o1' },
        refundTransaction: { id: 'r1' },
        originalTransaction: { id: 'o1' },
        returnTransactionId: 'x1',
      }).sort(),
    ).toEqual(['o1', 'r1', 't1', 'x1']);
    expect(transactionIdsOf({ transactionId: 't2' })).toEqual(['t2']);
  });

  it('ignores what is not an id', () => {
    expect(transactionIdsOf(null)).toEqual([]);
    expect(transactionIdsOf({ transaction: { id: 5 } })).toEqual([]);
    expect(transactionIdsOf({ transaction: { id: 'x'.repeat(37) } })).toEqual([]);
    expect(transactionIdsOf({ transaction: { id: "'; drop table" } })).toEqual([]);
  });
});

describe('the request a completion event names', () => {
  const refs = (data: unknown) => eventRefsOf('refund_request.completed', data);
  it('reads it from every plausible shape, by id else externalId, else from its transaction', () => {
    expect(refs({ refundRequest: { id: 'rr-1', externalId: 'x-1' } })).toEqual([
      'refund_request:rr-1',
    ]);
    expect(refs({ request: { externalId: 'x-1' } })).toEqual(['refund_request:external:x-1']);
    expect(refs({ id: 'rr-2' })).toEqual(['refund_request:rr-2']);
    expect(refs({ externalId: 'x-2' })).toEqual(['refund_request:external:x-2']);
    expect(refs({ transaction: { id: 'tx-9' } })).toEqual(['tx-9', 'refund_request:payment:tx-9']);
    expect(eventRefsOf('void_request.completed', { voidRequest: { id: 'vr-1' } })).toEqual([
      'void_request:vr-1',
    ]);
    // Nothing it could name: no ref (the inbox marks the event dead, saying what it looked for).
    expect(refs({})).toEqual([]);
    expect(refs({ id: 'has spaces' })).toEqual([]);
  });
});

describe('readEventRefs', () => {
  it('reads back what eventRefsOf stored: transactions, requests and statements, typed', () => {
    const stored = [
      ...eventRefsOf('refund_request.completed', { refundRequest: { id: 'req-1' } }),
      ...eventRefsOf('void_request.completed', { voidRequest: { externalId: 'ours-1' } }),
      ...eventRefsOf('refund_request.completed', { transaction: { id: 'tx-9' } }),
      ...eventRefsOf('statement.created', { month: '2026-10' }),
      ...eventRefsOf('statement.created', {}),
      ...eventRefsOf('transaction.created', { transaction: { id: 'tx-1' } }),
    ];
    expect(readEventRefs(stored)).toEqual({
      transactions: ['tx-9', 'tx-1'],
      requests: [
        { kind: 'refund', by: 'id', value: 'req-1' },
        { kind: 'void', by: 'external', value: 'ours-1' },
        { kind: 'refund', by: 'payment', value: 'tx-9' },
      ],
      statements: ['2026-10', 'recent'],
    });
  });
});
