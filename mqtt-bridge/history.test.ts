/**
 * The tamper-evident history (issue 14): a real board's history after a whole shoe verifies; every kind of edit is
 * found and the first bad record named; a shoe's export checks on its own and ends at the digest the board shows.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { historyCommand } from '../cli/history-command';
import { memoryIo } from '../cli/test-io';
import { topics } from '../contract/topics';
import { simulateTable } from '../simulator/dealer';
import type { IrregularityRates } from '../simulator/irregularities';
import { createMessenger, type Outgoing } from '../simulator/messages';
import { cleanupList } from '../test/helpers/lifecycle';
import { Bridge } from './bridge';
import { defaultConfig } from './config';
import { openHistory, recordHash, verifyHistory } from './history';
import { checkExport, exportCsv, exportShoe } from './history-export';
import { memoryLogger } from './log';
import { generateSigningKey, publicKeyText, signPayload } from './signing';

const cleanups = cleanupList();
const T = topics('baccarat');

/**
 * A board fed one signed shoe (the simulator's messages), with its history on disk; `missed` says which messages
 * never reach it (the board catches up through the next snapshot).
 */
async function playedBoard(
  irregularities: Partial<IrregularityRates> = { misKey: 0.1, exposedCard: 0.1 },
  missed: (out: Outgoing) => boolean = () => false,
) {
  const dir = mkdtempSync(join(tmpdir(), 'bb-history-'));
  const key = generateSigningKey();
  const c = defaultConfig();
  const { logger } = memoryLogger();
  const bridge = new Bridge(
    {
      ...c,
      tableId: 'T1',
      displayId: 'D1',
      mqtt: { ...c.mqtt, brokers: [] },
      journal: { dir, syncIntervalMs: 0 },
      board: { ...c.board, recordUrl: 'https://records.example/{tableId}/{shoeId}?d={digest}' },
      trust: { requireSignatures: true, controllerKeys: [publicKeyText(key.publicKey)], pitKeys: [] },
    },
    { logger },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  const topic = {
    hand: T.tableHand('T1'),
    event: T.tableEvent('T1'),
    shoe: T.tableShoe('T1'),
    controllerStatus: T.controllerStatus('T1'),
  };
  const m = createMessenger({
    controllerId: 'ctl-T1',
    seqStart: 1,
    sign: (kind, p) => signPayload(key, topic[kind], p).sig,
  });
  for (const dealt of simulateTable({ seed: 'history', shoes: 1, irregularities })) {
    // A hand declared void afterwards is a supervisor's act (rule 12.6): who, and why (here, ours).
    const step = dealt.type === 'hand-void' ? { ...dealt, by: 'Lee', note: 'cards dropped' } : dealt;
    for (const out of m.messagesFor(step)) if (!missed(out)) bridge.onMessage(topic[out.kind], Buffer.from(out.text));
  }
  await bridge.settled(); // signed: verified off the main thread, applied in order
  const shoeId = m.snapshot()!.shoeId;
  return { dir, bridge, shoeId, path: join(dir, 'T1.history') };
}

describe('a board keeps a tamper-evident history', () => {
  test("a whole signed shoe: the chain is unbroken, and the board shows the shoe's digest and its record's address", async () => {
    const { bridge, path, shoeId } = await playedBoard();
    const text = readFileSync(path, 'utf8');
    const check = verifyHistory(text, 'T1');
    expect(check).toMatchObject({ ok: true });
    const record = bridge.view().shoeRecord;
    const end = text.split('\n').find((l) => l.includes('"type":"shoe-end"'))!;
    expect(record).toMatchObject({ shoeId, digest: recordHash(end) }); // the shoe-end record's hash
    expect(record?.url).toBe(`https://records.example/T1/${shoeId}?d=${record?.digest}`);
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .every((l) => JSON.parse(l).verified === true),
    ).toBe(true);
  });

  test.each<[string, (lines: string[]) => string[], RegExp]>([
    ['an edited result', (l) => l.map((x, i) => (i === 5 ? x.replace('"v":1', '"v": 1') : x)), /record 5 was altered/],
    ['a deleted record', (l) => l.filter((_, i) => i !== 7), /^record 7: record 7 is missing \(this is record 8\)$/],
    // Moved, not deleted: said so, with where it is (found by casino IT: a swap read as a deletion).
    [
      'two records swapped',
      (l) => [...l.slice(0, 3), l[4]!, l[3]!, ...l.slice(5)],
      /^record 3: record 3 is out of order: it is on line 5, and record 4 in its place \(records moved\)$/,
    ],
    ['a damaged line', (l) => l.map((x, i) => (i === 9 ? x.slice(0, 20) : x)), /record 9: not a record/],
    ['a record added at the end', (l) => [...l, l.at(-1)!], /out of order|missing/],
  ])('%s is found, and the first bad record named', async (_, edit, problem) => {
    const { path } = await playedBoard();
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    const bad = `${edit(lines).join('\n')}\n`;
    const r = verifyHistory(bad, 'T1');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : `record ${r.record}: ${r.problem}`).toMatch(problem);
  });

  test('the last record edited is found against the head (a hash published, or shown)', async () => {
    const { path } = await playedBoard();
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    const check = verifyHistory(`${lines.join('\n')}\n`, 'T1');
    const head = check.ok ? check.head : '';
    expect(verifyHistory(`${lines.join('\n')}\n`, 'T1', head).ok).toBe(true);
    const last = lines.at(-1)!.replace('"v":1', '"v": 1');
    const r = verifyHistory(`${[...lines.slice(0, -1), last].join('\n')}\n`, 'T1', head);
    expect(r).toMatchObject({ ok: false, record: lines.length - 1 });
  });

  test('a reopened history continues its chain', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-history-')), 'T9.history');
    const a = openHistory(path, 'T9');
    a.append({ t: '2026-11-22T10:00:00Z', kind: 'hand', topic: 't', verified: false, payload: { handNo: 1 } });
    a.close();
    const b = openHistory(path, 'T9');
    const head = b.append({
      t: '2026-11-22T10:00:20Z',
      kind: 'hand',
      topic: 't',
      verified: false,
      payload: { handNo: 2 },
    });
    b.close();
    expect(verifyHistory(readFileSync(path, 'utf8'), 'T9')).toEqual({ ok: true, records: 2, head });
    expect(verifyHistory(readFileSync(path, 'utf8'), 'T8').ok).toBe(false); // another table's chain
  });
});

