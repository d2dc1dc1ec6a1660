/**
 * Two of the pit's tools that change one sign at one moment both read revision N and publish N + 1: the broker keeps
 * the later, the boards show it (a sign of the revision shown that says something else replaces it), and the earlier
 * is lost. Its publisher sees its own sign come back, so it has to keep listening a moment longer to know: a
 * different sign of the same revision after its own means its change is not the one kept.
 *
 * ```ts
 * const race = watchRace(client, topic, text);         // before publishing: it notes the order signs come back in
 * await client.publishAsync(topic, text, { qos: 1, retain: true });
 * const lost = await race.after(RACE_MS);              // null, or who published the sign kept instead
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';

/**
 * How long, after its own sign came back, a publisher listens for another of the same revision: two tools started at
 * one moment publish within tens of ms of each other (each reads the retained sign first).
 */
export const RACE_MS = 500;

/** Another sign of the same revision that reached the broker after ours: who made it, as it says. */
export interface LostRace {
  readonly revision: number;
  readonly updatedBy: string | null;
}

const fields = (text: string): { revision?: unknown; updatedBy?: unknown } => {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null ? (v as { revision?: unknown; updatedBy?: unknown }) : {};
  } catch {
    return {};
  }
};

/** Starts watching `topic` for `text` to come back; `after(ms)` then says whether another of its revision followed. */
export function watchRace(
  client: MqttClient,
  topic: string,
  text: string,
): { after(ms: number): Promise<LostRace | null>; stop(): void } {
  const revision = fields(text).revision;
  let seen = false; // our own sign came back
  let lost: LostRace | null = null;
  const onMessage = (t: string, payload: Buffer) => {
    if (t !== topic) return;
    const other = payload.toString('utf8');
    if (other === text) {
      seen = true;
      return;
    }
    const f = fields(other);
    if (seen && lost === null && typeof revision === 'number' && f.revision === revision)
      lost = { revision, updatedBy: typeof f.updatedBy === 'string' ? f.updatedBy : null };
  };
  client.on('message', onMessage);
  const stop = () => void client.off('message', onMessage);
  return {
    stop,
    after: (ms) =>
      new Promise((resolve) =>
        setTimeout(() => {
          stop();
          resolve(lost);
        }, ms),
      ),
  };
}

/** What to tell the publisher whose sign `what` lost the race. */
export function lostRaceError(what: string, lost: LostRace): string {
  return (
    `${what} was published, but another change of revision ${lost.revision}` +
    `${lost.updatedBy ? `, by ${lost.updatedBy},` : ''} reached the broker just after it: the broker keeps that one ` +
    `and the boards show it, not yours. See what it says (baccarat-board signage show) and make your change again.`
  );
}
