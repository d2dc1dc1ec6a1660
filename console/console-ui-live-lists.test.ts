/**
 * The console's live lists under the user's hand, in real Chromium (test/helpers/console-page.ts: a real board,
 * jade8-a, at table T2, Jade 8; lobby-2 offline). Boards and tables are sorted by id, so one that appears (or goes)
 * ahead of a row shifts every row after it. A button found on a row, then a board or table arriving ahead of it,
 * then the click: the fleet command, the dialog, the republish is still for the row the button was found on, and
 * the focus stays on it. Lists re-used by place (an unkeyed `.map`) handed the row to the newcomer, and the click
 * went to the wrong board or table, as the audit list's Restore button did (4684cf3).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeDisplayStatus, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { startConsolePage, type ConsolePage } from '../test/helpers/console-page';
import { signage } from '../test/helpers/table-messages';

const T = topics('baccarat');
const RETAINED = { qos: 1, retain: true } as const;
let ui: ConsolePage;
const errors: string[] = [];

beforeAll(async () => {
  // The console waits 2 s for a board here, so that a command to a board that never answers ends soon.
  ui = await startConsolePage({ fleetTimeoutMs: () => 2_000 });
  // A refusal or a timeout is an HTTP 4xx or 5xx the page shows in words; Chromium also logs it.
  const answered = /^Failed to load resource: the server responded with a status of (4\d\d|50[234])/;
  ui.page.on('console', (m) => m.type() === 'error' && !answered.test(m.text()) && errors.push(m.text()));
  ui.page.on('pageerror', (e) => errors.push(e.message));
  await ui.page.goto(ui.server.url);
  await ui.signIn('sue.chan'); // a supervisor: every fleet command, and Close table…
  await ui.page.locator('[data-state="session"]').waitFor();
}, 30_000);
afterAll(() => ui?.stop());

const added = new Set<string>(); // the boards a test published

/** Each test starts from the rig's fleet (jade8-a, lobby-2; Jade 8 alone), on a fresh page, signed in. */
async function fresh(): Promise<void> {
  for (const id of added) await boardGone(id);
  await ui.pub.publishAsync(T.tableSignage('T1'), '', RETAINED);
  await expect.poll(() => ui.monitor.view().boards.map((b) => b.displayId)).toEqual(['jade8-a', 'lobby-2']);
  await expect.poll(() => ui.monitor.view().tables.map((t) => t.tableId)).toEqual(['T2']);
  await ui.page.reload();
  await expect
    .poll(() => row('jade8-a').locator('[data-state="board"]').textContent(), { timeout: 8_000 })
    .toBe('Online');
  expect(await boardOrder()).toEqual(['jade8-a', 'lobby-2']);
}

/** A board at T2 that reports online (and never answers a command), showing the table's sign as it is. */
async function board(displayId: string, extra: Record<string, unknown> = {}): Promise<void> {
  const status = {
    v: 1,
    state: 'online',
    displayId,
    tableId: 'T2',
    version: '0.1.0',
    timestamp: new Date().toISOString(),
    handCount: 0,
    signageRevision: ui.monitor.view().tables.find((t) => t.tableId === 'T2')?.signage?.revision,
    casinoSignageRevision: ui.monitor.view().casino?.revision,
    rejectedMessages: 0,
    uptimeSeconds: 30,
    ...extra,
  } as Parameters<typeof makeDisplayStatus>[0];
  added.add(displayId);
  await ui.pub.publishAsync(T.displayStatus(displayId), makeDisplayStatus(status), RETAINED);
}
async function boardGone(displayId: string): Promise<void> {
  added.delete(displayId);
  await ui.pub.publishAsync(T.displayStatus(displayId), '', RETAINED);
}

const boards = () => ui.page.locator('console-board-list');
const row = (id: string) => boards().locator(`tr[data-board="${id}"]`);
const result = (id: string) => boards().locator(`[data-command-result="${id}"]`);
const boardOrder = () => boards().locator('tr[data-board] > th').allTextContents();
/** The board list's body, row by row: a board's (`jade8-a`), then its command's answer (`commands jade8-a`). */
const bodyRows = () =>
  boards()
    .locator('tbody > tr:not([data-attention])')
    .evaluateAll((trs: { getAttribute(name: string): string | null }[]) =>
      trs.map((tr) =>
        tr.getAttribute('data-board') !== null
          ? `${tr.getAttribute('data-board')}`
          : `commands ${tr.getAttribute('data-commands')}`,
      ),
    );
