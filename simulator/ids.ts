// Ids, keys and secrets. Unseeded: node:crypto. Seeded (`--seed`): a small deterministic PRNG, so a
// demo or a benchmark can be replayed with the same uuids. Neither is ever used for real secrets.
import { randomBytes, randomUUID } from 'node:crypto';

export interface IdSource {
  /** A uuid v4 string (36 characters). */
  uuid(): string;
  /** `bytes` random bytes as lowercase hex. */
  hex(bytes: number): string;
}

/** sfc32 seeded through a string hash (cyrb128): tiny, fast, good enough for test data. */
function seededBytes(seed: string): (count: number) => Uint8Array {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  let [a, b, c, d] = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  return (count) => {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = next() & 0xff;
    return out;
  };
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export function createIdSource(seed?: string | number): IdSource {
  if (seed === undefined) {
    return { uuid: () => randomUUID(), hex: (bytes) => randomBytes(bytes).toString('hex') };
  }
  const bytesOf = seededBytes(String(seed));
  return {
    uuid() {
      const b = bytesOf(16);
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40; // version 4
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
      const h = toHex(b);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    hex: (bytes) => toHex(bytesOf(bytes)),
  };
}
