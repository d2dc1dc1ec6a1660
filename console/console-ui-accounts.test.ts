/**
 * Signing in and accountable changes on the console page in real Chromium (test/helpers/console-page.ts): nobody
 * sees anything before signing in; a wrong password is refused; a viewer reads and has no button to change
 * anything, and cannot read the session cookie; a supervisor closes the table by typing its name, with a reason,
 * then restores an earlier revision from the audit log in one step; a table its keypad closed before any shoe reads
 * "Closed at the table". Screenshots: test/output/console-login*.png,
 * console-close-table.png, console-revert.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeControllerStatus, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { OUT, startConsolePage, type ConsolePage } from '../test/helpers/console-page';
import { at, signage } from '../test/helpers/table-messages';

let ui: ConsolePage;
beforeAll(async () => (ui = await startConsolePage()), 30_000);
afterAll(() => ui?.stop());

test('nothing before signing in; a wrong password refused; a viewer reads and has no button to change anything', async () => {
  const errors: string[] = [];
  ui.page.on('pageerror', (e) => errors.push(e.message));
  await ui.page.goto(ui.server.url);
  await expect.poll(() => ui.page.getByRole('heading', { name: 'Sign in' }).count()).toBe(1);
  expect(await ui.page.locator('console-table-card').count()).toBe(0);
  await ui.page.screenshot({ path: join(OUT, 'console-login.png') });
  await ui.signIn('vic', 'not-the-password');
  await expect.poll(() => ui.page.getByRole('alert').textContent()).toBe('Wrong account name or password.');
  expect(await ui.page.getByLabel('Password').inputValue()).toBe('');
  await ui.page.screenshot({ path: join(OUT, 'console-login-refused.png') });

  await ui.signIn('vic');
  await expect
    .poll(() => ui.page.locator('[data-state="session"]').textContent())
    .toMatch(/Signed in as\s*vic\s*· Viewer/);
  const card = ui.page.locator('console-table-card');
  await expect.poll(() => card.locator('h3').textContent()).toContain('Jade 8');
  expect(await ui.page.getByRole('button', { name: /Change signs|Close table|Change pay scale/ }).count()).toBe(0);
  // The session is an HttpOnly cookie: the page's script cannot read it.
  expect(await ui.page.evaluate('document.cookie')).toBe('');
  await ui.signOut();
  expect(errors).toEqual([]);
}, 30_000);

test('closing a table is its own confirmed action: the name typed, a reason; then an earlier revision restored', async () => {
  await ui.signIn('sue.chan');
  const jade = ui.page.locator('console-table-card').filter({ hasText: 'Jade 8' });
  const before = ui.monitor.view().tables.find((t) => t.tableId === 'T2')?.signage?.revision ?? 0;
  await jade.getByRole('button', { name: 'Close Jade 8…' }).click();
  const close = ui.page.locator('console-table-state dialog');
  await expect.poll(() => close.getAttribute('open')).toBe('');
  await expect.poll(() => close.locator('header .muted').textContent()).toContain(`revision ${before} → ${before + 1}`);
  const confirm = close.getByRole('button', { name: 'Close the table' });
  expect(await confirm.isDisabled()).toBe(true);
  await close.getByLabel(/type the table's name/).fill('Jade');
  expect(await confirm.isDisabled()).toBe(true); // not the name yet
  await close.getByLabel(/type the table's name/).fill('Jade 8');
  await close.getByLabel(/^Reason/).fill('Dealer shortage until 22:00');
  expect(await confirm.isDisabled()).toBe(false);
  await ui.page.screenshot({ path: join(OUT, 'console-close-table.png') });
  await confirm.click();
  await expect.poll(() => jade.locator('[data-state="table"]').textContent()).toBe('Closed');
  expect((await ui.retainedSign())?.tableOpen).toBe(false);
  const top = ui.page.locator('console-audit-list li[data-action]').first();
  await expect.poll(() => top.textContent()).toContain('sue.chan (supervisor) closed the table');
  await expect.poll(() => jade.getByRole('button', { name: 'Open Jade 8…' }).count()).toBe(1);
  // The button to restore the sign as it was before the close, found now: the promotion's record will arrive above it.
  const restore = await ui.page.getByRole('button', { name: `Restore revision ${before} of Jade 8…` }).elementHandle();

  // A tie promotion while it is closed, through the editor…
  const editor = ui.page.locator('console-sign-editor dialog');
  await jade.getByRole('button', { name: 'Change signs of Jade 8' }).click();
  await editor.getByLabel('Tie pays').selectOption('9');
  await editor.getByRole('button', { name: 'Review change…' }).click();
  await expect.poll(() => editor.locator('li[data-field="tie-pays"]').textContent()).toBe('tie-pays 8 to 1 → 9 to 1');
  await ui.applyWith('Tie promotion for the reopening');
  await expect.poll(async () => (await ui.retainedSign())?.tiePays).toBe(9);

  // …then the sign as it was at revision 4, before both, restored in one step from the audit log, with the button
  // found before the promotion's record came in: it still restores revision 4 (an unkeyed list handed its <li> to the
  // newer record, and a click at that moment restored revision 5).
  await expect.poll(() => ui.page.locator('console-audit-list li[data-action]').count()).toBe(2);
  expect(await restore?.getAttribute('aria-label')).toBe(`Restore revision ${before} of Jade 8…`);
  await restore?.click();
  await expect.poll(() => editor.locator('h2').textContent()).toBe(`Restore revision ${before} — Jade 8`);
  await expect
    .poll(() => editor.locator('li[data-field]').allTextContents())
    .toEqual(['table closed → open', 'tie-pays 9 to 1 → 8 to 1']);
  await ui.page.screenshot({ path: join(OUT, 'console-revert.png') });
  await ui.applyWith('Promotion cancelled: back to the standard sign');
  await expect.poll(async () => (await ui.retainedSign())?.tiePays).toBe(8);
  await expect.poll(() => top.textContent()).toContain(`sue.chan (supervisor) restored`);
  expect(await top.textContent()).toContain(`(as at revision ${before})`);
  expect(await ui.retainedSign()).toMatchObject({ tableOpen: true, revision: before + 3, updatedBy: 'sue.chan' });
}, 30_000);

test('a table its keypad closed before any shoe: "Closed at the table", from the keypad\'s status', async () => {
  // A new keypad closes its table at once; with no shoe yet, only its retained online status says so.
  const T = topics('baccarat');
  const retain = { qos: 1, retain: true } as const;
  const status = (tableOpen: boolean) =>
    makeControllerStatus({ v: 1, state: 'online', controllerId: 'kp-T7', version: '1', timestamp: at(0), tableOpen });
  await ui.pub.publishAsync(T.tableSignage('T7'), makeTableSignage(signage(1, { tableName: 'Ruby 7' })), retain);
  await ui.pub.publishAsync(T.controllerStatus('T7'), status(false), retain);
  // Signed in still as the supervisor of the test before.
  await expect.poll(() => ui.page.locator('[data-state="session"]').textContent()).toMatch(/sue\.chan/);
  const ruby = ui.page.locator('console-table-card').filter({ hasText: 'Ruby 7' });
  await expect.poll(() => ruby.locator('[data-state="table"]').textContent()).toBe('Closed at the table');
  await expect.poll(() => ruby.locator('ul.attention').textContent()).toContain('closed the table at its controller');
  await ui.pub.publishAsync(T.controllerStatus('T7'), status(true), retain);
  await expect.poll(() => ruby.locator('[data-state="table"]').textContent()).toBe('Open');
  // A table with no sign yet: its boards show it closed or open as the keypad says, and so does its card.
  await ui.pub.publishAsync(T.controllerStatus('T8'), status(false), retain);
  const bare = ui.page.locator('console-table-card').filter({ hasText: 'T8' });
  await expect.poll(() => bare.locator('[data-state="table"]').textContent()).toBe('Closed at the table');
  await ui.pub.publishAsync(T.controllerStatus('T8'), status(true), retain);
  await expect.poll(() => bare.locator('[data-state="table"]').textContent()).toBe('Open at the table');
  // Gone again, for whatever runs next on this console.
  for (const topic of [T.tableSignage('T7'), T.controllerStatus('T7'), T.controllerStatus('T8')])
    await ui.pub.publishAsync(topic, '', retain);
  await expect.poll(() => ruby.count()).toBe(0);
  await expect.poll(() => bare.count()).toBe(0);
  await ui.signOut();
}, 30_000);
