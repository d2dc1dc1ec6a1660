/**
 * `baccarat-board signage` against a real broker in this process (Aedes): set then show, revisions, the casino
 * topic for pp-scale (rule 11A.8), from-hand against the retained shoe snapshot (rule 5.11), refusals with exit 2
 * and nothing published, closing and opening a table as actions of their own. Who, why, the audit topic and
 * signatures: signage-accountable.test.ts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { makeCasinoSignage, makeShoeSnapshot, makeTableSignage } from '../contract/mqtt';
import type { CasinoSignage, TableSignage } from '../contract/schemas';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { SIGN_KEYS } from '../console/sign-keys';
import { CARDS, casino, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { main } from './main';
import { signageCommand } from './signage-command';
import { UsageError } from './io';
import { variantStart } from '../contract/pay-table-view';
import { announceAuditKeeper } from '../test/helpers/audit-keeper';
import { memoryIo } from './test-io';
import { peekRetained } from '../test/helpers/peek-retained';
import { boardStatus } from '../test/helpers/board-status';

const T = topics('baccarat');
let broker: EmbeddedBroker;
let watcher: MqttClient;
const seen: { topic: string; text: string }[] = [];
let table = 0;
let tableId = 'T0';

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  watcher = await connectAsync(broker.url, { clientId: 'watcher' });
  watcher.on('message', (topic, payload) => void seen.push({ topic, text: payload.toString() }));
  await watcher.subscribeAsync(['baccarat/#'], { qos: 1 });
  // A console has connected once, under each root the tests use: the records reach its log.
  for (const root of ['baccarat', 'floor', 'restore', 'lostset', 'lost']) await announceAuditKeeper(watcher, root);
});
afterAll(async () => {
  await watcher.endAsync();
  await broker.close();
});
beforeEach(() => {
  tableId = `T${++table}`; // a fresh table for each test; the casino sign is shared
});

const NOW = new Date('2026-11-22T12:00:00.000Z');
const CHANGES = ['set', 'close', 'open', 'restore'];
/**
 * The command as floor-7 (the OS user), with a reason for any change unless one is given; a `set` with
 * `--new-table` (each test's table is new: T1, T2 …), unless `known` (the refusal of an unknown table is tested).
 */
async function runWith(stdin: string | null, ...args: string[]) {
  const m = memoryIo(stdin);
  const reason = args.some((a) => CHANGES.includes(a)) && !args.includes('--reason') ? ['--reason', 'test change'] : [];
  const known = args.includes('known');
  const first = args.includes('set') && !known ? ['--new-table'] : [];
  args = args.filter((a) => a !== 'known');
  let code: number;
  try {
    code = await signageCommand(['--broker', broker.url, '--wait', '150', ...args, ...reason, ...first], m.io, {
      env: { USER: 'floor-7' },
      now: () => NOW,
    });
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return { code: 2, out: m.out(), err: e.message }; // as main() reports it, with the usage
  }
  return { code, out: m.out(), err: m.err() };
}
const run = (...args: string[]) => runWith(null, ...args);
const retained = <T>(topic: string) => peekRetained<T>(broker.url, topic);
const signOf = (id = tableId) => retained<TableSignage>(T.tableSignage(id));
const publishRetained = (topic: string, text: string) => watcher.publishAsync(topic, text, { qos: 1, retain: true });

describe('a table the broker knows nothing of (a typo more often than a new table)', () => {
  test('refused, naming the tables boards report from; nothing published; --new-table gives its first sign', async () => {
    await publishRetained(T.displayStatus('typo-d10'), boardStatus('typo-d10', 'K10'));
    await publishRetained(T.displayStatus('typo-d2'), boardStatus('typo-d2', 'K2'));
    const before = seen.length;
    const typo = await run('--table', tableId, 'set', 'min=500', 'known');
    expect(typo.code).toBe(2);
    expect(typo.err).toBe(
      `baccarat-board signage: table ${tableId} is not known on this broker: it has no sign, no shoe and no board. ` +
        'Check the id (ids are case-sensitive; boards report from K2, K10), or add --new-table to give a new table ' +
        'its first sign. Nothing was published.\n',
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.slice(before).filter((m) => m.topic.includes(tableId))).toEqual([]);
    expect(await signOf()).toBeNull();
    // A table whose board reports, with no sign yet, is known: its first sign needs no flag.
    const boarded = await run('--table', 'K2', 'set', 'min=500', 'known');
    expect([boarded.code, boarded.err]).toEqual([0, '']);
    const created = await run('--table', tableId, 'set', 'min=500'); // with --new-table
    expect([created.code, created.err]).toEqual([0, '']);
    expect(created.out).toMatch(/started from the defaults/);
    expect(await signOf()).toMatchObject({ revision: 1, limits: { minimum: 500 } });
    // Known now by its sign.
    expect((await run('--table', tableId, 'set', 'min=600', 'known')).code).toBe(0);
  });
});

