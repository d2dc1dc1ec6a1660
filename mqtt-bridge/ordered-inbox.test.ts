import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { OrderedInbox, type Pending } from './ordered-inbox';

type Item = { readonly n: number; readonly ok: boolean };

/** A pending result resolved (or rejected) when the test says so. */
function deferred(n: number): { pending: Pending<Item, boolean>; settle(ok: boolean | Error): void } {
  let resolve!: (ok: boolean) => void;
  let reject!: (e: Error) => void;
  const check = new Promise<boolean>((res, rej) => ((resolve = res), (reject = rej)));
  return {
    pending: { to: 'pending', check, finish: (ok) => ({ n, ok }) },
    settle: (ok) => (ok instanceof Error ? reject(ok) : resolve(ok)),
  };
}

function inbox() {
  const taken: Item[] = [];
  const faults: unknown[] = [];
  const box = new OrderedInbox<number, Item, boolean>(
    (_n, item) => {
      if (item.n < 0) throw new Error('take threw');
      taken.push(item);
    },
    (n) => ({ n, ok: false }),
    (e) => faults.push(e),
  );
  return { box, taken, faults };
}

describe('messages taken in the order they came, signatures verified meanwhile', () => {
  test('with nothing waiting, a result is taken at once (synchronously)', () => {
    const { box, taken } = inbox();
    box.push(1, { n: 1, ok: true });
    expect(taken).toEqual([{ n: 1, ok: true }]);
    expect(box.waiting).toBe(0);
  });

  test('a result behind a pending one waits for it, then both go in order', async () => {
    const { box, taken } = inbox();
    const a = deferred(1);
    box.push(1, a.pending);
    box.push(2, { n: 2, ok: true });
    expect(taken).toEqual([]);
    expect(box.waiting).toBe(2);
    a.settle(true);
    await box.settled();
    expect(taken.map((t) => t.n)).toEqual([1, 2]);
  });

  test('a failed check still takes its place, as the failure; a throwing take is a fault, not a stop', async () => {
    const { box, taken, faults } = inbox();
    const a = deferred(1);
    box.push(1, a.pending);
    box.push(-1, { n: -1, ok: true });
    box.push(3, { n: 3, ok: true });
    a.settle(new Error('no thread'));
    await box.settled();
    expect(taken).toEqual([
      { n: 1, ok: false },
      { n: 3, ok: true },
    ]);
    expect(faults).toHaveLength(1);
  });

  test('closed: what is still pending is dropped, and settled() does not hang', async () => {
    const { box, taken } = inbox();
    const a = deferred(1);
    box.push(1, a.pending);
    const done = box.settled();
    box.close();
    await done;
    a.settle(true);
    await Promise.resolve();
    box.push(2, { n: 2, ok: true });
    expect(taken).toEqual([]);
  });

  test('whatever order the checks answer in, the results are taken in the order they came', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), // pending or not, message by message
        fc.infiniteStream(fc.nat()),
        async (pendingAt, picks) => {
          const { box, taken } = inbox();
          const open: ReturnType<typeof deferred>[] = [];
          pendingAt.forEach((p, n) => {
            if (!p) return box.push(n, { n, ok: true });
            const d = deferred(n);
            open.push(d);
            box.push(n, d.pending);
          });
          const it = picks[Symbol.iterator]();
          while (open.length > 0) {
            const [d] = open.splice(it.next().value % open.length, 1);
            d!.settle(true);
            await Promise.resolve();
          }
          await box.settled();
          expect(taken.map((t) => t.n)).toEqual(pendingAt.map((_, n) => n));
        },
      ),
      { numRuns: 200 },
    );
  });
});
