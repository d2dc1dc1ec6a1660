import pino from 'pino';
import { describe, expect, test } from 'vitest';
import type { Outgoing } from '../simulator/messages';
import type { ControllerLink } from '../simulator/publisher';
import { Outbox } from './outbox';

const message = (n: number) => ({ kind: 'event', topic: `t/${n}` }) as unknown as Outgoing;

/** A link whose publishes settle when the test says, failing where `fails` says. */
function fakeLink(fails: (m: Outgoing) => boolean = () => false) {
  const sent: Outgoing[] = [];
  const waiting: (() => void)[] = [];
  const link = {
    publish: (m: Outgoing) =>
      new Promise<void>((resolve, reject) => {
        sent.push(m);
        waiting.push(() => (fails(m) ? reject(new Error('broker gone')) : resolve()));
      }),
  } as unknown as ControllerLink;
  const ack = async () => {
    await Promise.resolve();
    waiting.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { link, sent, ack };
}

describe('the outbox', () => {
  test('publishes one after another, in order; the pending count falls as the broker acknowledges', async () => {
    const f = fakeLink();
    let settled = 0;
    const outbox = new Outbox(pino({ level: 'silent' }), () => settled++);
    outbox.link = f.link;
    for (const n of [1, 2, 3]) outbox.send(message(n));
    expect(outbox.pending).toBe(3);
    await new Promise((r) => setImmediate(r));
    expect(f.sent).toEqual([message(1)]); // the next waits for the last
    await f.ack();
    expect([outbox.pending, settled, f.sent.length]).toEqual([2, 1, 2]);
    await f.ack();
    await f.ack();
    await outbox.flushed();
    expect([outbox.pending, settled, f.sent]).toEqual([0, 3, [message(1), message(2), message(3)]]);
  });

  test('a failed publish is logged and counted out; the next still goes', async () => {
    const [first, second] = [message(1), message(2)];
    const f = fakeLink((m) => m === first);
    const errors: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
    const outbox = new Outbox(log, () => undefined);
    outbox.link = f.link;
    outbox.send(first);
    outbox.send(second);
    await f.ack();
    await f.ack();
    await outbox.flushed();
    expect(outbox.pending).toBe(0);
    expect(f.sent).toEqual([first, second]);
    expect(errors.join('')).toMatch(/broker gone.*publish failed/);
  });

  test('without a connection, nothing is sent nor counted', async () => {
    const outbox = new Outbox(pino({ level: 'silent' }), () => undefined);
    outbox.send(message(1));
    expect(outbox.pending).toBe(0);
    await outbox.flushed();
  });
});
