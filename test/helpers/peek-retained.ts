/**
 * The retained message on one topic, read by a client of its own, as JSON (null: none). It ends as soon as the
 * message is in, and its wait counts running time (`mqtt-bridge/running-time.ts`): under a loaded CI a clock timer
 * ran out before a retained message already sent was read, and a test saw no sign where there was one.
 *
 * ```ts
 * const sign = await peekRetained<TableSignage>(broker.url, T.tableSignage('T1'));
 * ```
 * @packageDocumentation
 */
import { connectAsync } from 'mqtt';
import { readRetained } from '../../console/mqtt-session';

export async function peekRetained<T>(url: string, topic: string, waitMs = 500): Promise<T | null> {
  const c = await connectAsync(url, { clientId: `peek-${Math.random()}`, reconnectPeriod: 0 });
  try {
    const r = await readRetained(c, [topic], waitMs);
    if (!r.ok) throw new Error(r.error);
    const bytes = r.value.get(topic);
    return bytes ? (JSON.parse(bytes.toString('utf8')) as T) : null;
  } finally {
    await c.endAsync();
  }
}

/**
 * Changes the retained message on `topic` by `edit` and retains it again, its signature kept: a record edited on the
 * broker, whose signature no longer verifies. Throws when nothing is retained there.
 */
export async function editRetained<T extends object>(url: string, topic: string, edit: (m: T) => T): Promise<void> {
  const m = await peekRetained<T>(url, topic);
  if (!m) throw new Error(`editRetained: nothing retained on ${topic}`);
  const c = await connectAsync(url, { clientId: `edit-${Math.random()}`, reconnectPeriod: 0 });
  try {
    await c.publishAsync(topic, JSON.stringify(edit(m)), { qos: 1, retain: true });
  } finally {
    await c.endAsync();
  }
}
