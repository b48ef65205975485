// The simulated firms, each known by its id and its API key (`x-api-key`).
import { badInput, notFound } from './errors.js';
import type { IdSource } from './ids.js';
import {
  createFirmState,
  type AggregateLinkRecord,
  type FirmInit,
  type FirmState,
  type PaymentLinkRecord,
} from './state.js';

export interface FirmInfo {
  id: string;
  name: string;
  apiKey: string;
}

export const firmInfo = (firm: FirmState): FirmInfo => ({
  id: firm.id,
  name: firm.name,
  apiKey: firm.apiKey,
});

export class FirmRegistry {
  private readonly byId = new Map<string, FirmState>();
  private readonly byKey = new Map<string, FirmState>();

  constructor(
    private readonly ids: IdSource,
    /** Unknown keys with this prefix create a firm on first use (like a fresh sandbox account). */
    private readonly autoCreatePrefix?: string,
  ) {}

  create(init: FirmInit = {}): FirmState {
    if (init.apiKey !== undefined && (init.apiKey.length === 0 || this.byKey.has(init.apiKey))) {
      throw badInput('apiKey is empty or already taken');
    }
    if (init.id !== undefined && this.byId.has(init.id)) throw badInput('firm id already taken');
    const firm = createFirmState(this.ids, init, this.byId.size + 1);
    this.byId.set(firm.id, firm);
    this.byKey.set(firm.apiKey, firm);
    return firm;
  }

  /** Adds a firm restored from a snapshot, ids and key as they were. */
  restore(firm: FirmState): FirmState {
    if (this.byId.has(firm.id) || this.byKey.has(firm.apiKey))
      throw badInput('firm already exists');
    this.byId.set(firm.id, firm);
    this.byKey.set(firm.apiKey, firm);
    return firm;
  }

  /** The firm of an API key; undefined means 401. */
  authenticate(apiKey: string): FirmState | undefined {
    const firm = this.byKey.get(apiKey);
    if (firm) return firm;
    if (this.autoCreatePrefix && apiKey.startsWith(this.autoCreatePrefix)) {
      return this.create({ apiKey });
    }
    return undefined;
  }

  /** By firm id or API key. */
  get(ref: string): FirmState {
    const firm = this.byId.get(ref) ?? this.byKey.get(ref);
    if (!firm) throw notFound('Firm', ref);
    return firm;
  }

  byFirmId(id: string): FirmState | undefined {
    return this.byId.get(id);
  }

  all(): FirmState[] {
    return [...this.byId.values()];
  }

  /** The payment link or aggregate link with this id, in whichever firm holds it. */
  findPayable(
    id: string,
  ):
    | { firm: FirmState; link: PaymentLinkRecord; aggregate?: undefined }
    | { firm: FirmState; link?: undefined; aggregate: AggregateLinkRecord }
    | undefined {
    for (const firm of this.byId.values()) {
      const link = firm.paymentLinks.get(id);
      if (link && !link.removed) return { firm, link };
      const aggregate = firm.aggregateLinks.get(id);
      // An emptied aggregate is how the real service retires one: its page takes no payment.
      if (aggregate && aggregate.paymentLinkIds.length > 0) return { firm, aggregate };
    }
    return undefined;
  }
}
