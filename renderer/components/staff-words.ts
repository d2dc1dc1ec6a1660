/**
 * What staff read on the board, in words of the board's languages, never a code: the board out of step with its
 * table ("Out of step: a hand missing", "与牌桌不同步：缺少牌局") and each of the host's warnings ("Results not
 * verified", "结果未经验证"). The host's own words (`reason`, `detail`) are English, as the contract says, and follow.
 *
 * ```ts
 * warningWords('en+zh-Hans', 'results-unverified'); // { en: 'Results not verified', zh: '结果未经验证' }
 * ```
 * @packageDocumentation
 */
import { html, type TemplateResult } from 'lit';
import { str } from '@lit/localize';
import type { ConnectionRefusal } from '../../contract/kiosk';
import type { OutOfStepCode, StaffWarningCode } from '../../contract/schemas/status';
import { chineseTag, message, type Language, type Message } from '../localization';

/** Why the board is out of step, in words. */
export function outOfStepWords(lang: Language, code: OutOfStepCode): Message {
  switch (code) {
    case 'gap':
      return message(lang, 'staff.outOfStep.gap', 'Out of step: a hand missing');
    case 'rejected':
      return message(lang, 'staff.outOfStep.rejected', 'Out of step: a message refused');
    case 'conflict':
      return message(lang, 'staff.outOfStep.conflict', 'Out of step: the table disagrees');
  }
}

/** A warning, in words. */
export function warningWords(lang: Language, code: StaffWarningCode): Message {
  switch (code) {
    case 'perfect-pairs-scale-missing':
      return message(lang, 'staff.warning.ppScaleMissing', 'Perfect Pairs pay scale missing');
    case 'signage-ignored':
      return message(lang, 'staff.warning.signageIgnored', 'Older table sign ignored');
    case 'casino-signage-ignored':
      return message(lang, 'staff.warning.casinoSignageIgnored', 'Older casino sign ignored');
    case 'results-unverified':
      return message(lang, 'staff.warning.resultsUnverified', 'Results not verified');
    case 'pit-message-cut':
      return message(lang, 'staff.warning.pitMessageCut', 'Pit message cut');
    case 'streaks-hidden':
      return message(lang, 'staff.warning.streaksHidden', 'Streaks hidden');
    case 'display-id-in-use':
      return message(lang, 'staff.warning.displayIdInUse', 'Display id used twice');
    case 'forged-results':
      return message(lang, 'staff.warning.forgedResults', 'Forged results refused');
    case 'no-screen':
      return message(lang, 'staff.warning.noScreen', 'No browser shows the board');
    case 'controller-offline':
      return message(lang, 'staff.warning.controllerOffline', 'Table controller offline');
    case 'table-open-unsure':
      return message(lang, 'staff.warning.tableOpenUnsure', 'Table open or closed unclear');
    case 'table-unheard':
      return message(lang, 'staff.warning.tableUnheard', 'Table not heard since reconnecting');
  }
}

/**
 * Why the broker refuses the board, in a few words ("Password refused"), and after them the host's, in English:
 * what to check. For staff only: patrons see the calm "Connection lost" banner.
 */
export function refusedWords(
  lang: Language,
  why: ConnectionRefusal,
): { readonly what: Message; readonly detail: string } {
  switch (why) {
    case 'credentials':
      return {
        what: message(lang, 'staff.refused.credentials', 'Password refused'),
        detail:
          "the broker refused this board's user name or password: check mqtt.username and mqtt.password; retrying by itself",
      };
  }
}

/** A few words: "Out of step". */
export const outOfStepShort = (lang: Language): Message => message(lang, 'staff.outOfStep', 'Out of step');

/** "1 warning", "3 warnings". */
export const warningCount = (lang: Language, n: number): Message =>
  n === 1 ? message(lang, 'staff.oneWarning', str`${n} warning`) : message(lang, 'staff.warnings', str`${n} warnings`);

/** What did not fit: "+2 more". */
export const moreWarnings = (lang: Language, n: number): Message => message(lang, 'staff.more', str`+${n} more`);

/** On one line: the English, the Chinese, or both ("Results not verified · 结果未经验证"), each in its own lang. */
export function staffSaid(lang: Language, m: Message): TemplateResult {
  if (m.zh === null) return html`<span lang="en">${m.en}</span>`;
  const zh = html`<span lang=${chineseTag(lang) ?? 'zh'}>${m.zh}</span>`;
  return lang.startsWith('en+') ? html`<span lang="en">${m.en}</span> · ${zh}` : zh;
}
