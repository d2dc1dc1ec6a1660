/**
 * A time limit on a promise, for shutdowns that must end whatever a broker or a disk does.
 *
 * ```ts
 * const ended = await within(client.endAsync(), 2000); // undefined if it took longer
 * ```
 * @packageDocumentation
 */

/** Resolves with `p`, or with undefined after `ms` whatever `p` does (a disk or broker that hangs). */
export const within = <T>(p: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([p, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);
