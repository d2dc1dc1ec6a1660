/**
 * `GET /api/state`: the table state a board shows, for monitoring (casino IT, the fleet console, checks): the
 * shoe and its hands, the roads in the same JSON shape as `baccarat-board roads --json`, the signs, the notices in
 * force and the connection.
 * @packageDocumentation
 */
import { makeCard } from '../baccarat/cards';
import { roadsJson } from '../baccarat/roads/json';
import { roadmap } from '../baccarat/roads/roadmap';
import { isShoeHand, roadHands } from '../baccarat/shoe';
import type { StaffWarning, TableView } from '../contract/kiosk';

/**
 * `warnings`: the staff warnings of the board's status, those of its own fit included (`pit-message-cut`,
 * `streaks-hidden`: `fleet list` and the console showed them, `/api/state` did not); else the view's.
 */
export function stateJson(
  view: TableView,
  counters: Readonly<object>,
  warnings: readonly StaffWarning[] = view.warnings,
) {
  const shoe = view.shoe;
  const settings = { voidHandsOnRoads: view.settings.voidHandsOnRoads };
  return {
    v: 1,
    tableId: view.tableId,
    displayId: view.displayId,
    version: view.version,
    shoe: shoe && {
      id: shoe.id,
      ...(shoe.no !== undefined ? { no: shoe.no } : {}),
      phase: shoe.phase,
      decks: shoe.decks ?? null,
      cutCard: shoe.cutCard,
      burn: shoe.burn && { card: makeCard(shoe.burn.card), count: shoe.burn.count },
      rounds: shoe.rounds.map((r) =>
        isShoeHand(r)
          ? {
              no: r.no,
              ...r.hand,
              ...(r.cards
                ? {
                    cards: {
                      player: r.cards.player.map((c) => makeCard(c)),
                      banker: r.cards.banker.map((c) => makeCard(c)),
                    },
                  }
                : {}),
              ...(r.at ? { at: r.at } : {}),
              ...(r.voidHand ? { voidHand: r.voidHand } : {}),
              ...(r.corrected ? { correctedBy: r.corrected.by, correctedAt: r.corrected.at } : {}),
              ...(r.voided ? { voided: r.voided } : {}),
            }
          : { no: r.no, voided: r.voided },
      ),
    },
    roads: shoe ? roadsJson(roadmap(roadHands(shoe, settings), { rows: 6, tail: view.settings.tail })) : null,
    signage: view.signage,
    casino: view.casino,
    payTable: view.payTable,
    notices: view.notices,
    connection: view.connection,
    controllerOnline: view.controllerOnline,
    outOfStep: view.outOfStep,
    warnings,
    counters,
  };
}
