/**
 * A cut card keyed by mistake, on a real broker (Aedes) with a real board (the bridge): the board says LAST COUP at
 * once; a supervisor withdraws it at the keypad (name and code), the board's LAST COUP goes, and the dealer deals on
 * past the round that would have been the last. A board started afterwards, from the snapshot alone, shows no LAST
 * COUP either; the dealer alone cannot withdraw it.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { TableView } from '../contract/kiosk';
import { startAedes } from '../simulator/test-brokers';
import { act, cards, round, SHOE_START } from '../test/helpers/keypad-actions';
import { memoryLogger } from '../mqtt-bridge/log';
import { startTableBoard } from '../test/helpers/board-config';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { startKeypad } from './keypad';
import { hashCode, Supervisors } from './supervisors';

const cleanups = cleanupList();
const lastCoup = (v: TableView) => v.notices.find((n) => n.kind === 'lastCoup');

describe('a cut card keyed by mistake', () => {
  test('withdrawn by a supervisor: LAST COUP goes from the boards, and the shoe goes on', async () => {
    const b = await startAedes();
    cleanups.push(() => b.close());
    const running = await startTableBoard(b.url, 'W1', cleanups);
    const log = memoryLogger('info');
    const kp = await startKeypad({
      logger: log.logger,
      broker: b.url,
      tableId: 'W1',
      journalPath: join(tempDir('bb-withdraw-'), 'keypad.journal'),
      keying: 'cards',
      supervisors: new Supervisors(new Map([['Lee', await hashCode('4821')]])),
      version: '0.1.0',
      backoff: { minMs: 100, maxMs: 400 },
    });
    cleanups.push(() => kp.stop());
    await act(kp, ...SHOE_START, ...round('9H KD 7S 7C'), { type: 'bets-open' }, { type: 'no-more-bets' });
    await act(kp, { type: 'cut-card', firstCardOfRound: true }); // none came out: the wrong key
    await until(() => expect(lastCoup(running.view())).toMatchObject({ hand: 2 }));
    expect(kp.view().can['withdraw-cut-card']).toBe(true);
    // The dealer alone cannot; a wrong code cannot.
    expect(await kp.request({ action: { type: 'withdraw-cut-card' } })).toMatchObject({ ok: false });
    const withdraw = (code: string) =>
      kp.request({ action: { type: 'withdraw-cut-card', note: 'key pressed by mistake' }, supervisor: 'Lee', code });
    expect(await withdraw('nope-7310')).toMatchObject({ ok: false, code: 'supervisor' });
    // Logged for the casino's audit: who and what, never the code.
    const refused = log.records.filter((r) => r.msg === 'supervisor name or code refused');
    expect(refused).toMatchObject([{ supervisor: 'Lee', action: 'withdraw-cut-card', refused: 'supervisor' }]);
    expect(JSON.stringify(log.records)).not.toContain('nope-7310');
    expect(await withdraw('4821')).toMatchObject({ ok: true, view: { can: { 'withdraw-cut-card': false } } });
    await until(() => expect(lastCoup(running.view())).toBeUndefined());
    // The patrons saw LAST COUP go: the board says why, until the round's result.
    expect(running.view().notices).toMatchObject([{ kind: 'cutCardWithdrawn', hand: 2 }]);
    // Round 2 is dealt and round 3 after it, which the cut card would have refused.
    await act(kp, ...cards('9S 8C 2D KD'), { type: 'result' }, ...round('8C 2D KH 3S'));
    await until(() => expect(running.view().shoe?.rounds).toHaveLength(3));
    expect(lastCoup(running.view())).toBeUndefined();
    expect(running.view().notices.map((n) => n.kind)).not.toContain('cutCardWithdrawn');
    // A board started now, from the snapshot alone: no cut card, no LAST COUP.
    await kp.flushed();
    expect(kp.snapshot()?.cutCard).toBeUndefined();
    expect(kp.snapshot()?.lastCoupHandNo).toBeUndefined();
    const late = await startTableBoard(b.url, 'W1', cleanups);
    await until(() => expect(late.view().shoe?.rounds).toHaveLength(3));
    expect(late.view().shoe?.cutCard).toEqual({ drawn: false });
    expect(lastCoup(late.view())).toBeUndefined();
  });
});