describe('a change of what a round pays while it is dealt', () => {
  test('published, with a warning that it applies at once to the round dealt; none for other keys or between rounds', async () => {
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(7)));
    const hands = [1, 2, 3].map((n) => handMessage('S43', n, coup(CARDS.banker)));
    await publishRetained(T.tableShoe(tableId), makeShoeSnapshot(snapshot('S43', hands, { phase: 'dealing' })));
    const tie = await run(
      '--table',
      tableId,
      'set',
      'tie-pays=9',
      'side-bets=-playerPair',
      'pp-scale=two',
      'casino-name=Crown',
    );
    expect(tie.code).toBe(0);
    expect(tie.err).toBe(
      `warning: round 4 at ${tableId} is being dealt ("No more bets" was called): tie-pays, side-bets change what ` +
        'it pays at once, for the wagers already on it too. Made between rounds (after its result), no wager ' +
        'placed is caught by it.\n' +
        `warning: a table offering Perfect Pairs deals its round now ("No more bets" was called): ${tableId} ` +
        '(round 4). pp-scale changes what Perfect Pairs pays at once, for the wagers already on that round too.\n',
    );
    expect(await signOf()).toMatchObject({ tiePays: 9 });
    expect((await run('--table', tableId, 'set', 'message=Welcome')).err).toBe(''); // pays nothing
    await publishRetained(T.tableShoe(tableId), makeShoeSnapshot(snapshot('S43', hands, { phase: 'waiting' })));
    expect((await run('--table', tableId, 'set', 'tie-pays=8')).err).toBe(''); // between rounds
  });

  test('a new Perfect Pairs scale names the tables offering Perfect Pairs, and those dealing or betting a round now', async () => {
    const ids = [tableId, `${tableId}b`, `${tableId}c`];
    const hands = [1, 2].map((n) => handMessage('S44', n, coup(CARDS.banker)));
    await publishRetained(T.tableSignage(ids[0]!), makeTableSignage(signage(2)));
    await publishRetained(T.tableSignage(ids[1]!), makeTableSignage(signage(2)));
    await publishRetained(T.tableSignage(ids[2]!), makeTableSignage(signage(2, { sideBets: ['playerPair'] })));
    for (const id of ids)
      await publishRetained(T.tableShoe(id), makeShoeSnapshot(snapshot('S44', hands, { phase: 'dealing' })));
    await publishRetained(T.tableShoe(ids[1]!), makeShoeSnapshot(snapshot('S44', hands, { phase: 'betting' })));
    const r = await run('set', 'pp-scale=one', 'known'); // the test before left Pay Scale Two
    expect(r.code).toBe(0);
    // The other tests' tables are on the same broker: this test's are named among them, in id order.
    expect(r.err).toMatch(/^warning: (a table|\d+ tables) offering Perfect Pairs deals? (its|their) round/);
    expect(r.err).toContain(`${ids[0]} (round 3)`);
    // Bets open: wagers are placed on its round already (a floor manager's report), said apart.
    expect(r.err).toMatch(new RegExp(`offering Perfect Pairs ha(s its|ve their) bets open: .*${ids[1]} \\(round 3\\)`));
    expect(r.err).not.toContain(`${ids[2]} (`); // no Perfect Pairs
    const reach = r.out.split('\n').find((l) => l.startsWith('Pay Scale One'));
    expect(reach).toMatch(/^Pay Scale One \(mixed 5, coloured 10, perfect 30 to 1\) applies at once at the \d+ tables/);
    expect(reach).toContain(`${ids[0]}, ${ids[1]}`);
    expect(reach).not.toContain(`${ids[2]}`);
    for (const id of ids)
      await publishRetained(T.tableShoe(id), makeShoeSnapshot(snapshot('S44', hands, { phase: 'waiting' })));
    const calm = await run('set', 'pp-scale=two', 'known'); // between rounds
    expect(calm.err).not.toContain(ids[0]!);
  });
});

// A floor manager's walk: `--table T2 set pp-scale=two`, at a table without Perfect Pairs, changed the casino's scale
// at every other table, with no word that it was the casino's.
describe("pp-scale with --table: the scale is the casino's (rule 11A.8)", () => {
  test('refused with exit 2 once the casino has a sign, naming where it applies; nothing published', async () => {
    const other = `${tableId}pp`;
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(3, { sideBets: ['playerPair'] })));
    await publishRetained(T.tableSignage(other), makeTableSignage(signage(3)));
    expect((await run('set', 'pp-scale=one', 'known')).code).toBe(0);
    const casinoBefore = await retained<{ revision: number }>(T.casinoSignage());
    const r = await run('--table', tableId, 'set', 'pp-scale=two', 'known');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(
        `^baccarat-board signage: pp-scale: the Perfect Pairs pay scale is the casino's, one for every table that ` +
          `offers Perfect Pairs \\(rule 11A\\.8\\), not table ${tableId}'s: it applies at .*${other}.* \\(table ` +
          `${tableId} does not offer Perfect Pairs\\)\\. Change it without --table, as a supervisor \\(signage set ` +
          'pp-scale=two --reason …\\), for every table at once\\. Nothing was published\\.\n$',
      ),
    );
    expect((await retained<{ revision: number }>(T.casinoSignage()))?.revision).toBe(casinoBefore?.revision);
    expect((await signOf())?.revision).toBe(3);
    // At a table that offers it, too: the scale is never one table's.
    expect((await run('--table', other, 'set', 'pp-scale=two', 'known')).code).toBe(2);
  });

  // The same walk with the casino's name: `--table T2 set casino-name=…` renamed the casino on every board, silently.
  test("casino-name with --table: refused with exit 2 once the casino has a sign, with the table's keys too", async () => {
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(3)));
    expect((await run('set', 'pp-scale=one', 'casino-name=Crown', 'known')).code).toBe(0);
    const casinoBefore = await retained<{ revision: number }>(T.casinoSignage());
    const r = await run('--table', tableId, 'set', 'min=50', 'casino-name=Jade Palace', 'known');
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toBe(
      "baccarat-board signage: casino-name: the casino's name is the casino sign's, one for every table (every board " +
        `shows it in its header), not table ${tableId}'s: it would change on every board, where it is 'Crown' now. ` +
        'Change it without --table, as a supervisor (signage set casino-name=… --reason …), for every board at once. ' +
        'Nothing was published.\n',
    );
    expect((await retained<{ revision: number }>(T.casinoSignage()))?.revision).toBe(casinoBefore?.revision);
    expect((await signOf())?.revision).toBe(3);
  });

  test("the first sign: taken with the table's keys while the casino has none, and the report counts that table", async () => {
    const first = (...args: string[]) => run('--root', 'firstpp', ...args);
    const r = await first('--table', 'F1', 'set', 'side-bets=+perfectPairs', 'pp-scale=one', 'casino-name=Crown');
    expect(r.code).toBe(0);
    // It said "applies at once at every table that offers Perfect Pairs: none does now", as F1 came to offer it.
    expect(r.out).toContain(
      'Pay Scale One (mixed 5, coloured 10, perfect 30 to 1) applies at once at the table offering Perfect Pairs: F1.',
    );
  });
});