/** The element that has the focus, through the shadow roots: its accessible label, or its text. */
const focused = () =>
  ui.page.evaluate<string | null>(`(() => {
    let e = document.activeElement;
    while (e?.shadowRoot?.activeElement) e = e.shadowRoot.activeElement;
    return e?.getAttribute('aria-label') ?? e?.textContent?.trim() ?? null;
  })()`);

test('a fleet command button found on a board row still commands that board once a board appears above it', async () => {
  await fresh();
  // The button found, and another one focused, while jade8-a is the first row…
  const identify = await boards().getByRole('button', { name: 'Identify jade8-a' }).elementHandle();
  await boards().getByRole('button', { name: 'Reload jade8-a…' }).focus();
  // …then iris-1 reports, and sorts above it.
  await board('iris-1');
  await expect.poll(() => boardOrder()).toEqual(['iris-1', 'jade8-a', 'lobby-2']);

  // The click goes to jade8-a, the board the button was found on: its bridge is handed the identify.
  const sent = ui.commands.length;
  await identify?.click();
  await expect
    .poll(() => boards().locator('[data-command-result]').getAttribute('data-command-result'))
    .toBe('jade8-a');
  await expect.poll(() => result('jade8-a').getAttribute('data-state')).toBe('done');
  expect(ui.commands.slice(sent)).toMatchObject([{ command: 'identify' }]);
  expect(await result('iris-1').count()).toBe(0);
  expect(await identify?.getAttribute('aria-label')).toBe('Identify jade8-a');
  expect(await bodyRows()).toEqual(['iris-1', 'jade8-a', 'commands jade8-a', 'lobby-2']);
}, 30_000);

test('the focus and an open reload dialog stay with their board while boards come and go above it', async () => {
  await fresh();
  // Focused on jade8-a's Reload…, then a board arrives above it: the focus is still on jade8-a's.
  await boards().getByRole('button', { name: 'Reload jade8-a…' }).focus();
  await board('hazel-7');
  await expect.poll(() => boardOrder()).toEqual(['hazel-7', 'jade8-a', 'lobby-2']);
  expect(await focused()).toBe('Reload jade8-a…');

  // Opened from the keyboard; the board goes while the dialog is open; the reload goes to jade8-a.
  await ui.page.keyboard.press('Enter');
  const confirm = boards().locator('console-fleet-confirm dialog');
  await expect.poll(() => confirm.getAttribute('open')).toBe('');
  expect(await confirm.locator('h2').textContent()).toBe('Reload jade8-a?');
  await boardGone('hazel-7');
  await expect.poll(() => boardOrder()).toEqual(['jade8-a', 'lobby-2']);
  await ui.page.keyboard.type('Screen frozen since 21:00'); // the reason field has the focus
  const sent = ui.commands.length;
  await confirm.getByRole('button', { name: 'Reload the board' }).click();
  await expect.poll(() => confirm.getAttribute('open')).toBeNull();
  await expect.poll(() => result('jade8-a').locator('[data-headline]').textContent()).toBe('Reload done');
  expect(ui.commands.slice(sent)).toMatchObject([{ command: 'reload' }]);

  // A board that goes from above it: the focus stays on jade8-a's too.
  await board('iris-1');
  await expect.poll(() => boardOrder()).toEqual(['iris-1', 'jade8-a', 'lobby-2']);
  await boards().getByRole('button', { name: 'Reload jade8-a…' }).focus();
  await boardGone('iris-1');
  await expect.poll(() => boardOrder()).toEqual(['jade8-a', 'lobby-2']);
  expect(await focused()).toBe('Reload jade8-a…');
}, 30_000);