describe("a shoe's record, exported", () => {
  test('a shoe not in the history is refused naming the shoes that are (IT had to guess the ids)', async () => {
    const { path, shoeId } = await playedBoard({});
    expect(exportShoe(readFileSync(path, 'utf8'), 'S-NOPE')).toEqual({
      ok: false,
      error: `shoe S-NOPE is not in this history: its shoes are ${shoeId}`,
    });
    expect(exportShoe('', 'S-NOPE')).toEqual({
      ok: false,
      error: 'shoe S-NOPE is not in this history: it holds no shoe',
    });
  });

  test('a recorded hand declared void says who did it and why, as a correction does', async () => {
    const { path, shoeId } = await playedBoard({ voidAfter: 0.3 });
    const e = exportShoe(readFileSync(path, 'utf8'), shoeId);
    expect(e.ok).toBe(true);
    if (!e.ok) return;
    const voids = e.value.records.filter((r) => r.kind === 'event' && r.what.startsWith('round-void'));
    expect(voids.length).toBeGreaterThan(0);
    for (const r of voids) {
      expect(r.what).toMatch(/^round-void \d+ \(\w[\w-]*\) — "cards dropped"$/);
      expect(r.who).toMatch(/^Lee, key /);
    }
  });

  test('a hand the board caught up on through a snapshot is listed under it, and the record still checks', async () => {
    // Hand 5's message never reaches the board: the snapshot after it brings it.
    const { path, shoeId, dir } = await playedBoard({}, (out) => out.kind === 'hand' && out.payload.handNo === 5);
    const e = exportShoe(readFileSync(path, 'utf8'), shoeId);
    if (!e.ok) throw new Error(e.error);
    const hands = e.value.records.filter((r) => r.kind === 'hand' || r.brought);
    const at = hands.findIndex((r) => r.kind === 'shoe');
    const [before, snapshot, after] = [hands[at - 1]!, hands[at]!, hands[at + 1]!];
    expect([before.what, after.what]).toEqual([expect.stringMatching(/^hand 4: /), expect.stringMatching(/^hand 6: /)]);
    const five = JSON.parse(snapshot.line).payload.hands[4];
    const [won, lost] =
      five.outcome === 'banker' ? [five.bankerPoints, five.playerPoints] : [five.playerPoints, five.bankerPoints];
    const result = `${five.outcome} ${won}–${lost}`; // the winner's points first
    expect(snapshot.what).toBe('snapshot: 5 hands (brought: hand 5)');
    expect(snapshot.brought).toEqual([{ handNo: 5, what: `hand 5: ${result}, by snapshot` }]);
    expect(e.value.records.filter((r) => r.brought).length).toBe(1); // the other snapshots changed nothing
    expect(checkExport(e.value)).toBeNull();
    const csv = exportCsv(e.value).split('\n');
    const row = csv.findIndex((l) => l.startsWith(`${snapshot.n},`));
    expect(csv[row + 1]).toBe(
      [
        snapshot.n,
        snapshot.t,
        'by-snapshot',
        `"hand 5: ${result}, by snapshot"`,
        `"${snapshot.who}"`,
        true,
        snapshot.kid,
        '',
      ].join(','),
    );

    const out = join(dir, 'shoe.json');
    const io = memoryIo();
    expect(await historyCommand(['export', '--shoe', shoeId, '--out', out, path], io.io)).toBe(0);
    expect(await historyCommand(['verify', out], io.io)).toBe(0);
    expect(await historyCommand(['verify', path], io.io)).toBe(0);
  });

  test('it checks on its own and ends at the digest; an edit in it is found; the CLI agrees', async () => {
    const { path, shoeId, bridge, dir } = await playedBoard();
    const e = exportShoe(readFileSync(path, 'utf8'), shoeId);
    expect(e.ok).toBe(true);
    if (!e.ok) return;
    expect(e.value).toMatchObject({ tableId: 'T1', shoeId, complete: true, digest: bridge.view().shoeRecord!.digest });
    expect(checkExport(e.value)).toBeNull();
    expect(e.value.records.some((r) => r.kind === 'event' && r.what.startsWith('correction of hand'))).toBe(true);
    expect(e.value.records.every((r) => r.hash === recordHash(r.line))).toBe(true);
    const edited = {
      ...e.value,
      records: e.value.records.map((r, i) => (i === 2 ? { ...r, line: r.line.replace('"v":1', '"v": 1') } : r)),
    };
    expect(checkExport(edited)).toMatch(/record \d+: its line does not have its hash/);
    expect(exportCsv(e.value).split('\n')[0]).toBe('n,time,kind,what,who,verified,key,hash');

    const out = join(dir, 'shoe.json');
    const io = memoryIo();
    expect(await historyCommand(['export', '--shoe', shoeId, '--out', out, path], io.io)).toBe(0);
    expect(await historyCommand(['verify', out], io.io)).toBe(0);
    expect(await historyCommand(['verify', path], io.io)).toBe(0);
    expect(io.out()).toMatch(
      /^ok: shoe .* records unbroken, digest [0-9a-f]{64}\nok: \d+ records, chain of table T1 unbroken/,
    );
    writeFileSync(path, readFileSync(path, 'utf8').replace('"handNo":3,', '"handNo":4,'));
    expect(await historyCommand(['verify', path], io.io)).toBe(1);
    expect(io.out()).toMatch(/BAD: .*record \d+ \(line \d+\): record \d+ was altered/);
  });

  // Found by casino IT: a genuine record passed through a JSON tool was called tampered ("not a record"), and one
  // whose words were edited ("hand 1: player 6–3" made "hand 3: player 9-0") passed as ok.
  test('a shoe record however laid out verifies; its words edited do not; --head is its digest', async () => {
    const { path, shoeId, bridge, dir } = await playedBoard();
    const out = join(dir, 'shoe.json');
    expect(await historyCommand(['export', '--shoe', shoeId, '--out', out, path], memoryIo().io)).toBe(0);
    const record = JSON.parse(readFileSync(out, 'utf8')) as { records: { what: string; who: string }[] };
    const digest = bridge.view().shoeRecord!.digest;
    for (const [name, text] of [
      ['minified', JSON.stringify(record)],
      ['indented by 4', JSON.stringify(record, null, 4)],
      ['tabs, a newline at the end', `${JSON.stringify(record, null, '\t')}\n`],
    ] as const) {
      const file = join(dir, `shoe-${name.replaceAll(' ', '-').replace(',', '')}.json`);
      writeFileSync(file, text);
      const io = memoryIo();
      expect(await historyCommand(['verify', file, '--head', digest], io.io), name).toBe(0);
      expect(io.out()).toMatch(/^ok: shoe .* records unbroken/);
    }
    const i = record.records.findIndex((r) => r.what.startsWith('hand '));
    for (const [field, value] of [
      ['what', 'hand 3: player 9–0'],
      ['who', 'Inspector Lam, key 0123456789abcdef'],
    ] as const) {
      const edited = { ...record, records: record.records.map((r, j) => (j === i ? { ...r, [field]: value } : r)) };
      const file = join(dir, `shoe-edited-${field}.json`);
      writeFileSync(file, JSON.stringify(edited, null, 2));
      const io = memoryIo();
      expect(await historyCommand(['verify', file], io.io)).toBe(1);
      expect(io.out()).toContain(`its ${field} says ${JSON.stringify(value)}, its line`);
      expect(io.out()).toContain('the words were edited: the line is the record');
    }
  });
});

