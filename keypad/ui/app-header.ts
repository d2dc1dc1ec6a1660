/**
 * The keypad page's header, as `<keypad-app>` renders it in its own shadow root (its styles): the table, open or
 * closed (with the pit's sign), the shoe and the hand, the messages not yet acknowledged, the links (the page's to
 * the keypad, the keypad's to the broker), the language button, and the supervisor's.
 *
 * ```ts
 * html`${appHeader({ t, view, live, language, onLanguage, onSupervisor })}<main>…</main>`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { KeypadView } from '../protocol';
import type { LiveState } from './keypad-client';
import { nextLanguage, strings, type Language, type Strings } from './locales';
import { clockTime } from './format';
import { headerHand, headerLastCoup } from './next-step';
import { tableChip, tableChipText } from './pit-closed';

export interface HeaderInputs {
  readonly t: Strings;
  readonly view: KeypadView;
  /** The page's own link to the keypad. */
  readonly live: LiveState;
  readonly language: Language;
  readonly onLanguage: () => void;
  readonly onSupervisor: () => void;
}

export function appHeader(h: HeaderInputs): TemplateResult {
  const { t, view: v } = h;
  const s = v.shoe;
  const link = v.link;
  // Offline, the results to send are said in the link's own chip ("Offline · 2 to send"): one chip, not two.
  const offlineToSend = h.live === 'open' && link.state === 'offline' && link.pending > 0;
  // The page's own link to the keypad first: while it is down the view is the last one received, and its "Online"
  // (the keypad's link to the broker) would say green what the page can no longer know, nor reach.
  const linkChip =
    h.live === 'unauthorized'
      ? html`<span class="chip off" data-link="unauthorized">${t.unauthorizedShort}</span>`
      : h.live !== 'open'
        ? html`<span class="chip off" data-link="page">${t.reconnecting}</span>`
        : link.state === 'online'
          ? html`<span class="chip ok" data-link="online">${t.online}${link.signing ? ` · ${t.signing}` : ''}</span>`
          : html`<span class="chip off" data-link=${link.state} data-pending=${offlineToSend ? link.pending : nothing}
              >${
                link.state === 'offline'
                  ? `${t.offline}${offlineToSend ? ` · ${t.pending(link.pending)}` : ''}`
                  : link.state === 'refused'
                    ? t.error
                    : t.starting
              }</span
            >`;
  // A refused keypad does not serve the table: its own open, shoe and hand are not the table's (it read "Closed ·
  // No shoe" for a table open mid-shoe), so it shows none; its refusal says who serves the table.
  const chip = tableChip(v);
  const hand = headerHand(v);
  const own =
    link.state === 'refused'
      ? nothing
      : html`<span
            class="chip ${chip === 'open' ? 'ok' : chip === 'closed' ? 'off' : 'pit'}"
            data-table-open=${v.tableOpen}
            data-table-chip=${chip}
            >${tableChipText(t, chip)}</span
          >
          <span class="shoe">${s ? t.shoe(s.no, s.decks) : t.noShoe}</span>
          ${hand !== null ? handNo(t, hand) : nothing}
          ${headerLastCoup(v) ? html`<span class="chip last" data-last-coup>${t.lastCoup}</span>` : nothing}`;
  return html`<header>
    <span class="title">${t.table(v.tableId)}</span>
    ${own}
    <span class="spacer"></span>
    ${link.pending > 0 && !offlineToSend ? html`<span class="chip off" data-pending=${link.pending}>${t.pending(link.pending)}</span>` : nothing}
    ${takeOverChip(t, link)} ${linkChip} ${languageButton(t, h.language, h.onLanguage)}
    <button
      data-supervisor
      ?disabled=${!v.can.correct && !v.can['void-recorded'] && !v.can['withdraw-cut-card']}
      @click=${h.onSupervisor}
    >
      ${t.supervisor}
    </button>
  </header>`;
}

/**
 * A take-over refused (an online status on the table's topic that no key the keypad trusts signed): said to the
 * dealer while the keypad serves the table, the reason in English for the pit (its title).
 */
function takeOverChip(t: Strings, link: KeypadView['link']): TemplateResult | typeof nothing {
  const r = link.takeOverRefused;
  if (!r || link.state === 'refused') return nothing;
  return html`<span class="chip off" role="alert" data-take-over-refused title=${`${r.controllerId}: ${r.reason}`}
    >${t.takeOverRefused(clockTime(r.at))}</span
  >`;
}

/** The hand being keyed: the next, or while an undo is under way the hand keyed again. */
const handNo = (t: Strings, n: number): TemplateResult =>
  html`<span class="status" data-hand-no=${n}>${t.hand(n)}</span>`;

/** The next language's name, in its own script and fonts (lang): 简体 drawn as Simplified, 繁體 as Traditional. */
function languageButton(t: Strings, language: Language, onLanguage: () => void): TemplateResult {
  const next = nextLanguage(language);
  const name = strings(next).languageName;
  return html`<button data-language=${next} lang=${next} aria-label=${t.switchLanguage(name)} @click=${onLanguage}>
    ${name}
  </button>`;
}
