/**
 * Fleet commands from the console page in real Chromium (test/helpers/console-page.ts: a real board, jade8-a, that
 * answers screenshots; lobby-2 offline) plus a board that never answers (mute-3): a viewer gets no command and is
 * told who can; a floor manager identifies a board (pending, then confirmed by its status), takes its screenshot
 * (shown in a dialog with its time and source, and downloaded as the very PNG the board sent), cannot reload (the
 * button disabled with the reason), and sees a board that does not answer time out with what its status says; two
 * people at once: the second command to a busy board is refused with the reason; a supervisor reloads and resyncs
 * with replace through the dialog with a reason; each command lands in the audit log. Screenshots:
 * test/output/console-fleet*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeDisplayStatus } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { BOARD_PNG, OUT, startConsolePage, type ConsolePage } from '../test/helpers/console-page';
import { passwordOf } from '../test/helpers/console-rig';

const T = topics('baccarat');
let ui: ConsolePage;
const errors: string[] = [];

beforeAll(async () => {
  // The console waits 2 s for a board here (10 s in service), so that a board that never answers times out soon.
  ui = await startConsolePage({ fleetTimeoutMs: () => 2_000 });
  await ui.pub.publishAsync(
    T.displayStatus('mute-3'),
    makeDisplayStatus({
      v: 1,
      state: 'online',
      displayId: 'mute-3',
      tableId: 'T2',
      version: '0.1.0',
      timestamp: new Date().toISOString(),
      handCount: 0,
      rejectedMessages: 0,
      uptimeSeconds: 30,
    }),
    { qos: 1, retain: true },
  );
  // A refusal or a timeout is an HTTP 4xx or 5xx the page shows in words; Chromium also logs it.
  const answered = /^Failed to load resource: the server responded with a status of (4\d\d|50[234])/;
  ui.page.on('console', (m) => m.type() === 'error' && !answered.test(m.text()) && errors.push(m.text()));
  ui.page.on('pageerror', (e) => errors.push(e.message));
  await ui.page.goto(ui.server.url);
}, 30_000);
afterAll(() => ui?.stop());

const boards = () => ui.page.locator('console-board-list');
const row = (id: string) => boards().locator(`tr[data-board="${id}"]`);
const result = (id: string) => boards().locator(`[data-command-result="${id}"]`);

test('a viewer has no fleet command, and is told who has', async () => {
  await ui.signIn('vic');
  await expect.poll(() => row('jade8-a').count(), { timeout: 8_000 }).toBe(1);
  expect(await boards().locator('th', { hasText: 'Commands' }).count()).toBe(0);
  expect(
    await boards()
      .getByRole('button', { name: /^(Identify|About|Screenshot|Reload|Resync) / })
      .count(),
  ).toBe(0);
  expect(await boards().locator('[data-note="fleet"]').textContent()).toBe(
    'Fleet commands: a viewer cannot identify a board, show its details or take its screenshot: ask a floor ' +
      'manager or a supervisor (reload and resync: a supervisor).',
  );
  await ui.signOut();
}, 20_000);

test('a floor manager identifies a board, takes and downloads its screenshot, and may not reload', async () => {
  await ui.signIn('alice.wong');
  await expect
    .poll(() => row('jade8-a').locator('[data-state="board"]').textContent(), { timeout: 8_000 })
    .toBe('Online');
  // What a floor manager may not do is there, disabled, saying why; an offline board takes nothing.
  const reload = boards().getByRole('button', { name: 'Reload jade8-a…' });
  expect(await reload.isDisabled()).toBe(true);
  expect(await reload.getAttribute('title')).toBe('a floor manager cannot reload or resync a board: ask a supervisor');
  expect(await boards().locator('[data-note="fleet"]').textContent()).toBe(
    'A floor manager cannot reload or resync a board: ask a supervisor.',
  );
  const offline = boards().getByRole('button', { name: 'Identify lobby-2' });
  expect(await offline.isDisabled()).toBe(true);
  expect(await offline.getAttribute('title')).toMatch(/^Board lobby-2 is offline: a command would wait at the broker/);

  // Identify: the board is handed it, and its status confirms it.
  await boards().getByRole('button', { name: 'Identify jade8-a' }).click();
  await expect.poll(() => result('jade8-a').getAttribute('data-state')).toBe('done');
  expect(await result('jade8-a').locator('[data-headline]').textContent()).toBe('Identify done');
  expect(await result('jade8-a').locator('[data-message]').textContent()).toMatch(
    /^confirmed by the board's status at \d\d:\d\d:\d\d$/, // as the page shows times, not 2026-…T…Z
  );
  expect(ui.commands.at(-1)).toMatchObject({ command: 'identify' });

  // Screenshot: the picture in a dialog, with its size, time and source, and the very PNG the board sent.
  await boards().getByRole('button', { name: 'Screenshot jade8-a' }).click();
  const dialog = boards().locator('console-screenshot-dialog dialog');
  await expect.poll(() => dialog.getAttribute('open'), { timeout: 8_000 }).toBe('');
  const img = dialog.getByRole('img', { name: /^The screen of board jade8-a at / });
  await expect
    .poll(() =>
      img.evaluate((i: { complete: boolean; naturalWidth: number; naturalHeight: number }) => [
        i.complete,
        i.naturalWidth,
        i.naturalHeight,
      ]),
    )
    .toEqual([true, 480, 270]);
  expect(await dialog.locator('[data-size]').textContent()).toBe(
    `480×270 px · ${Math.ceil(BOARD_PNG.length / 1024)} KiB PNG`,
  );
  expect(await dialog.locator('[data-source]').textContent()).toBe("Source: window — the kiosk window's own pixels");
  await ui.page.screenshot({ path: join(OUT, 'console-fleet-screenshot.png') });
  const [download] = await Promise.all([
    ui.page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^jade8-a-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.png$/);
  expect(readFileSync((await download.path()) ?? '').equals(BOARD_PNG)).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialog.getAttribute('open')).toBeNull();
  expect(await result('jade8-a').locator('[data-headline]').textContent()).toBe('Screenshot done');
  await result('jade8-a').getByRole('button', { name: 'View screenshot…' }).click();
  await expect.poll(() => dialog.getAttribute('open')).toBe('');
  await ui.page.keyboard.press('Escape');

  // A board that never answers: pending, then no answer, with what its status says.
  await boards().getByRole('button', { name: 'About mute-3' }).click();
  await expect.poll(() => result('mute-3').getAttribute('data-state')).toBe('pending');
  expect(await result('mute-3').locator('[data-headline]').textContent()).toBe('About: waiting for mute-3…');
  expect(await boards().getByRole('button', { name: 'Identify mute-3' }).isDisabled()).toBe(true);
  await ui.page.screenshot({ path: join(OUT, 'console-fleet-pending.png') });
  await expect.poll(() => result('mute-3').getAttribute('data-state'), { timeout: 6_000 }).toBe('no-answer');
  expect(await result('mute-3').locator('[data-headline]').textContent()).toBe('About: no answer');
  expect(await result('mute-3').locator('[data-message]').textContent()).toMatch(
    /^no answer within 2 s\. Its status says online \(as of .*\): the command may have been refused\./,
  );
  expect(await boards().locator('[data-announce]').textContent()).toMatch(/^mute-3: About: no answer\. no answer/);
  await ui.page.screenshot({ path: join(OUT, 'console-fleet.png'), fullPage: true });

  // Each of them in the audit log, with the board's answer.
  const audit = ui.page.locator('console-audit-list li[data-action="fleet-command"]');
  await expect.poll(() => audit.count()).toBe(3);
  expect(await audit.first().locator('[data-outcome]').textContent()).toBe('no answer');
  expect(await audit.first().locator('.head').textContent()).toMatch(
    /Board mute-3 \(T2\) · about ·\s+alice\.wong \(floor manager\)/,
  );
  expect(await audit.nth(1).locator('[data-detail]').textContent()).toMatch(/^480×270 PNG, \d+ KiB, source window/);
  // The board's times in its answer as the page shows times (taken at 01:02:54), not RFC 3339 as the record keeps them.
  const details = await audit.locator('[data-detail]').allTextContents();
  expect(details.filter((d) => /\d{4}-\d\d-\d\dT\d\d:/.test(d))).toEqual([]);
  expect(details.some((d) => /\b\d\d:\d\d:\d\d\b/.test(d))).toBe(true);
  await ui.signOut();
}, 40_000);

test('two people at once: a command to a board busy with another is refused, with whose', async () => {
  const other = await ui.page.context().browser()?.newContext();
  if (!other) throw new Error('no browser');
  const page2 = await other.newPage();
  try {
    await page2.goto(ui.server.url);
    await page2.getByLabel('Account').fill('sue.chan');
    await page2.getByLabel('Password').fill(passwordOf('sue.chan'));
    await page2.keyboard.press('Enter');
    await ui.signIn('alice.wong');
    const mine = page2.locator('console-board-list');
    await mine.getByRole('button', { name: 'Identify mute-3' }).click();
    await expect.poll(() => mine.locator('[data-command-result="mute-3"]').getAttribute('data-state')).toBe('pending');
    await boards().getByRole('button', { name: 'Screenshot mute-3' }).click();
    await expect.poll(() => result('mute-3').getAttribute('data-state')).toBe('refused');
    expect(await result('mute-3').locator('[data-headline]').textContent()).toBe('Screenshot refused');
    expect(await result('mute-3').locator('[data-message]').textContent()).toMatch(
      /^an identify by sue\.chan was under way on board mute-3 \(since .*\) when this was sent, so it was not sent: send it again once that one has its answer$/,
    );
    await result('mute-3').getByRole('button', { name: 'Dismiss the answer of mute-3' }).click();
    expect(await result('mute-3').count()).toBe(0);
    await expect
      .poll(() => mine.locator('[data-command-result="mute-3"]').getAttribute('data-state'), { timeout: 6_000 })
      .toBe('no-answer');
    await ui.signOut();
  } finally {
    await other.close();
  }
}, 30_000);

test('a supervisor reloads and resyncs with replace, each asked first with a reason', async () => {
  await ui.signIn('sue.chan');
  await boards().getByRole('button', { name: 'Reload jade8-a…' }).click();
  const confirm = boards().locator('console-fleet-confirm dialog');
  await expect.poll(() => confirm.getAttribute('open')).toBe('');
  expect(await confirm.locator('h2').textContent()).toBe('Reload jade8-a?');
  const n = ui.commands.length;
  await confirm.getByRole('button', { name: 'Reload the board' }).click();
  expect(await confirm.getByRole('alert').textContent()).toBe(
    'Give a reason: it goes to the audit log with your name.',
  );
  expect(await confirm.getByLabel(/^Reason/).getAttribute('aria-invalid')).toBe('true');
  expect(ui.commands.length).toBe(n); // nothing sent
  await ui.page.keyboard.type('x'); // the reason field has the focus: one character is too short, and said so
  await confirm.getByRole('button', { name: 'Reload the board' }).click();
  expect(await confirm.getByRole('alert').textContent()).toBe(
    'Give a reason of at least 3 characters: it goes to the audit log with your name.',
  );
  expect(ui.commands.length).toBe(n);
  await ui.page.keyboard.press('Backspace');
  await ui.page.keyboard.type('Screen frozen since 21:00');
  await ui.page.screenshot({ path: join(OUT, 'console-fleet-reload.png') });
  await confirm.getByRole('button', { name: 'Reload the board' }).click();
  await expect.poll(() => confirm.getAttribute('open')).toBeNull();
  await expect.poll(() => result('jade8-a').locator('[data-headline]').textContent()).toBe('Reload done');
  expect(ui.commands.at(-1)).toMatchObject({ command: 'reload' });

  await boards().getByRole('button', { name: 'Resync jade8-a…' }).click();
  await expect.poll(() => confirm.locator('h2').textContent()).toBe('Resync jade8-a?');
  await confirm.getByRole('checkbox', { name: /^Replace what it shows/ }).check();
  await confirm.getByLabel(/^Reason/).fill('Board stuck on an old shoe');
  await confirm.getByRole('button', { name: 'Resync the board' }).click();
  await expect.poll(() => result('jade8-a').locator('[data-headline]').textContent()).toBe('Resync with replace done');
  expect(ui.commands.at(-1)).toMatchObject({ command: 'resync', replace: true });

  const top = ui.page.locator('console-audit-list li[data-action="fleet-command"]').first();
  await expect
    .poll(() => top.locator('.head').textContent())
    .toMatch(/Board jade8-a \(T2\) · resync with replace ·\s+sue\.chan \(supervisor\)/);
  expect(await top.locator('[data-why]').textContent()).toBe('Why: “Board stuck on an old shoe”');
  expect(await top.locator('[data-outcome]').textContent()).toBe('done');
  expect(errors).toEqual([]);
}, 30_000);