describe('a pit message the boards will likely cut (as the console warns, contract/message-fit.ts)', () => {
  test('warned of on standard error above 100 characters beside modified odds and Perfect Pairs; published all the same', async () => {
    await publishRetained(T.tableShoe(tableId), makeShoeSnapshot(snapshot('S45', [], { phase: 'waiting' })));
    // Perfect Pairs needs the casino's scale (rule 11A.8): the tests before may have set it, run alone none has.
    if (!(await retained(T.casinoSignage()))) await publishRetained(T.casinoSignage(), makeCasinoSignage(casino(1)));
    const crowded = `set variant=modified-odds side-bets=+perfectPairs message=${'x'.repeat(150)}`.split(' ');
    const r = await run('--table', tableId, ...crowded);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      'warning: the pit message (150 characters) will likely be cut on the boards: about 100 show whole where the ' +
        'modified-odds sign and Perfect Pairs share the panel; shorten it\n',
    );
    expect(await signOf()).toMatchObject({ revision: 1, message: 'x'.repeat(150) });
    // A change that leaves the message and its panel alone says nothing of it; a shorter message, nothing either.
    expect((await run('--table', tableId, 'set', 'min=500')).err).toBe('');
    expect((await run('--table', tableId, 'set', `message=${'x'.repeat(100)}`)).err).toBe('');
    // Otherwise above 180: commission again, the panel roomier.
    const roomy = await run('--table', tableId, 'set', 'variant=commission', `message=${'x'.repeat(181)}`);
    expect([roomy.code, roomy.err]).toEqual([
      0,
      'warning: the pit message (181 characters) will likely be cut on the boards: about 180 show whole; shorten it\n',
    ]);
  });
});