describe('history verify and export say which table and which file', () => {
  test('a renamed copy: the table id came from the file name, its records say T12, and --table T12 is suggested', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-history-'));
    const original = join(dir, 'T12.history');
    const h = openHistory(original, 'T12');
    for (const kind of ['hand', 'event'] as const)
      h.append({
        t: '2026-01-01T00:00:00.000Z',
        kind,
        topic: `baccarat/tables/T12/${kind}`,
        verified: false,
        payload: {},
      });
    h.close();
    const copy = join(dir, 'T12-evidence-copy.history');
    copyFileSync(original, copy);
    const io = memoryIo();
    expect(await historyCommand(['verify', copy], io.io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      `baccarat-board history: ${copy} is not the history of table T12-evidence-copy: the table id T12-evidence-copy was taken ` +
        `from the file name (T12-evidence-copy.history), but its records name table T12 in their topics, and its ` +
        `chain starts as table T12's. Check it as that table's:\n  baccarat-board history verify --table T12 ${copy}\n`,
    );
    expect(await historyCommand(['verify', '--table', 'T12', copy], memoryIo().io)).toBe(0);
    // A first record altered is still BAD, and says what the records name.
    writeFileSync(copy, readFileSync(copy, 'utf8').replace(/"prev":"[0-9a-f]/, '"prev":"x'));
    const altered = memoryIo();
    expect(await historyCommand(['verify', copy], altered.io)).toBe(1);
    expect(altered.out()).toMatch(
      /^BAD: .*: record 0 \(line 1\): record 0 does not start the chain of table T12-evidence-copy \(the table id .* its records name table T12 in their topics\): it does not start their chain either/,
    );
  });

  // Found by casino IT: surveillance asking "is this T2's shoe record?" was told "ok" of T1's.
  test("a shoe record checked as another table's is said to be its own table's, exit 2", async () => {
    const { dir, path, shoeId } = await playedBoard();
    const json = join(dir, 'shoe.json');
    expect(await historyCommand(['export', '--shoe', shoeId, '--out', json, path], memoryIo().io)).toBe(0);
    const io = memoryIo();
    expect(await historyCommand(['verify', json, '--table', 'T2'], io.io)).toBe(2);
    expect(io.err()).toBe(
      `baccarat-board history: ${json} is not the shoe record of table T2: it is table T1's (shoe ${shoeId}; its records are unbroken)\n`,
    );
    const own = memoryIo();
    expect(await historyCommand(['verify', json, '--table', 'T1'], own.io)).toBe(0);
    expect(own.out()).toMatch(new RegExp(`^ok: shoe ${shoeId} of table T1, \\d+ records unbroken`));
  });

  // Found by casino IT: /etc/passwd was "BAD: … not a record (damaged or cut short)", exit 1, read as tampering.
  test('a file that holds no record is said to be the wrong file, exit 2; a history with a damaged line is BAD', async () => {
    const { dir, path } = await playedBoard();
    const other = join(dir, 'notes.txt');
    writeFileSync(other, 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/usr/sbin/nologin\n');
    const io = memoryIo();
    expect(await historyCommand(['verify', other, '--table', 'T1'], io.io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toMatch(
      /^baccarat-board history: .*notes\.txt is neither a board's history nor a shoe record: none of its lines/,
    );
    const lines = readFileSync(path, 'utf8').split('\n');
    writeFileSync(other, ['garbage', ...lines.slice(1)].join('\n'));
    const damaged = memoryIo();
    expect(await historyCommand(['verify', other, '--table', 'T1'], damaged.io)).toBe(1);
    expect(damaged.out()).toMatch(/^BAD: .*record 0 \(line 1\): not a record/);
  });

  test('a CSV export is said to be for reading, not damaged: the JSON export of the same shoe verifies', async () => {
    const { dir, path, shoeId } = await playedBoard();
    const csv = join(dir, 'shoe.csv');
    const json = join(dir, 'shoe.json');
    expect(
      await historyCommand(['export', '--shoe', shoeId, '--format', 'csv', '--out', csv, path], memoryIo().io),
    ).toBe(0);
    expect(await historyCommand(['export', '--shoe', shoeId, '--out', json, path], memoryIo().io)).toBe(0);
    const io = memoryIo();
    expect(await historyCommand(['verify', csv], io.io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      `baccarat-board history: ${csv} is a CSV shoe record, for reading: it lists each record's hash but not its line, so it cannot ` +
        `be checked. Check the JSON shoe record (export --format json, the default) or the history itself.\n`,
    );
    expect(await historyCommand(['verify', json], memoryIo().io)).toBe(0);
  });

  test('a folder given for the history, or an --out that cannot be written, is said in a line (found by hand: EISDIR and ENOENT stack traces)', async () => {
    const { dir, path, shoeId } = await playedBoard();
    for (const action of [
      ['verify', dir],
      ['export', '--shoe', shoeId, dir],
    ]) {
      const io = memoryIo();
      expect(await historyCommand(action, io.io)).toBe(2);
      expect(io.err()).toBe(
        `baccarat-board history: ${dir} is a folder, not a history file: give one of its files, such as ${path}\n`,
      );
    }
    const io = memoryIo();
    const out = join(dir, 'no-such-folder', 'shoe.json');
    expect(await historyCommand(['export', '--shoe', shoeId, '--out', out, path], io.io)).toBe(2);
    expect(io.err()).toBe(
      `baccarat-board history: --out ${out}: the folder ${join(dir, 'no-such-folder')} does not exist\n`,
    );
  });

  test('export without a file says on standard error which history it read, and from which configuration', async () => {
    const { dir, path, shoeId } = await playedBoard();
    const config = join(dir, 'board.json');
    writeFileSync(config, JSON.stringify({ tableId: 'T1', journal: { dir } }));
    const io = memoryIo();
    expect(await historyCommand(['export', '--shoe', shoeId, '--config', config], io.io)).toBe(0);
    expect(io.err()).toBe(
      `baccarat-board history: reading ${path} (table T1's history in journal.dir, by the configuration ${config})\n`,
    );
    expect(JSON.parse(io.out())).toMatchObject({ shoeId, tableId: 'T1' });
    const missing = join(dir, 'elsewhere.json');
    writeFileSync(missing, JSON.stringify({ tableId: 'T9', journal: { dir } }));
    const none = memoryIo();
    expect(await historyCommand(['export', '--shoe', shoeId, '--config', missing], none.io)).toBe(2);
    expect(none.err()).toBe(
      `baccarat-board history: ${join(dir, 'T9.history')} (table T9's history in journal.dir, by the configuration ${missing}) does not exist\n`,
    );
  });
});
