/**
 * `signage` and `fleet` on a broker no console has ever connected to: their audit records reach no console's log
 * (the broker keeps records only for a session it knows), so each says so on standard error, with the record and
 * what to do, its exit status unchanged. Once a console's audit feed has subscribed (it says so, retained, on
 * {root}/pit/audit-keepers/+), they say nothing, and the console's log holds what they publish; `--audit FILE`
 * keeps the record in a log of its own, and nothing is said either. A real broker (Aedes) and a real board.
 */
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAuditKeeper } from '../contract/audit';
import { topics } from '../contract/topics';
import { AuditFeed } from '../console/audit-feed';
import { AuditLog } from '../console/audit-log';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { tempDir, until } from '../test/helpers/lifecycle';
import { startScreenshotBoard } from '../test/helpers/screenshot-board';
import { encodePng } from '../test/helpers/png';
import { main } from './main';
import { memoryIo } from './test-io';

const T = topics('baccarat');
const dir = tempDir('bb-audit-keepers-');
const cleanups: (() => Promise<unknown>)[] = [];
let broker: EmbeddedBroker;

async function run(...args: string[]) {
  const m = memoryIo();
  const code = await main([...args, '--broker', broker.url], m.io);
  return { code, out: m.out(), err: m.err() };
}
const signage = (table: string, ...extra: string[]) =>
  run(
    'signage',
    '--table',
    table,
    'set',
    'min=200',
    '--new-table',
    '--reason',
    'weekend limits',
    '--wait',
    '150',
    ...extra,
  );
const identify = (...extra: string[]) => run('fleet', 'identify', '--display', 'K1', '--seconds', '5', ...extra);

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const board = await startScreenshotBoard(broker.url, 'K1', {
    take: async () => ({ png: encodePng(4, 4, () => [0, 0, 0]), width: 4, height: 4, source: 'rendered' }),
    onCommand: () => undefined,
  });
  cleanups.push(() => board.stop());
}, 30_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('an audit record no console keeps', () => {
  test('before any console: signage and fleet say so on stderr, with the record and what to do; exit 0', async () => {
    const sign = await signage('K9');
    expect(sign.code).toBe(0);
    expect(sign.out).toContain('Published ');
    const [line, record] = sign.err.split('\n');
    expect(line).toBe(
      'warning: the sign was published, but no console is known to keep this broker’s audit log (none has said so ' +
        'on baccarat/pit/audit-keepers/+: none has connected since the broker was installed, or this account may ' +
        'not read that topic), so its audit record is most likely in no log. Start the console once ' +
        '(baccarat-board console): from then on the broker keeps every record for it. Add this record to its log ' +
        'by hand, and give --audit FILE to keep your own until then:',
    );
    expect(JSON.parse(record ?? '')).toMatchObject({ action: 'change', tableId: 'K9', reason: 'weekend limits' });

    const sent = await identify();
    expect(sent.code).toBe(0);
    expect(sent.err).toMatch(
      /^warning: the identify was sent to K1 \(done\), but no console is known to keep this broker’s audit log .*--audit FILE to keep your own until then:\n\{.*"action":"fleet-command".*\}\n$/,
    );
  });

  test('--audit FILE keeps the record: nothing is said', async () => {
    const file = join(dir, 'own-audit.jsonl');
    expect(await signage('K8', '--audit', file)).toMatchObject({ code: 0, err: '' });
    expect(await identify('--audit', file)).toMatchObject({ code: 0, err: '' });
    expect((await new AuditLog(file).read()).map((r) => r.action).sort()).toEqual(['change', 'fleet-command']);
  });

  test('once a console keeps the log, nothing is said, and its log holds the records', async () => {
    const log = new AuditLog(join(dir, 'console-audit.jsonl'));
    const feed = new AuditFeed({
      broker: { url: broker.url, root: 'baccarat', protocolVersion: 4 },
      clientId: 'baccarat-console-audit-k',
      log,
      key: null,
    });
    await feed.start();
    cleanups.push(() => feed.stop());
    // Its announcement, retained: what the commands read.
    const peek = await connectAsync(broker.url, { clientId: 'peek-keepers' });
    const said: unknown[] = [];
    peek.on('message', (_, p) => void said.push(parseAuditKeeper(p)));
    await peek.subscribeAsync(T.pitAuditKeepers(), { qos: 1 });
    await until(() => expect(said).toEqual([expect.objectContaining({ v: 1, keeper: 'baccarat-console-audit-k' })]));
    await peek.endAsync();

    expect(await signage('K7')).toMatchObject({ code: 0, err: '' });
    expect(await identify()).toMatchObject({ code: 0, err: '' });
    await until(async () =>
      expect((await log.read()).map((r) => r.action).sort()).toEqual(['change', 'fleet-command']),
    );
    // A console that is down still keeps the log: its session is on the broker, and so is its announcement.
    await feed.stop();
    expect(await signage('K6')).toMatchObject({ code: 0, err: '' });
  });

  // A console retired for good left its word on the broker for ever: signage and fleet stayed quiet, their records
  // kept for a log nobody reads, and nothing but a hand-made empty retained message cleared it.
  test('signage keepers lists the consoles; --forget ID clears a retired one, and the warning is back', async () => {
    const keepers = (...extra: string[]) => run('signage', 'keepers', '--wait', '300', ...extra);
    const listed = await keepers();
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      /^Consoles that keep this broker's audit log:\n {2}baccarat-console-audit-k \(host .+, last subscribed .+\)\n/,
    );
    expect(JSON.parse((await keepers('--json')).out)).toEqual([
      expect.objectContaining({ id: 'baccarat-console-audit-k', keeper: 'baccarat-console-audit-k' }),
    ]);
    const typo = await keepers('--forget', 'baccarat-console-audit-x');
    expect(typo.code).toBe(1);
    expect(typo.err).toBe(
      'baccarat-board signage: the broker holds no keeper baccarat-console-audit-x on baccarat/pit/audit-keepers/+: ' +
        'nothing to forget (it holds baccarat-console-audit-k; check the id and --root)\n',
    );
    const gone = await keepers('--forget', 'baccarat-console-audit-k');
    expect([gone.code, gone.err]).toEqual([0, '']);
    expect(gone.out).toMatch(
      /^forgot keeper baccarat-console-audit-k \(host .*\): cleared baccarat\/pit\/audit-keepers\/baccarat-console-audit-k\n/,
    );
    expect(gone.out).toContain('no keeper is left: signage and fleet now warn');
    expect((await keepers()).out).toMatch(/^No console has said it keeps this broker's audit log/);
    expect((await signage('K5')).err).toMatch(/^warning: the sign was published, but no console is known to keep/);
    const misplaced = await run('signage', 'show', '--forget', 'x');
    expect(misplaced.code).toBe(2);
    expect(misplaced.err).toContain('--forget is for keepers: signage keepers --forget ID');
  });
});
