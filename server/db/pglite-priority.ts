import type { PGlite } from '@electric-sql/pglite';

// PGlite runs one statement at a time, in the order they were asked for. While the workers drain a
// backlog, a hundred jobs keep its queue full and a webhook's insert (whose commit the remote
// waits for, 5 s at most) would wait behind all of them. This gate lets one call at a time into
// PGlite (so its own queue never grows) and, when it frees, lets the urgent face's next call in
// before any waiting normal one: a webhook's write waits for at most the one statement (or
// transaction) already running. Inside a transaction the statements use the transaction's own
// handle and are not gated. Throughput is unchanged: PGlite never ran two calls at once anyway.

type Task = () => void;

/** Two faces of one PGlite: `normal` for everything, `urgent` for the writes acks wait for. */
export function prioritizedPglite(client: PGlite): { normal: PGlite; urgent: PGlite } {
  const queues: [Task[], Task[]] = [[], []];
  let busy = false;

  const next = () => {
    const task = queues[0].shift() ?? queues[1].shift();
    if (!task) {
      busy = false;
      return;
    }
    task();
  };

  const gated =
    (urgent: boolean) =>
    <T>(call: () => Promise<T>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const task = () => {
          busy = true;
          let running: Promise<T>;
          try {
            running = call();
          } catch (error) {
            running = Promise.reject(error);
          }
          running.then(resolve, reject).finally(next);
        };
        if (!busy) task();
        else queues[urgent ? 0 : 1].push(task);
      });

  const face = (urgent: boolean): PGlite => {
    const run = gated(urgent);
    return new Proxy(client, {
      get(target, property) {
        if (property === 'query' || property === 'exec' || property === 'transaction') {
          const method = Reflect.get(target, property, target) as (
            ...a: unknown[]
          ) => Promise<unknown>;
          return (...args: unknown[]) => run(() => method.apply(target, args));
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function'
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      },
    });
  };
  return { normal: face(false), urgent: face(true) };
}
