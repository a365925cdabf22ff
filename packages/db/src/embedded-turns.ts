import type { PGlite } from '@electric-sql/pglite';

/**
 * How long the embedded database may run statements back to back before the event loop turns.
 * Long enough that a lone request's statements run together, short enough that sockets are polled
 * (and one new connection accepted) every few milliseconds under load.
 */
const EMBEDDED_TURN_MS = 4;

/**
 * Lets the event loop turn between the embedded database's statements. PGlite executes in this
 * thread and hands results back as resolved promises, so a request's next statement, and every
 * other request's, ran before the loop polled its sockets again: under load one turn of the loop
 * grew to the whole backlog of work (100–200 ms), and as Node accepts one new connection per turn,
 * 50 clients connecting at once waited up to 7 s for their first answer (docs/performance.md).
 * Statements now wait for the next turn once `turnMs` has passed in this one. A
 * transaction holds the turns from its first statement to its last; its own statements go
 * straight to PGlite, which holds its lock for them.
 */
export function takeTurns(client: PGlite, turnMs = EMBEDDED_TURN_MS): void {
  let last: Promise<unknown> = Promise.resolve();
  let turnStarted = performance.now();
  const nextTurn = () =>
    performance.now() - turnStarted < turnMs
      ? undefined
      : new Promise<void>((resolve) =>
          setImmediate(() => {
            turnStarted = performance.now();
            resolve();
          }),
        );
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = last.then(nextTurn).then(run);
    last = result.catch(() => undefined);
    return result;
  };
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<typeof query>) =>
    inTurn(() => query.apply(client, args))) as typeof query;
  client.exec = ((...args: Parameters<typeof exec>) =>
    inTurn(() => exec.apply(client, args))) as typeof exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    inTurn(() => transaction.apply(client, args))) as typeof transaction;
}
