/**
 * Side-bet limits from the console page in real Chromium (rule 11A.4): a floor manager sets Perfect Pairs' limits
 * beside its box, a range the wrong way round is refused with the field marked, a bet not offered has its limits
 * field greyed out, the change goes through the review with a reason to the retained sign, the card and the audit
 * log. Screenshot: test/output/console-side-bets.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { OUT, startConsolePage, type ConsolePage } from '../test/helpers/console-page';

let ui: ConsolePage;
beforeAll(async () => (ui = await startConsolePage()), 30_000);
afterAll(() => ui?.stop());

test('a floor manager sets Perfect Pairs limits through the review; nonsense is refused, naming the field', async () => {
  await ui.page.goto(ui.server.url);
  await ui.signIn('alice.wong');
  await ui.page.getByRole('button', { name: 'Change signs of Jade 8' }).click();
  const dialog = ui.page.locator('console-sign-editor dialog');
  await expect.poll(() => dialog.getAttribute('open')).toBe('');

  // Jade 8 offers pairs and Perfect Pairs: UR Way Égalité's and 3 gives 8's limits wait for their box.
  const pp = ui.page.getByLabel('Perfect Pairs limits');
  expect(await pp.isEnabled()).toBe(true);
  expect(await ui.page.getByLabel('UR Way Égalité limits').isEnabled()).toBe(false);
  expect(await ui.page.getByLabel('3 gives 8 limits').isEnabled()).toBe(false);
  await ui.page.getByLabel('3 gives 8', { exact: true }).check();
  expect(await ui.page.getByLabel('3 gives 8 limits').isEnabled()).toBe(true);
  await ui.page.getByLabel('3 gives 8', { exact: true }).uncheck();

  await pp.fill('5000-100');
  await ui.page.getByRole('button', { name: 'Review change…' }).click();
  await expect
    .poll(() => dialog.getByRole('alert').textContent())
    .toBe('pp-limits minimum (5000) is above pp-limits maximum (100)');
  expect(await pp.getAttribute('aria-invalid')).toBe('true');

  await pp.fill('100-5,000');
  await ui.page.getByRole('button', { name: 'Review change…' }).click();
  await expect
    .poll(() => dialog.locator('li[data-field="pp-limits"]').textContent())
    .toBe('pp-limits none → 100–5,000');
  expect(await dialog.locator('li').count()).toBe(1);
  await dialog.getByLabel(/^Reason/).fill('New Perfect Pairs limits from tonight');
  await ui.page.screenshot({ path: join(OUT, 'console-side-bets.png') });
  await dialog.getByRole('button', { name: 'Apply to the boards' }).click();

  await expect
    .poll(() => ui.page.locator('console-table-card [data-limits="perfectPairs"]').textContent())
    .toContain('100–5,000');
  expect(await ui.retainedSign()).toMatchObject({
    limits: { sideBetLimits: { perfectPairs: { minimum: 100, maximum: 5_000 } } },
    updatedBy: 'alice.wong',
  });
  await expect
    .poll(() => ui.page.locator('console-audit-list li').first().textContent())
    .toContain('pp-limits none → 100–5,000');
}, 30_000);