describe('signage set and show', () => {
  test('set on an empty broker starts from the defaults; show prints it back; each set bumps the revision', async () => {
    const first = await run(
      '--table',
      tableId,
      'set',
      'name=Jade 8',
      'currency=HKD',
      'min=500',
      'max=100,000',
      'tie-max=10000',
    );
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/started from the defaults/);
    expect(first.out).toContain(
      `Published Jade 8 (${tableId}), new sign, revision 1: name "Jade 8"; table open; currency HKD; min 500`,
    );
    const s1 = await signOf();
    expect(s1).toMatchObject({
      revision: 1,
      tableName: 'Jade 8',
      limits: { currency: 'HKD', minimum: 500, maximum: 100_000, tieMaximum: 10_000 },
      updatedBy: 'floor-7',
      updatedAt: NOW.toISOString(),
    });

    const second = await run('--table', tableId, 'set', 'message=Last shoe at 3 am');
    expect(second.code).toBe(0);
    expect(second.out).toContain(`Published Jade 8 (${tableId}), revision 1 → 2: message none → "Last shoe at 3 am"`);
    const closed = await run('--table', tableId, 'close', '--confirm', 'jade 8');
    expect([closed.code, closed.err]).toEqual([0, '']);
    expect(closed.out).toContain(`Published Jade 8 (${tableId}), revision 2 → 3: table open → closed`);
    expect(await signOf()).toMatchObject({
      revision: 3,
      tableOpen: false,
      message: 'Last shoe at 3 am',
      updatedBy: 'floor-7',
    });

    const shown = await run('--table', tableId, 'show');
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Table ${tableId} — Jade 8 (revision 3, by floor-7`);
    expect(shown.out).toMatch(/Limits: +HKD 500 – 100,000; tie 10,000/);
    expect(shown.out).toMatch(/Open: +no \(closed\)/);
    expect(shown.out).toMatch(/Banker: +pays 1 to 1 less commission 5%/);
    const json = await run('--table', tableId, 'show', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ table: { revision: 3, tableName: 'Jade 8' }, shoe: null });

    const same = await run('--table', tableId, 'close', '--confirm', tableId);
    expect([same.code, same.out]).toEqual([0, 'Nothing to change: the signs already say that.\n']);
    expect((await signOf())?.revision).toBe(3);
  });

  test('side-bet limits (rule 11A.4): set, shown, refused for a bet not offered with exit 2 naming the key', async () => {
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(4)));
    expect((await run('set', 'pp-scale=one', 'known')).code).toBe(0); // the casino's, without --table
    const r = await run('--table', tableId, 'set', 'pp-limits=100-5,000');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('pp-limits none → 100–5,000');
    expect((await signOf())?.limits.sideBetLimits).toEqual({ perfectPairs: { minimum: 100, maximum: 5_000 } });
    expect((await run('--table', tableId, 'show')).out).toContain('perfectPairs (Pay Scale One; HKD 100–5,000)');
    const refused = await run('--table', tableId, 'set', '3g8-limits=50-1000');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/3g8-limits: threeGivesEight is not offered at this table/);
  });

  test('pp-scale goes to the casino topic, once for every table (rule 11A.8), and leaves table signs alone', async () => {
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(4)));
    const r = await run('set', 'pp-scale=two', 'casino-name=Crown');
    expect(r.code).toBe(0);
    const casino = await retained<CasinoSignage>(T.casinoSignage());
    expect(casino).toMatchObject({ perfectPairsScale: 'two', casinoName: 'Crown', updatedBy: 'floor-7' });
    expect((await signOf())?.revision).toBe(4);
    const again = await run('set', 'pp-scale=one');
    expect(again.out).toMatch(
      new RegExp(
        `Published Casino, revision ${casino?.revision} → ${(casino?.revision ?? 0) + 1}: pp-scale Pay Scale Two → Pay Scale One`,
      ),
    );
    const shown = await run('--table', tableId, 'show');
    expect(shown.out).toMatch(/Perfect Pairs: Pay Scale One \(mixed 5, coloured 10, perfect 30 to 1\)/);
  });

  test('from-hand takes the shoe id from the retained snapshot; the variant in force is kept as previousVariant', async () => {
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(7)));
    const hands = [1, 2, 3, 4].map((n) => handMessage('S42', n, coup(CARDS.banker)));
    await publishRetained(T.tableShoe(tableId), makeShoeSnapshot(snapshot('S42', hands, { phase: 'waiting' })));
    const r = await run('--table', tableId, 'set', 'variant=modified-odds', 'from-hand=6');
    expect(r.err).toBe('');
    expect(r.out).toContain('variant commission 5% → modified odds from hand 6 of shoe S42');
    expect(await signOf()).toMatchObject({
      revision: 8,
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S42', effectiveFromHand: 6 },
      previousVariant: { kind: 'commission', commissionPercent: 5 },
    });
    const played = await run('--table', tableId, 'set', 'variant=commission', 'commission=4', 'from-hand=3');
    expect(played.code).toBe(2);
    expect(played.err).toMatch(/from-hand: hand 3 of shoe S42 has been played: the earliest is hand 5/);
    const show = await run('--table', tableId, 'show');
    expect(show.out).toMatch(/Shoe: +shoe S42: 4 hands played, waiting; next hand 5/);
  });

  test('--shoe names the shoe when no snapshot is retained; without it modified odds are refused', async () => {
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(1)));
    const refused = await run('--table', tableId, 'set', 'variant=modified-odds');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/from-hand: .*no shoe snapshot on the broker.*--shoe ID/);
    const ok = await run('--table', tableId, '--shoe', 'S9', 'set', 'variant=modified-odds', 'from-hand=1');
    expect(ok.code).toBe(0);
    expect((await signOf())?.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S9', effectiveFromHand: 1 });
  });

  // A floor manager's walk: with a snapshot retained, --shoe naming another shoe was taken from its hand 1; a board
  // that had shown that shoe (yesterday's, a typo) took modified odds as in force at once, mid-shoe (rule 5.11).
  test('with a snapshot retained, --shoe is its shoe or next; another shoe is refused, nothing published', async () => {
    await publishRetained(T.tableSignage(tableId), makeTableSignage(signage(4)));
    const hands = [1, 2, 3].map((n) => handMessage('S50', n, coup(CARDS.banker)));
    await publishRetained(T.tableShoe(tableId), makeShoeSnapshot(snapshot('S50', hands, { phase: 'waiting' })));
    const other = await run('--table', tableId, '--shoe', 'S49', 'set', 'variant=modified-odds', 'from-hand=1');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/--shoe S49 is not the shoe being dealt \(S50, from the table's snapshot\).*rule 5\.11/);
    expect((await signOf())?.revision).toBe(4);
    // "Hand 5 of the next shoe" was taken, though every board applies it from that shoe's hand 1 (variantStart).
    const later = await run('--table', tableId, '--shoe', 'next', 'set', 'variant=modified-odds', 'from-hand=5');
    expect([later.code, later.out]).toEqual([2, '']);
    expect(later.err).toBe(
      'baccarat-board signage: from-hand=5 with --shoe next: a change for the next shoe takes effect from its first ' +
        'hand, as every board applies it there. To start it at hand 5, schedule it once that shoe is dealing ' +
        '(from-hand=5 for the shoe being dealt then); nothing was published\n',
    );
    expect((await signOf())?.revision).toBe(4);
    const next = await run('--table', tableId, '--shoe', 'next', 'set', 'variant=modified-odds', 'from-hand=1');
    expect(next.err).toBe('');
    expect(next.code).toBe(0);
    const sign = (await signOf())!;
    expect(sign.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S50-next', effectiveFromHand: 1 });
    // Every board dealing S50 places it at the next shoe, whatever shoes it showed before.
    const ctx = { shoe: { id: 'S50', startedAt: '2026-11-22T11:00:00.000Z' }, pastShoes: ['S48', 'S49'] };
    expect(variantStart(sign.variant, sign.updatedAt, ctx)).toBe('later');
    // Shown as scheduled for the next shoe, not as 'hand 1 of shoe S50-next' (a floor manager's walk)…
    const scheduled = await run('--table', tableId, 'show');
    expect(scheduled.out).toMatch(
      /Banker: +pays 1 to 1, a win with 6 .*modified odds from the next shoe \(after shoe S50\)/,
    );
    expect(scheduled.out).toMatch(/Until then: +commission 5%/);
    // …and once the next shoe has started, as in force, with no placeholder shoe.
    const started = { startedAt: '2026-11-22T12:30:00.000Z', phase: 'waiting' } as const;
    await publishRetained(
      T.tableShoe(tableId),
      makeShoeSnapshot(snapshot('S51', [handMessage('S51', 1, coup(CARDS.banker))], started)),
    );
    const inForce = await run('--table', tableId, 'show');
    expect(inForce.out).toMatch(/Banker: +pays 1 to 1, a win with 6 pays 1 to 2: modified odds \(rule 5\.11\)/);
    expect(inForce.out).not.toMatch(/S50|next shoe|Until then|Before it/);
    await publishRetained(T.tableShoe(tableId), makeShoeSnapshot(snapshot('S50', hands, { phase: 'waiting' })));
    const same = await run('--table', tableId, '--shoe', 'S50', 'set', 'variant=commission', 'from-hand=5');
    expect(same.code).toBe(0);
  });
});

describe('refused: exit 2, the field named, nothing published', () => {
  const cases: [string[], RegExp][] = [
    [['min=60000'], /min \(60000\) is above max \(50000\)/],
    [['tie-max=70000'], /tie-max \(70000\) is above max/],
    [['pp-scale=three'], /pp-scale: 'three' is unknown: expected one or two/],
    [['commission=12'], /commission \(12\): at most 10/],
    [['max=2000000000'], /max \(2000000000\): at most 1,000,000,000/],
    [['language=fr'], /language: 'fr' is unknown/],
    [['side-bets=+dragonBonus'], /side-bets: 'dragonBonus' is unknown/],
    [['tie-pays=10'], /tie-pays: '10' is not allowed/],
    [['open=perhaps'], /open: 'perhaps' is not true or false/],
    [['open=false'], /open: closing or opening a table is an action of its own: signage close \/ open/],
    [['size=9'], /size: is not a key/],
    [['max=1.500'], /max: '1\.500'/],
  ];
  test.each(cases)('%j', async (args, message) => {
    const mine = makeTableSignage(signage(3));
    await publishRetained(T.tableSignage(tableId), mine);
    await new Promise((r) => setTimeout(r, 50));
    const before = seen.length;
    const r = await run('--table', tableId, 'set', ...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    // Every refusal ends the same way, whichever check made it (a tester's report: not for max=1.500).
    expect(r.err.trimEnd().split('\n').at(-1)).toBe('Nothing was published.');
    expect(r.out).toBe('');
    await new Promise((r) => setTimeout(r, 50));
    // Our own sign may come back to the watcher late on a busy machine: anything else is a publish.
    expect(seen.slice(before).filter((m) => m.topic.endsWith('signage') && m.text !== mine)).toEqual([]);
    expect((await signOf())?.revision).toBe(3);
  });

  test('the keys a refusal offers are exactly those set takes: every key but open, which set refuses', async () => {
    const offered = (text: string) => /(?:expected one of|keys:) ([^)\n]*)/.exec(text)?.[1]?.split(', ');
    const takes = SIGN_KEYS.filter((k) => k !== 'open');
    const unknown = await run('--table', tableId, 'set', 'size=9');
    const notAssignment = await run('--table', tableId, 'set', 'min');
    const nothing = await run('--table', tableId, 'set');
    for (const r of [unknown, notAssignment, nothing]) {
      expect(r.code).toBe(2);
      expect(offered(r.err)).toEqual(takes);
    }
    // The one key left out is the one set refuses (every key parses: console/sign-keys.ts).
    expect((await run('--table', tableId, 'set', 'open=true')).err).toMatch(/open: .*action of its own/);
  });

  test('usage errors: no broker, no action, no table', async () => {
    const m = memoryIo();
    expect(await main(['signage', 'show'], m.io)).toBe(2);
    expect(m.err()).toMatch(/--broker URL is required/);
    const noAction = memoryIo();
    expect(await main(['signage', '--broker', broker.url, '--table', tableId], noAction.io)).toBe(2);
    expect(noAction.err()).toMatch(/show, set, close, open or restore\?/);
    const noTable = memoryIo();
    expect(await main(['signage', '--broker', broker.url, 'set', 'min=5'], noTable.io)).toBe(2);
    expect(noTable.err()).toMatch(/--table ID is required/);
    const help = memoryIo();
    expect(await main(['signage', '--help'], help.io)).toBe(0);
    for (const key of [
      'name=',
      'currency=',
      'min=N',
      'tie-max=',
      'pair-max=',
      'differential=',
      'variant=',
      'commission=',
      'from-hand=',
      'tie-pays=',
      'side-bets=',
      'pp-limits=',
      'ur-way-limits=',
      '3g8-limits=',
      'pp-scale=',
      'language=',
      'message=',
      'disclaimer=',
      'casino-name=',
    ])
      expect(help.out()).toContain(key);
    // restore needs a reason too, of 3 characters or more: the help named only set, close and open, and no length
    expect(help.out()).toMatch(/--reason TEXT +why, 3 to 300 characters: required by set, close, open and restore/);
  });

  test('an unreachable broker is exit 1', async () => {
    const m = memoryIo();
    expect(await signageCommand(['--broker', 'mqtt://127.0.0.1:1', '--table', 'T1', 'show'], m.io)).toBe(1);
    expect(m.err()).toMatch(/cannot connect to mqtt:\/\/127.0.0.1:1/);
  });
});

describe('show without a table: the casino sign and the floor', () => {
  const F = topics('floor');
  const floor = (...args: string[]) => run('--root', 'floor', ...args);

  test('the casino sign, the tables with a sign, and the boards not showing the casino sign', async () => {
    expect((await floor('show')).out).toBe(
      'Casino: no sign on the broker (no Perfect Pairs pay scale set)\n' +
        'Tables: none has a sign on the broker\n' +
        'Boards: none has reported on the broker\n',
    );
    await publishRetained(F.casinoSignage(), makeCasinoSignage(casino(4)));
    for (const id of ['T10', 'T2']) await publishRetained(F.tableSignage(id), makeTableSignage(signage(1)));
    await publishRetained(F.tableShoe('T3'), makeShoeSnapshot(snapshot('S46', []))); // a shoe, no sign: not listed
    await publishRetained(F.displayStatus('F1'), boardStatus('F1', 'T2', 1, 4));
    const calm = await floor('show');
    expect([calm.code, calm.err]).toEqual([0, '']);
    expect(calm.out.split('\n').slice(2)).toEqual([
      'Tables: 2 have signs on the broker: T2, T10 (signage --table ID show for one)',
      'Boards: 1 online of 1; every board online shows casino sign revision 4',
      '',
    ]);
    await publishRetained(F.displayStatus('F2'), boardStatus('F2', 'T10', 1, 3));
    await publishRetained(F.displayStatus('F3'), boardStatus('F3', 'T10', 1, 5));
    const r = await floor('show');
    expect(r.out.split('\n').slice(3)).toEqual([
      'Boards: 3 online of 3:',
      "    ! Board F2 shows casino sign revision 3; the casino's sign is revision 4 — it has not taken it yet",
      "    ! Board F3 shows casino sign revision 5; the casino's sign is revision 4 — republish the pay scale",
      '(signage restore --audit FILE --reason … publishes the casino sign the boards show again, from an audit log: docs/console.md)',
      '',
    ]);
    const json = JSON.parse((await floor('show', '--json')).out) as { casino: { revision: number }; tables: string[] };
    expect([json.casino.revision, json.tables]).toEqual([4, ['T10', 'T2']]);
  });
});

describe('restore: the signs a broker lost, from the audit log', () => {
  const R = topics('restore');
  const restore = (...args: string[]) => run('--root', 'restore', ...args);
  const lose = (topic: string) => watcher.publishAsync(topic, '', { qos: 1, retain: true }); // a restart, in effect

  test("a table's sign and the casino's, as the boards show them, above their revisions; audited as republished", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl');
    const id = 'R1';
    expect((await restore('--table', id, '--audit', file, 'set', 'name=Jade 8', 'min=500', 'max=50,000')).code).toBe(0);
    expect((await restore('--table', id, '--audit', file, 'set', 'min=1,000', 'tie-pays=9', 'known')).code).toBe(0);
    expect((await restore('--audit', file, 'set', 'pp-scale=two', 'casino-name=Crown')).code).toBe(0);
    const before = await retained<TableSignage>(R.tableSignage(id));
    expect(before).toMatchObject({ revision: 2, tableName: 'Jade 8', tiePays: 9, limits: { minimum: 1000 } });
    await publishRetained(R.displayStatus('RB'), boardStatus('RB', id, 2, 1));
    const dealing = [1, 2].map((n) => handMessage('S47', n, coup(CARDS.banker)));
    await publishRetained(R.tableShoe(id), makeShoeSnapshot(snapshot('S47', dealing, { phase: 'dealing' })));
    // The broker restarts without its signs; the boards show them still (and a round is dealt: no pay changes).
    await lose(R.tableSignage(id));
    await lose(R.casinoSignage());
    const r = await restore('--table', id, '--audit', file, 'restore');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toMatch(
      new RegExp(
        `^\\(from the audit log ${file}: revision 2, as the boards show it\\)\nPublished Jade 8 \\(R1\\), new sign, revision 3 \\(a board shows revision 2\\): `,
      ),
    );
    const after = await retained<TableSignage>(R.tableSignage(id));
    const { revision: _r, updatedAt: _u, ...same } = before!;
    expect(after).toMatchObject({ ...same, revision: 3 });
    const c = await restore('--audit', file, 'restore');
    expect([c.code, c.err]).toEqual([0, '']);
    expect(c.out).not.toContain('applies at once'); // what the boards show already: it reaches no table anew
    expect(await retained<CasinoSignage>(R.casinoSignage())).toMatchObject({
      revision: 2,
      casinoName: 'Crown',
      perfectPairsScale: 'two',
    });
    const audit = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(audit.slice(-2)).toMatchObject([
      { action: 'republish', target: 'table', tableId: id, revertedTo: 2, revision: { from: null, to: 3, boards: 2 } },
      { action: 'republish', target: 'casino', revertedTo: 1 },
    ]);
    // Once the broker has them again, nothing to restore.
    await publishRetained(R.displayStatus('RB'), boardStatus('RB', id, 3, 2));
    expect(await restore('--table', id, '--audit', file, 'restore')).toEqual({
      code: 0,
      out: 'Nothing to restore: the broker has the sign of table R1 at revision 3, and no board shows a later one.\n',
      err: '',
    });
  });

  test('a table offering Perfect Pairs whose casino sign was lost too: the refusal says to restore the casino first', async () => {
    // Found on a shift: after a restart without persistence, `--table F2 restore` was told to 'add pp-scale=one or
    // pp-scale=two, with casino-name=', keys that restore does not take.
    const file = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl');
    const id = 'R3';
    expect((await restore('--audit', file, 'set', 'pp-scale=one', 'casino-name=Crown')).code).toBe(0);
    expect((await restore('--table', id, '--audit', file, 'set', 'side-bets=perfectPairs')).code).toBe(0);
    const casinoRevision = (await retained<CasinoSignage>(R.casinoSignage()))!.revision;
    await publishRetained(R.displayStatus('RD'), boardStatus('RD', id, 1, casinoRevision));
    await lose(R.tableSignage(id));
    await lose(R.casinoSignage());
    const r = await restore('--table', id, '--audit', file, 'restore');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "Nothing was published.\nThe broker lost the casino's sign too: restore it first (signage restore --audit FILE " +
        "--reason …, without --table), then this table's.\n",
    );
    expect(await retained<TableSignage>(R.tableSignage(id))).toBeNull();
    expect((await restore('--audit', file, 'restore')).code).toBe(0);
    expect((await restore('--table', id, '--audit', file, 'restore')).code).toBe(0);
  });

  test('a table on modified odds since hand 1: restored as it is, not as a change from the next round', async () => {
    // Found on a shift: restored from the defaults plus edits, it read 'modified odds from hand 52, previousVariant
    // commission 5%', false history for any dispute about hands 1 to 51.
    const file = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl');
    const id = 'R4';
    await publishRetained(R.tableShoe(id), makeShoeSnapshot(snapshot('S60', [], { phase: 'shuffling' })));
    const made = await restore('--table', id, '--audit', file, '--new-table', 'set', 'variant=modified-odds');
    expect(made.code, made.err).toBe(0);
    const shown = (await retained<TableSignage>(R.tableSignage(id)))!;
    expect([shown.variant, shown.previousVariant]).toEqual([
      { kind: 'modified-odds', effectiveFromShoe: 'S60', effectiveFromHand: 1 },
      undefined,
    ]);
    await publishRetained(R.displayStatus('RE'), boardStatus('RE', id, shown.revision));
    const dealt = Array.from({ length: 50 }, (_, i) => handMessage('S60', i + 1, coup(CARDS.banker)));
    await publishRetained(R.tableShoe(id), makeShoeSnapshot(snapshot('S60', dealt, { phase: 'dealing' })));
    await lose(R.tableSignage(id));
    const r = await restore('--table', id, '--audit', file, 'restore');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain(
      `revision ${shown.revision + 1} (a board shows revision ${shown.revision}): revision ${shown.revision} as the boards show it, published again`,
    );
    const back = (await retained<TableSignage>(R.tableSignage(id)))!;
    const { revision: _r, updatedAt: _u, ...same } = shown;
    expect(back).toEqual({ ...same, revision: shown.revision + 1, updatedAt: back.updatedAt });
    const last = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(last).toMatchObject({ action: 'republish', revertedTo: shown.revision, after: back });
  });

  test('a revision the log does not hold is exit 1, nothing published; no --audit is a usage error', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl');
    await publishRetained(R.displayStatus('RC'), boardStatus('RC', 'R2', 7));
    const r = await restore('--table', 'R2', '--audit', file, 'restore');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'baccarat-board signage: a board shows revision 7 of the sign of table R2, which the broker no longer has, and ' +
        `the audit log ${file} does not hold it. Give the console's audit log, or make the sign in full with set … ` +
        '--replace. Nothing was published.\n',
    );
    expect(await retained<TableSignage>(R.tableSignage('R2'))).toBeNull();
    const usage = await restore('--table', 'R2', 'restore');
    expect([usage.code, usage.err]).toEqual([
      2,
      'restore needs --audit FILE: the audit log to read the sign the boards show from',
    ]);
  });

  test('set --audit on signs the broker lost: the change is made to the signs the boards show, not to the defaults', async () => {
    // As the console's Change signs… does. Without the log, the table's change was refused (or made from the
    // defaults with --replace) and the casino's refused for want of a name every board already shows.
    const S = topics('lostset'); // a root of its own: no other test's boards report its casino sign
    const own = (...args: string[]) => run('--root', 'lostset', ...args);
    const lose = (topic: string) => watcher.publishAsync(topic, '', { qos: 1, retain: true });
    const file = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl');
    const id = 'R5';
    expect((await own('--audit', file, 'set', 'pp-scale=one', 'casino-name=Crown')).code).toBe(0);
    expect((await own('--table', id, '--audit', file, 'set', 'name=Jade 9', 'min=500', 'tie-pays=9')).code).toBe(0);
    const casinoRevision = (await retained<CasinoSignage>(S.casinoSignage()))!.revision;
    await publishRetained(S.displayStatus('RF'), boardStatus('RF', id, 1, casinoRevision));
    await lose(S.tableSignage(id));
    await lose(S.casinoSignage());
    // Without the log: refused, saying how.
    const bare = await own('set', 'pp-scale=two');
    expect(bare.code).toBe(2);
    expect(bare.err).toContain(
      `A board shows casino sign revision ${casinoRevision}: give the audit log that holds it (--audit FILE), and the change is made to it, its name kept.`,
    );
    const table = await own('--table', id, 'set', 'min=200');
    expect(table.code).toBe(2);
    expect(table.err).toContain('Give the audit log that holds the sign the boards show (--audit FILE');
    // With it: the casino's name and the table's limits and pays are the boards', with the one change.
    const c = await own('--audit', file, 'set', 'pp-scale=two');
    expect([c.code, c.err]).toEqual([0, '']);
    expect(c.out).toContain(
      `(the broker had lost this sign: your changes were made to revision ${casinoRevision}, as the boards show it, from the audit log ${file})`,
    );
    expect(await retained<CasinoSignage>(S.casinoSignage())).toMatchObject({
      revision: casinoRevision + 1,
      casinoName: 'Crown',
      perfectPairsScale: 'two',
    });
    const t = await own('--table', id, '--audit', file, 'set', 'min=200');
    expect([t.code, t.err]).toEqual([0, '']);
    expect(t.out).toMatch(/revision 1 as the boards show it, published again, with min 500 → 200/);
    expect(await retained<TableSignage>(S.tableSignage(id))).toMatchObject({
      revision: 2,
      tableName: 'Jade 9',
      tiePays: 9,
      limits: { minimum: 200 },
    });
    const audit = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(audit.slice(-2)).toMatchObject([
      { action: 'change', target: 'casino' },
      { action: 'change', target: 'table', tableId: id, revision: { from: null, to: 2, boards: 1 } },
    ]);
  });
});

