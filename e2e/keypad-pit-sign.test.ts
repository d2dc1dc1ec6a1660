/**
 * The pit's sign at the keypad, against a real Mosquitto with the ACL of docs/console.md (read from it): the pit
 * closes the table (the sign's `tableOpen: false`, as the console's "Close table…" publishes it) while the keypad
 * has it open. Found by hand: the keypad still said Open and offered "Bets open" without a word, and a hand was
 * recorded while every board showed TABLE CLOSED.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { startKeypad } from '../keypad/keypad';
import type { KeypadView } from '../keypad/protocol';
import { startKeypadServer } from '../keypad/server';
import { hashCode, Supervisors } from '../keypad/supervisors';
import { KEYPAD_SCREENS as SCREENS, KEYPAD_UI as UI, keypadRig } from '../test/helpers/keypad-rig';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { signage } from '../test/helpers/table-messages';

/** The fenced `conf` block of docs/console.md: the floor's ACL. */
function floorAcl(): string {
  const text = readFileSync(new URL('../docs/console.md', import.meta.url), 'utf8');
  const at = text.indexOf('console/mosquitto-acl.test.ts runs Mosquitto with exactly the block below');
  const m = /```conf\n([\s\S]*?)```/.exec(text.slice(at));
  if (at < 0 || !m) throw new Error('docs/console.md has no ACL block');
  return m[1]!;
}

const USERS = { console: 'pw-console', PS1: 'pw-ps1', PS2: 'pw-ps2' };
const rig = keypadRig({ persistence: false, users: USERS, acl: floorAcl() });
const { missing } = rig;
const cleanups = cleanupList();

/** Publishes the table's sign as the console does: retained, QoS 1, with the console's account. */
async function publishSign(at: Mosquitto, tableId: string, revision: number, tableOpen: boolean): Promise<void> {
  const c = await mqtt.connectAsync(at.url, { username: 'console', password: USERS.console });
  await c.publishAsync(topics().tableSignage(tableId), makeTableSignage(signage(revision, { tableOpen })), {
    qos: 1,
    retain: true,
  });
  await c.endAsync();
}

async function keypadFor(tableId: keyof typeof USERS, at = rig.broker()) {
  const kp = await startKeypad({
    broker: at.url,
    tableId,
    journalPath: join(tempDir('bb-kpp-'), 'keypad.journal'),
    keying: 'cards',
    supervisors: new Supervisors(new Map([['Lee', await hashCode('4821')]])),
    version: '0.1.0',
    mqtt: { username: tableId, password: USERS[tableId] },
  });
  const server = await startKeypadServer({ keypad: kp, host: '127.0.0.1', port: 0, token: null, uiDir: UI });
  cleanups.push(
    () => kp.stop(),
    () => server.close(),
  );
  for (const action of [{ type: 'open-table' }, { type: 'new-shoe', decks: 8 }, { type: 'shuffle' }] as const) {
    const r = await kp.request({ action });
    if (!r.ok) throw new Error(r.error);
  }
  const view = async (): Promise<KeypadView> => (await (await fetch(`${server.url}api/view`)).json()) as KeypadView;
  return { kp, server, view };
}

describe.skipIf(missing)(`the pit's sign at the keypad${missing ? ` (${missing})` : ''}`, () => {
  test('the pit closes the table: the keypad says so, and "Bets open" asks first; the pit opens it: it goes', async () => {
    await publishSign(rig.broker(), 'PS1', 3, false);
    const { server, view } = await keypadFor('PS1');
    await until(async () => expect((await view()).pit).toEqual({ open: false, revision: 3 }));
    expect((await view()).tableOpen).toBe(true);

    const page = await rig.browser().newPage({ viewport: { width: 1280, height: 800 } });
    cleanups.push(() => page.close());
    await page.goto(server.url);
    const warning = page.locator('keypad-app [data-pit-closed]');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      'The pit has closed this table: its boards show TABLE CLOSED. Close the table here, or ask the pit to open it.',
    );
    // The header's chip does not say a plain "Open" beside it: open here, closed by the pit.
    const chip = page.locator('keypad-app [data-table-chip]');
    expect(await chip.getAttribute('data-table-chip')).toBe('open-pit-closed');
    expect((await chip.textContent())?.trim()).toBe('Open here · pit closed');
    await page.screenshot({
      path: join(SCREENS, 'pit-closed-header-1280x800.png'),
      clip: { x: 0, y: 0, width: 1280, height: 240 },
    });
    await page.locator('keypad-app [data-bets-open]').click();
    const dialog = page.locator('keypad-confirm h2');
    await dialog.waitFor();
    expect(await dialog.textContent()).toBe('Open bets while the boards show TABLE CLOSED?');
    await page.screenshot({ path: join(SCREENS, 'pit-closed-confirm-1280x800.png') });
    await page.locator('keypad-confirm [data-back]').click();
    expect((await view()).shoe?.phase).not.toBe('betting'); // nothing was sent

    // An unreadable sign is ignored: the last readable one stands, and the keypad goes on.
    const c = await mqtt.connectAsync(rig.broker().url, { username: 'console', password: USERS.console });
    await c.publishAsync(topics().tableSignage('PS1'), '{"tableOpen": true', { qos: 1, retain: true });
    await c.endAsync();
    await new Promise((r) => setTimeout(r, 300));
    expect((await view()).pit).toEqual({ open: false, revision: 3 });
    expect(await warning.count()).toBe(1);

    await publishSign(rig.broker(), 'PS1', 4, true);
    await until(async () => expect((await view()).pit).toEqual({ open: true, revision: 4 }));
    await until(async () => expect(await warning.count()).toBe(0));
    expect(await chip.getAttribute('data-table-chip')).toBe('open');
    expect((await chip.textContent())?.trim()).toBe('Open');
  });

  test('an account that may not read the sign: the keypad serves the table as before, without the pit', async () => {
    // PS2's account reads its own status and nothing else: a keypad whose ACL was not brought up to date.
    const narrow = await startMosquitto({
      persistence: false,
      users: USERS,
      acl: [
        'user console\ntopic readwrite baccarat/#',
        'user PS2\ntopic read baccarat/tables/PS2/controller/status\ntopic write baccarat/tables/PS2/#\n',
      ].join('\n'),
    });
    cleanups.push(() => narrow.close());
    await publishSign(narrow, 'PS2', 1, false);
    const { kp, view } = await keypadFor('PS2', narrow);
    await kp.flushed();
    await new Promise((r) => setTimeout(r, 500));
    const v = await view();
    expect(v.link.state).toBe('online');
    expect(v.pit).toBeNull();
    expect(v.tableOpen).toBe(true);
  });
});