test('a command under way stays under its own row, and its answer with it, while boards come and go above it', async () => {
  await fresh();
  await board('kilo-9');
  await expect.poll(() => boardOrder()).toEqual(['jade8-a', 'kilo-9', 'lobby-2']);
  await boards().getByRole('button', { name: 'About kilo-9' }).click(); // kilo-9 never answers: 2 s pending
  await expect.poll(() => result('kilo-9').getAttribute('data-state')).toBe('pending');
  await board('gale-5');
  await expect.poll(() => boardOrder()).toEqual(['gale-5', 'jade8-a', 'kilo-9', 'lobby-2']);
  expect(await bodyRows()).toEqual(['gale-5', 'jade8-a', 'kilo-9', 'commands kilo-9', 'lobby-2']);
  expect(await boards().getByRole('button', { name: 'Identify kilo-9' }).isDisabled()).toBe(true);
  expect(await boards().getByRole('button', { name: 'Identify gale-5' }).isDisabled()).toBe(false);
  await expect.poll(() => result('kilo-9').getAttribute('data-state'), { timeout: 6_000 }).toBe('no-answer');
  // Its Dismiss, found now, dismisses kilo-9's answer after a board has gone from above it.
  const dismiss = await result('kilo-9').getByRole('button', { name: 'Dismiss the answer of kilo-9' }).elementHandle();
  await boardGone('gale-5');
  await expect.poll(() => boardOrder()).toEqual(['jade8-a', 'kilo-9', 'lobby-2']);
  await dismiss?.click();
  expect(await result('kilo-9').count()).toBe(0);
}, 30_000);

test('a table card’s buttons stay with their table when a table appears above it or goes', async () => {
  await fresh();
  const cards = ui.page.locator('console-table-card');
  // Each card's heading: the table's name, then its id.
  const names = async () =>
    (await cards.locator('h3').allTextContents()).map((n) => n.replace(/\s+T\d+\s*$/, '').trim());
  await expect.poll(names).toEqual(['Jade 8']);
  const close = await ui.page.getByRole('button', { name: 'Close Jade 8…' }).elementHandle();

  // Amber 1 (T1) sorts above Jade 8 (T2): the Close… found on Jade 8's card closes Jade 8.
  const amber = makeTableSignage(signage(1, { tableName: 'Amber 1' }));
  await ui.pub.publishAsync(T.tableSignage('T1'), amber, RETAINED);
  await expect.poll(names).toEqual(['Amber 1', 'Jade 8']);
  await close?.click();
  const dialog = ui.page.locator('console-table-state dialog');
  await expect.poll(() => dialog.getAttribute('open')).toBe('');
  expect(await dialog.locator('h2').textContent()).toBe('Close Jade 8?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.getAttribute('open')).toBeNull();

  // Amber 1 goes, then comes back: the focus stays on Jade 8's button.
  await ui.page.getByRole('button', { name: 'Change signs of Jade 8' }).focus();
  await ui.pub.publishAsync(T.tableSignage('T1'), '', RETAINED);
  await expect.poll(names).toEqual(['Jade 8']);
  expect(await focused()).toBe('Change signs of Jade 8');
  await ui.pub.publishAsync(T.tableSignage('T1'), amber, RETAINED);
  await expect.poll(names).toEqual(['Amber 1', 'Jade 8']);
  expect(await focused()).toBe('Change signs of Jade 8');
}, 30_000);

test('a table card’s Republish sign… stays on its line when something else to look at arrives above it', async () => {
  await fresh();
  const jade = ui.page.locator('console-table-card').filter({ hasText: 'Jade 8' });
  const revision = ui.monitor.view().tables.find((t) => t.tableId === 'T2')?.signage?.revision ?? 0;
  // mike-4 shows a revision above the broker's sign: Jade 8's card offers to republish it.
  await board('mike-4', { signageRevision: revision + 10 });
  await expect.poll(() => jade.locator('li[data-code]').evaluateAll((li) => li.length)).toBe(1);
  const republish = await jade.getByRole('button', { name: 'Republish sign…' }).elementHandle();
  await jade.getByRole('button', { name: 'Republish sign…' }).focus();
  // Then hotel-2, sorted above mike-4, falls out of step: its line comes first.
  await board('hotel-2', {
    outOfStep: { code: 'gap', reason: 'hand 40 arrived before hand 39', since: new Date().toISOString() },
  });
  await expect
    .poll(() => jade.locator('li[data-code]').evaluateAll((li) => li.map((l) => l.getAttribute('data-code'))))
    .toEqual(['out-of-step', 'signage-ahead']);
  expect(await focused()).toBe('Republish sign…');
  await republish?.click();
  const editor = ui.page.locator('console-sign-editor dialog');
  await expect.poll(() => editor.getAttribute('open')).toBe('');
  await expect.poll(() => editor.locator('h2').textContent()).toBe('Confirm the change — Jade 8');
  await expect.poll(() => editor.locator('h3').textContent()).toContain(`a board shows revision ${revision + 10}`);
  await editor.getByRole('button', { name: 'Cancel' }).click();
});

test('nothing went wrong on the page', () => expect(errors).toEqual([]));
