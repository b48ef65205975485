// Injected faults, per firm and target. Each request (GraphQL) or delivery attempt (webhook)
// consumes the oldest matching fault; a fault with `count` N fires N times.
import { badInput } from './errors.js';

/**
 * `slow_answer`: the request is executed at once, its answer held back `latencyMs` (a crash window).
 * `lost_answer`: the request is executed, then answered with `status` (default 502): the service
 * acted, the caller hears a failure.
 */
type GraphqlFaultKind = 'status' | 'latency' | 'drop' | 'slow_answer' | 'lost_answer';
type WebhookFaultKind = 'latency' | 'drop' | 'duplicate';

export type FaultSpec =
  | {
      target: 'graphql';
      kind: GraphqlFaultKind;
      count?: number;
      status?: number;
      latencyMs?: number;
    }
  | { target: 'webhook'; kind: WebhookFaultKind; count?: number; latencyMs?: number };

export type Fault = FaultSpec & { id: string; remaining: number };

export class FaultBox {
  private readonly faults = new Map<string, Fault[]>();
  private nextId = 1;

  inject(firmId: string, spec: FaultSpec): Fault {
    const count = spec.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw badInput('count must be a positive integer');
    const fault: Fault = { ...spec, id: `fault-${this.nextId++}`, remaining: count };
    const list = this.faults.get(firmId) ?? [];
    list.push(fault);
    this.faults.set(firmId, list);
    return fault;
  }

  /** The fault this request or attempt hits, if any (consumed). */
  take(firmId: string, target: FaultSpec['target']): Fault | undefined {
    const list = this.faults.get(firmId);
    const index = list?.findIndex((f) => f.target === target) ?? -1;
    if (!list || index < 0) return undefined;
    const fault = list[index] as Fault;
    fault.remaining--;
    if (fault.remaining === 0) list.splice(index, 1);
    return { ...fault };
  }

  list(firmId: string): Fault[] {
    return (this.faults.get(firmId) ?? []).map((f) => ({ ...f }));
  }

  clear(firmId: string): void {
    this.faults.delete(firmId);
  }
}
