/**
 * Perfect Pairs offered at a table while the casino has no pay scale yet (rules 11A.7, 11A.8): the console says what
 * to do in its own words (a floor manager was told to "add pp-scale=one … casino-name=", keys of the command line that
 * they can neither type in the console nor may set).
 */
import { connectAsync } from 'mqtt';
import { afterAll, expect, test } from 'vitest';
import { makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { startConsoleRig } from '../test/helpers/console-rig';
import { signage } from '../test/helpers/table-messages';
import { until } from '../test/helpers/lifecycle';
import type { PreviewResponse } from './protocol';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

test("no casino pay scale yet: a floor manager offering Perfect Pairs is told to ask a supervisor, and an empty casino review says what to choose, in the console's words", async () => {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const pit = await connectAsync(broker.url, { clientId: 'pit' });
  cleanups.push(() => pit.endAsync());
  const sign = makeTableSignage(signage(2, { sideBets: ['playerPair', 'bankerPair'] }));
  await pit.publishAsync(topics('baccarat').tableSignage('T1'), sign, { qos: 1, retain: true });
  const rig = await startConsoleRig({ broker: broker.url, accounts: { fred: 'floor-manager', ann: 'supervisor' } });
  cleanups.push(() => rig.stop());
  await until(() => expect(rig.monitor.view().tables.find((t) => t.tableId === 'T1')?.signage).toBeTruthy());
  const fred = await rig.signIn('fred');
  const r = (await (
    await fred.post('/api/preview', { tableId: 'T1', changes: [['side-bets', '+perfectPairs']] })
  ).json()) as PreviewResponse;
  expect(r).toMatchObject({ ok: false, field: 'side-bets' });
  const message = r.ok ? '' : r.message;
  expect(message).toContain('a supervisor sets it first (Change pay scale… in the Casino panel)');
  expect(message).not.toMatch(/pp-scale=|casino-name=/);

  // The casino dialog reviewed with nothing chosen: said as such, not as a republish no one asked for.
  const ann = await rig.signIn('ann');
  const empty = (await (
    await ann.post('/api/preview', { tableId: null, changes: [], republish: true })
  ).json()) as PreviewResponse;
  expect(empty).toMatchObject({
    ok: false,
    field: 'pp-scale',
    message:
      'nothing is chosen, and the casino has no sign yet: choose its Perfect Pairs pay scale and name the casino',
  });
});
