import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../test/helpers/lifecycle';
import { openKeypadJournal, type JournalHeader } from './journal';

const header = (over: Partial<JournalHeader> = {}): JournalHeader => ({
  keypad: 1,
  t: '2024-11-22T14:00:00.000Z',
  tableId: 'T1',
  seqStart: 1000,
  tableOpen: null,
  shoeNo: 0,
  revision: 0,
  ...over,
});
const path = () => join(tempDir('bb-kpj-'), 'keypad-T1.journal');

describe('the keypad journal', () => {
  test('a new one starts with the header; records come back in order', () => {
    const p = path();
    const j = openKeypadJournal(p, 'T1', () => header());
    j.append({ t: 'a', a: { type: 'open-table' } });
    j.append({ t: 'b', a: { type: 'card', card: '9H' } });
    j.close();
    const again = openKeypadJournal(p, 'T1', () => header({ seqStart: 1 }));
    expect(again.header.seqStart).toBe(1000);
    expect(again.records.map((r) => r.a.type)).toEqual(['open-table', 'card']);
    expect(again.skipped).toEqual([]);
    again.close();
  });

  test('a torn last write and a damaged line are skipped, said, and gone from the file', () => {
    const p = path();
    const j = openKeypadJournal(p, 'T1', () => header());
    j.append({ t: 'a', a: { type: 'open-table' } });
    j.append({ t: 'b', a: { type: 'shuffle' } });
    j.close();
    const lines = readFileSync(p, 'utf8').split('\n');
    lines[1] = lines[1]!.replace('open-table', 'close-table'); // the checksum no longer matches
    writeFileSync(p, lines.join('\n'));
    appendFileSync(p, '0badc0de {"t":"c","a":{"ty'); // killed mid-write
    const again = openKeypadJournal(p, 'T1', () => header());
    expect(again.records.map((r) => r.a.type)).toEqual(['shuffle']);
    expect(again.skipped.map((s) => s.reason)).toEqual(['checksum mismatch', expect.stringMatching(/torn/)]);
    again.append({ t: 'd', a: { type: 'bets-open' } });
    again.close();
    expect(openKeypadJournal(p, 'T1', () => header()).records.map((r) => r.a.type)).toEqual(['shuffle', 'bets-open']);
  });

  test("another table's journal, or a later version's, is set aside and a new one started", () => {
    const p = path();
    openKeypadJournal(p, 'T9', () => header({ tableId: 'T9' })).close();
    const j = openKeypadJournal(p, 'T1', () => header({ seqStart: 7 }));
    expect(j.setAside).toMatch(/set-aside/);
    expect(j.header.seqStart).toBe(7);
    expect(readdirSync(dirname(p)).some((f) => f.includes('set-aside'))).toBe(true);
    j.close();
  });

  test('rewrite replaces it whole (a new shoe): header and records, nothing else, no temp file left', () => {
    const p = path();
    const j = openKeypadJournal(p, 'T1', () => header());
    j.append({ t: 'a', a: { type: 'open-table' } });
    j.rewrite(header({ seqStart: 2000, shoeNo: 4, revision: 9 }), [
      { t: 'b', a: { type: 'new-shoe', decks: 8, shoeId: 'S5' } },
    ]);
    j.append({ t: 'c', a: { type: 'shuffle' } });
    j.close();
    const again = openKeypadJournal(p, 'T1', () => header());
    expect(again.header).toMatchObject({ seqStart: 2000, shoeNo: 4, revision: 9 });
    expect(again.records.map((r) => r.a.type)).toEqual(['new-shoe', 'shuffle']);
    expect(existsSync(`${p}.tmp`)).toBe(false);
  });
});
