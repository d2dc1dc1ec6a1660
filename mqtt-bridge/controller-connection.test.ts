/**
 * A controller's statuses by connection (`connection` in the status): an offline status of an earlier connection
 * than the one online, and no later, does not say the controller is gone. Found by a red-team review: a genuine
 * signed last will read off the broker and published again showed "controller offline" and hid the round phase.
 */
import { describe, expect, test } from 'vitest';
import { at } from '../test/helpers/table-messages';
import { runMessages as run, statusAt as status } from '../test/helpers/table-state-run';

const online = (t: number, connection?: string) => status(at(t), connection ? { connection } : {});
const offline = (t: number, connection?: string, controllerId = 'C1') =>
  status(at(t), { state: 'offline', controllerId, ...(connection && { connection }) });

describe('an offline status against the connection online', () => {
  test.each([
    // [case, messages, online at the end, last effect]
    ['the will of the connection online: gone', [online(10, 'A'), offline(9, 'A')], false, 'applied'],
    [
      "an earlier connection's will, replayed",
      [online(10, 'A'), offline(20, 'B'), online(21, 'C'), offline(20, 'B')],
      true,
      'duplicate',
    ],
    [
      "an earlier connection's will, published late (the session taken over)",
      [online(30, 'B'), offline(10, 'A')],
      true,
      'duplicate',
    ],
    ['a later connection the board missed: gone', [online(10, 'A'), offline(40, 'B')], false, 'applied'],
    ['a clean stop of the connection online: gone', [online(10, 'A'), offline(50, 'A')], false, 'applied'],
    ['an older controller, no connection: as before', [online(10), offline(5)], false, 'applied'],
    ['the board knows no connection (an older journal): as before', [online(10), offline(5, 'A')], false, 'applied'],
    ['another controller: as before', [online(10, 'A'), offline(5, 'X', 'C2')], false, 'applied'],
  ] as const)('%s', (_, messages, up, effect) => {
    const r = run(messages);
    expect(r.state.controller?.online).toBe(up);
    expect(r.effects.at(-1)?.split(':')[0]).toBe(effect);
  });

  test('the one ignored is said, with both connections', () => {
    const r = run([online(30, 'B'), offline(10, 'A')]);
    expect(r.effects[1]).toMatch(
      /^duplicate: an offline status of an earlier connection \(A, .*\) than the one online \(B/,
    );
  });

  test('an online status of another connection is taken (a restart whose clock is behind still comes back)', () => {
    const r = run([online(30, 'B'), offline(31, 'B'), online(20, 'C')]);
    expect(r.state.controller).toMatchObject({ online: true, connection: 'C' });
  });
});
