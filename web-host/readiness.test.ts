import { describe, expect, test } from 'vitest';
import type { ConnectionView, OutOfStep, TableView } from '../contract/kiosk';
import { makeView } from '../test/fixtures/views/build-view';
import { readiness, readinessText } from './readiness';

const NOW = Date.parse('2026-11-27T09:00:00.000Z');
const SINCE = '2026-11-27T08:41:10.123Z';
const HEARD = '2026-11-27T08:59:58.000Z';
const BROKER = 'mqtt://broker:1883';

function view(connection: Partial<ConnectionView>, outOfStep: OutOfStep | null = null): TableView {
  const v = makeView({ shoe: 'BPB', connection: 'connected' }, NOW);
  const c: ConnectionView = { state: 'connected', since: SINCE, lastMessageAt: HEARD, broker: BROKER, ...connection };
  return { ...v, tableId: 'T1', displayId: 'D1', connection: c, outOfStep };
}

describe('readiness: whether the board shows its table live', () => {
  test.each([
    ['connected, heard, in step', view({}), 'ready\n', null],
    [
      'connecting the first time',
      view({ state: 'connecting', broker: null, lastMessageAt: null }),
      'not ready: connecting to the broker since 2026-11-27T08:41:10Z\n',
      'broker',
    ],
    [
      'connecting the first time, to the broker configured',
      view({ state: 'connecting', broker: null, lastMessageAt: null }),
      `not ready: connecting to the broker ${BROKER} since 2026-11-27T08:41:10Z\n`,
      'broker',
      [BROKER],
    ],
    [
      'not reached yet, of two brokers configured: both named',
      view({ state: 'reconnecting', broker: null, lastMessageAt: null }),
      `not ready: reconnecting to the brokers ${BROKER} or mqtts://standby:8883 since 2026-11-27T08:41:10Z\n`,
      'broker',
      [BROKER, 'mqtts://standby:8883'],
    ],
    [
      'the broker lost',
      view({ state: 'reconnecting' }),
      `not ready: reconnecting to the broker ${BROKER} since 2026-11-27T08:41:10Z\n`,
      'broker',
    ],
    [
      'its credentials refused by the broker configured: said as such, not as a broker out of reach',
      view({ state: 'connecting', broker: null, lastMessageAt: null, refused: 'credentials' }),
      `not ready: connecting to the broker ${BROKER} since 2026-11-27T08:41:10Z: the broker refused this board's user name or password; check mqtt.username and mqtt.password (or BACCARAT_MQTT_PASSWORD) against the broker; retrying by itself\n`,
      'credentials',
      [BROKER],
    ],
    [
      'its credentials refused as it reconnects (the password changed on the broker)',
      view({ state: 'reconnecting', refused: 'credentials' }),
      `not ready: reconnecting to the broker ${BROKER} since 2026-11-27T08:41:10Z: the broker refused this board's user name or password; check mqtt.username and mqtt.password (or BACCARAT_MQTT_PASSWORD) against the broker; retrying by itself\n`,
      'credentials',
    ],
    [
      'offline',
      view({ state: 'offline', broker: null }),
      'not ready: not connected to the broker since 2026-11-27T08:41:10Z\n',
      'broker',
    ],
    [
      'connected, nothing heard from the table',
      view({ lastMessageAt: null }),
      'not ready: no view of table T1 yet: nothing heard from it since the board started\n',
      'no-view',
    ],
    [
      'started from its saved record, nothing heard yet: what it shows meanwhile',
      view({ lastMessageAt: null, awaitingTable: true, awaitingAfter: 'saved-record' }),
      'not ready: no view of table T1 yet: nothing heard from it since the board started; it shows its saved record ' +
        'meanwhile (shoe 3, up to hand 3)\n',
      'no-view',
    ],
    [
      'out of step (a gap), its reason kept on one line',
      view({}, { code: 'gap', reason: 'hand 9 arrived\nbut hand 8 is next', since: SINCE }),
      'not ready: out of step with table T1 (gap) since 2026-11-27T08:41:10Z: hand 9 arrived but hand 8 is next\n',
      'out-of-step',
    ],
    [
      'the broker lost while out of step: the broker first',
      view({ state: 'reconnecting' }, { code: 'conflict', reason: 'fewer hands', since: SINCE }),
      `not ready: reconnecting to the broker ${BROKER} since 2026-11-27T08:41:10Z\n`,
      'broker',
    ],
    [
      'reconnected, the table not heard again yet',
      view({ awaitingTable: true }),
      `not ready: reconnected to the broker ${BROKER} at 2026-11-27T08:41:10Z, waiting to hear table T1 again\n`,
      'catching-up',
    ],
    ['reconnected, the table heard again', view({ awaitingTable: false }), 'ready\n', null],
    [
      'started from its saved record, the table not heard yet (a sign heard before the snapshot)',
      view({ awaitingTable: true, awaitingAfter: 'saved-record' }),
      `not ready: started from its saved record, connected to the broker ${BROKER} at 2026-11-27T08:41:10Z, waiting to hear table T1\n`,
      'catching-up',
    ],
    [
      'reconnected after starting from its saved record, the table still not heard: the reconnection',
      view({ awaitingTable: true, awaitingAfter: 'reconnection' }),
      `not ready: reconnected to the broker ${BROKER} at 2026-11-27T08:41:10Z, waiting to hear table T1 again\n`,
      'catching-up',
    ],
    [
      'reconnected, and out of step once heard: the out-of-step first',
      view({ awaitingTable: true }, { code: 'gap', reason: 'hand 9 arrived but hand 8 is next', since: SINCE }),
      'not ready: out of step with table T1 (gap) since 2026-11-27T08:41:10Z: hand 9 arrived but hand 8 is next\n',
      'out-of-step',
    ],
  ] as [string, TableView, string, string | null, string[]?][])('%s', (_name, v, text, problem, brokers = []) => {
    const r = readiness(v, brokers);
    expect(readinessText(r)).toBe(text);
    expect(r.ready).toBe(problem === null);
    expect(r.problem).toBe(problem);
    expect(r.since).toBe(problem === null ? null : SINCE);
    expect(r.reason).toBe(problem === null ? null : text.slice('not ready: '.length, -1));
    expect(r).toMatchObject({ v: 1, tableId: 'T1', displayId: 'D1', connection: v.connection, outOfStep: v.outOfStep });
  });
});