describe('revisions never go backwards (issue 12, case 9)', () => {
  // A root of its own, so these boards' casino revisions leave the other tests' casino sign alone.
  const L = topics('lost');
  const lost = (...args: string[]) => run('--root', 'lost', ...args);
  const auditOf = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  beforeAll(async () => {
    // Another table's board: its table revision is not this table's business; its casino revision is.
    await publishRetained(L.displayStatus('X1'), boardStatus('X1', 'elsewhere', 40, 6));
  });

  test('the broker lost the sign while a board shows revision 13: set publishes revision 14, audited as such', async () => {
    await publishRetained(L.displayStatus('D1'), boardStatus('D1', tableId, 13, 2));
    await publishRetained(L.displayStatus('D2'), boardStatus('D2', tableId, 12, 2));
    const file = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl');
    // The boards' sign is one the broker lost: a sign made from the defaults would replace it in full, so not unasked.
    const refused = await lost('--table', tableId, '--audit', file, 'set', 'name=Jade 8', 'disclaimer=false');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      `table ${tableId}: a board shows sign revision 13, which the broker no longer has (it has no sign). A sign made ` +
        'from the defaults and your keys replaces theirs in full: limits, side bets or message the boards show now may change.',
    );
    expect(refused.err).toContain(
      `The audit log ${file} does not hold the sign the boards show. Give the audit log that holds the sign the ` +
        "boards show (--audit FILE: the console's) to make your change to that sign, or check what the broker has " +
        'with show, give every key that must stay as the boards show it, and add --replace. Nothing was published.',
    );
    expect(await retained<TableSignage>(L.tableSignage(tableId))).toBeNull();
    const r = await lost('--table', tableId, '--audit', file, 'set', 'name=Jade 8', 'disclaimer=false', '--replace');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Published Jade 8 (${tableId}), new sign, revision 14 (a board shows revision 13): name`);
    expect(r.out).toMatch(/\(table .*: a board shows sign revision 13, .* replaces theirs in full/);
    expect((await retained<TableSignage>(L.tableSignage(tableId)))?.revision).toBe(14);
    expect(auditOf(file)).toMatchObject([{ target: 'table', tableId, revision: { from: null, to: 14, boards: 13 } }]);
  });

  test('a retained sign below what a board shows: the next is above the board; a set that changes nothing republishes', async () => {
    await publishRetained(L.tableSignage(tableId), makeTableSignage(signage(1, { tableOpen: false, sideBets: [] })));
    await publishRetained(L.displayStatus('D3'), boardStatus('D3', tableId, 13, 2));
    const shown = await lost('--table', tableId, 'show');
    expect(shown.out).toMatch(/Board D3: +online, sign revision 13, casino sign revision 2\n/);
    expect(shown.out).toContain("! Board D3 shows revision 13; the table's sign is revision 1 — republish the sign\n");
    expect(shown.out).toContain(`(signage --table ${tableId} restore --audit FILE --reason … publishes the table sign`);
    const file = join(mkdtempSync(join(tmpdir(), 'bb-audit-')), 'audit.jsonl');
    // Closing is urgent and confirmed already: it goes out, saying what it replaces.
    const r = await lost('--table', tableId, '--audit', file, 'close', '--confirm', tableId);
    expect(r.err).toBe('');
    expect(r.out).toBe(
      `(table ${tableId}: a board shows sign revision 13, which the broker no longer has (it has revision 1). A sign ` +
        "made from the broker's revision 1 and your keys replaces theirs in full: limits, side bets or message the " +
        'boards show now may change.)\n' +
        `Published Jade 8 (${tableId}), revision 1 → 14 (a board shows revision 13): republished unchanged\n`,
    );
    expect(await retained<TableSignage>(L.tableSignage(tableId))).toMatchObject({ revision: 14, tableOpen: false });
    expect(auditOf(file)).toMatchObject([{ revision: { from: 1, to: 14, boards: 13 }, changes: [] }]);
    // Once the sign is above every board, the usual rules: nothing to change is nothing published.
    const again = await lost('--table', tableId, 'close', '--confirm', tableId);
    expect(again.out).toBe('Nothing to change: the signs already say that.\n');
    const next = await lost('--table', tableId, 'open');
    expect(next.out).toContain('revision 14 → 15: table closed → open');
  });

  test('the casino sign goes above every casino revision any board reports, whatever its table', async () => {
    // The casino sign has no limits nor side bets: what it replaces is said in its own words.
    expect((await lost('set', 'pp-scale=two', 'casino-name=Crown')).err).toContain(
      'the casino sign: a board shows sign revision 6, which the broker no longer has (it has no sign). A sign made ' +
        "from the defaults and your keys replaces theirs in full: the casino's name or pay scale the boards show now " +
        'may change.',
    );
    const r = await lost('set', 'pp-scale=two', 'casino-name=Crown', '--replace');
    expect(r.err).toBe('');
    expect(r.out).toContain('Published Casino, new sign, revision 7 (a board shows revision 6): ');
    expect((await retained<CasinoSignage>(L.casinoSignage()))?.revision).toBe(7);
  });

  test('a new scale while a table whose sign the broker lost deals its round: warned of, as it may offer Perfect Pairs', async () => {
    const id = 'LOSTPP';
    const hands = [1, 2].map((n) => handMessage('S45', n, coup(CARDS.banker)));
    await publishRetained(L.tableShoe(id), makeShoeSnapshot(snapshot('S45', hands, { phase: 'dealing' })));
    await publishRetained(L.displayStatus('DPP'), boardStatus('DPP', id, 4, 7));
    const r = await lost('set', 'pp-scale=one', 'casino-name=Crown', '--replace'); // (alone, the casino sign is lost too)
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.err).toContain(
      'warning: a table whose sign the broker lost deals its round now ("No more bets" was called): LOSTPP (round 3). ' +
        'If that sign offers Perfect Pairs (its boards show it), pp-scale changes what it pays at once',
    );
    expect(r.out).toMatch(/The broker has lost the sign of tables? (\S+, )?LOSTPP \(/); // (X1's table too, above)
  });
});
