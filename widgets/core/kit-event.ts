// The base of every event class of the kit (core/events.ts, the operations' and the trust
// ledger's): a module of its own, so the package's main entry, which re-exports the events, does
// not make the base a public name.

/** A kit event's class (what its .d.ts says): built with a `detail`, its DOM name on it. */
export interface KitEventClass<D> {
  new (detail: D): CustomEvent<D>;
  readonly eventName: string;
}

/**
 * The base of the kit's event `name`, whose `detail` is a `D`: bubbling and composed, its name
 * on the class too (`ServiceReadyEvent.eventName`). Every event of the kit extends one.
 */
export function kitEvent<D>(name: string): KitEventClass<D> {
  return class extends CustomEvent<D> {
    static readonly eventName = name;
    constructor(detail: D) {
      super(name, { bubbles: true, composed: true, detail });
    }
  };
}
