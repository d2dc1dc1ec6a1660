/**
 * Side-bet limits from the console page in real Chromium (rule 11A.4): a floor manager sets Perfect Pairs' limits
 * beside its box, a range the wrong way round is refused with the field marked, a bet not offered has its limits
 * field greyed out, the change goes through the review with a reason to the retained sign, the card and the audit
 * log. A change of what rounds pay made while one is dealt is pointed out in the review, and a new Perfect Pairs scale
 * names the tables it reaches. Screenshots: test/output/console-side-bets.png, console-pays-now.png, console-scale-reach.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeShoeSnapshot, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { OUT, startConsolePage, type ConsolePage } from '../test/helpers/console-page';
import { CARDS, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';

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

test('the review points out a change of what a round pays while it is dealt, and where a new scale applies', async () => {
  const T = topics('baccarat');
  const retained = { qos: 1, retain: true } as const;
  const hands = [1, 2, 3].map((n) => handMessage('S8', n, coup(CARDS.banker)));
  await ui.pub.publishAsync(T.tableSignage('T8'), makeTableSignage(signage(1, { tableName: 'Ruby 3' })), retained);
  await ui.pub.publishAsync(T.tableShoe('T8'), makeShoeSnapshot(snapshot('S8', hands, { phase: 'dealing' })), retained);
  if ((await ui.page.getByRole('button', { name: 'Sign out' }).count()) > 0) await ui.signOut(); // the test before's
  await ui.signIn('alice.wong');
  await ui.page.getByRole('button', { name: 'Change signs of Ruby 3' }).click();
  const dialog = ui.page.locator('console-sign-editor dialog');
  await dialog.locator('select[name="tie-pays"]').selectOption('9');
  await ui.page.getByRole('button', { name: 'Review change…' }).click();
  await expect
    .poll(() => dialog.locator('[data-warn="pays-now"]').textContent())
    .toBe(
      'Round 4 at T8 is being dealt ("No more bets" was called): tie-pays changes what it pays at once, for the ' +
        'wagers already on it too. Made between rounds (after its result), no wager placed is caught by it.',
    );
  await ui.page.screenshot({ path: join(OUT, 'console-pays-now.png') });
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ui.signOut();

  await ui.signIn('sue.chan');
  await ui.page.getByRole('button', { name: 'Change pay scale…' }).click();
  await ui.page.getByLabel(/Pay Scale Two/).check();
  await ui.page.keyboard.press('Enter');
  await expect
    .poll(() => dialog.locator('[data-reach]').textContent())
    .toBe(
      'Pay Scale Two (mixed 6, coloured 12, perfect 25 to 1) applies at once at the 2 tables offering Perfect ' +
        'Pairs: T2, T8.',
    );
  expect(await dialog.locator('[data-warn="pays-now"]').textContent()).toContain('T8 (round 4)');
  await ui.page.screenshot({ path: join(OUT, 'console-scale-reach.png') });
}, 30_000);
