/**
 * The notice band's places: at most two notices side by side (three or four at a 1080p board's foot were each a third
 * of it wide, their words cut to "Hand 65 is the"). The most pressing stays; the second place shows the others in
 * turn, one every `periodMs` (a calm swap, no animation). Which is most pressing is the board's choice, not a rule.
 *
 * ```ts
 * private readonly turns = new NoticeTurns(this, () => this.turnMs);  // in a LitElement
 * inBand(notices, this.turns.turn);                                     // what to draw; turns.follow(n) in updated()
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Notice, NoticeKind } from '../../contract/kiosk';

/** Notices side by side in the band, at most. */
export const BAND_PLACES = 2;

/** Most pressing first: what the next hand is (the last coup, none), then what the last one was, then the shoe's life. */
const PRESSING: readonly NoticeKind[] = [
  'lastCoup',
  'shoeEnd',
  'cutCardWithdrawn',
  'noBetsThisHand',
  'roundVoid',
  'noBetCoup',
  'corrected',
  'burn',
  'shuffle',
  'newShoe',
  'tableClosed',
];

/** The notices the band shows at `turn`: all of them where they fit its places, else the most pressing and one other. */
export function inBand(notices: readonly Notice[], turn: number): readonly Notice[] {
  if (notices.length <= BAND_PLACES) return notices;
  const ranked = [...notices].sort((a, b) => PRESSING.indexOf(a.kind) - PRESSING.indexOf(b.kind));
  const kept = ranked.slice(0, BAND_PLACES - 1);
  const others = ranked.slice(BAND_PLACES - 1);
  return [...kept, others[turn % others.length]!];
}

/** Turns the band's last place while there are more notices than places. */
export class NoticeTurns implements ReactiveController {
  /** How many times the last place has turned since there were more notices than places. */
  turn = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly periodMs: () => number,
  ) {
    host.addController(this);
  }

  /** There are `count` notices: turning while they are more than the places, still (and from the start) otherwise. */
  follow(count: number): void {
    if (count <= BAND_PLACES) return this.stop();
    this.timer ??= setInterval(() => {
      this.turn++;
      this.host.requestUpdate();
    }, this.periodMs());
  }

  hostDisconnected(): void {
    this.stop();
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.turn = 0;
  }
}
