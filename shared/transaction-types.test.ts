import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadRemoteSchema } from '../server/remote/sdl.js';
import { LEDGER_ENTRY_KINDS } from './ledger.js';
import { moneyOutBlock } from './money-out-rules.js';
import { TRANSACTION_STATUSES } from './records.js';
import {
  PAYMENT_TYPES,
  REVERSAL_TYPE_LIST,
  REVERSAL_TYPES,
  REVERSED_STATUSES,
  TRANSACTION_TYPES,
  isPaymentType,
  isReversalType,
  reversalEffect,
} from './transaction-types.js';

// The one vocabulary of transaction types (docs/decisions/transaction-types.md). These tests fail
// when the service's enum and ours part, when a type is added without a decision, and when a
// copy of a list appears anywhere else.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The types that are neither payments nor reversals of one, each decided in the record. */
const OTHER_TYPES = ['error', 'payout', 'transfer'];

describe('the transaction types', () => {
  it('are exactly the service TransactionType enum (schema.graphql and the introspection)', () => {
    const enumType = loadRemoteSchema().getType('TransactionType');
    if (!isEnumType(enumType)) throw new Error('TransactionType is not an enum');
    const ours = [...TRANSACTION_TYPES].sort();
    expect(enumType.getValues().map((v) => v.name)).toEqual(ours);

    const introspection = path.resolve(
      root,
      '..',
      'shared',
      'remote-api',
      'schema.introspection.json',
    );
    if (!existsSync(introspection)) return; // schema.test.ts warns; schema.graphql is its copy
    const json = JSON.parse(readFileSync(introspection, 'utf8')) as {
      data?: { __schema: { types: { name: string; enumValues?: { name: string }[] }[] } };
      __schema?: { types: { name: string; enumValues?: { name: string }[] }[] };
    };
    const types = (json.data?.__schema ?? json.__schema)!.types;
    const real = types.find((t) => t.name === 'TransactionType')?.enumValues?.map((v) => v.name);
    expect(real?.sort()).toEqual(ours);
  });

  it('each is a payment, a reversal of one, or one of the others the record decides', () => {
    const decided = [...PAYMENT_TYPES, ...REVERSAL_TYPE_LIST, ...OTHER_TYPES].sort();
    expect(decided).toEqual([...TRANSACTION_TYPES].sort());
    expect(PAYMENT_TYPES).toEqual(['achPayment', 'ccPayment', 'manualPayment']);
    expect(REVERSAL_TYPE_LIST).toEqual([
      'refund',
      'void',
      'reverse',
      'achReturn',
      'chargeback',
      'chargeback_reversal',
    ]);
    for (const type of TRANSACTION_TYPES) {
      expect([isPaymentType(type), isReversalType(type)]).not.toEqual([true, true]);
    }
    expect([isPaymentType(null), isReversalType(null), isReversalType('toString')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('reversals move the ledger columns the record says; only a chargeback reversal gives back', () => {
    expect(REVERSAL_TYPES).toEqual({
      refund: { kind: 'refunded', sign: -1 },
      void: { kind: 'voided', sign: -1 },
      reverse: { kind: 'voided', sign: -1 },
      achReturn: { kind: 'returned', sign: -1 },
      chargeback: { kind: 'charged_back', sign: -1 },
      chargeback_reversal: { kind: 'charged_back', sign: 1 },
    });
    for (const type of REVERSAL_TYPE_LIST) {
      expect(LEDGER_ENTRY_KINDS).toContain(reversalEffect(type)?.kind);
    }
    expect(OTHER_TYPES.map(reversalEffect)).toEqual([null, null, null]);
  });

  it('the reversed statuses are statuses of the service', () => {
    for (const status of REVERSED_STATUSES) expect(TRANSACTION_STATUSES).toContain(status);
  });

  it('the money-out rules refuse every type that is not a payment', () => {
    for (const type of TRANSACTION_TYPES) {
      const block = moneyOutBlock('refund', { type, status: 'DEPOSITED' });
      expect(block === 'not-a-payment').toBe(!isPaymentType(type));
    }
  });
});

/** Source files of the product (not tests): where a copy of a list would hide. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|js|sql)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('no copy of the lists', () => {
  // Two types of a group side by side in a list (an array, a Set, a call's arguments, an SQL
  // `in`): a second copy of the vocabulary. Refund and void together are the money-out kinds.
  const quoted = (types: readonly string[]) => `['"](?:${types.join('|')})['"]`;
  const pair = (types: readonly string[]) =>
    new RegExp(`${quoted(types)}\\s*,\\s*${quoted(types)}`, 'g');
  const payments = pair(PAYMENT_TYPES);
  const reversals = pair(REVERSAL_TYPE_LIST);
  const moneyOutKinds = /^['"](refund|void)['"]\s*,\s*['"](refund|void)['"]$/;

  it('only shared/transaction-types.ts lists payment or reversing types', () => {
    const own = path.join(root, 'shared', 'transaction-types.ts');
    const files = ['server', 'shared', 'widgets'].flatMap((d) => sources(path.join(root, d)));
    expect(files.length).toBeGreaterThan(100);
    const copies = files
      .filter((f) => f !== own)
      .flatMap((f) => {
        const text = readFileSync(f, 'utf8');
        const found = [
          ...(text.match(payments) ?? []),
          ...(text.match(reversals) ?? []).filter((m) => !moneyOutKinds.test(m)),
        ];
        return found.map((m) => `${path.relative(root, f)}: ${m.replace(/\s+/g, ' ')}`);
      });
    expect(copies).toEqual([]);
  });

  it('the check finds a copy (the check itself works)', () => {
    expect("new Set(['achPayment', 'ccPayment'])".match(payments)).toHaveLength(1);
    expect("types: ['refund', 'achReturn']".match(reversals)).toHaveLength(1);
    expect("type in ('ccPayment',\n 'manualPayment')".match(payments)).toHaveLength(1);
    expect("['refund', 'void']".match(reversals)?.filter((m) => !moneyOutKinds.test(m))).toEqual(
      [],
    );
  });
});
