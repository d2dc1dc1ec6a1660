/**
 * What `baccarat-board fleet` waits for after a command: the board's status naming our request (`lastCommand`), or
 * for a screenshot its picture on `{root}/displays/{id}/screenshot`; and when neither comes in time, what the
 * board's retained status says, to tell the operator why.
 *
 * ```ts
 * const answer = awaitAnswer(client, { root, display, requestId, name: 'screenshot', ms: 30_000 });
 * await answer.ready; // subscribed: publish the command now
 * const a = await answer.result; // { kind: 'screenshot', reply } | { kind: 'status', ok, status } | { kind: 'timeout', … }
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { parseMessage } from '../contract/mqtt';
import type { DisplayCommandName, DisplayScreenshot, DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';

export type Answer =
  | { readonly kind: 'screenshot'; readonly reply: DisplayScreenshot }
  | { readonly kind: 'status'; readonly ok: boolean; readonly status: DisplayStatus }
  | { readonly kind: 'timeout'; readonly seconds: number; readonly status: DisplayStatus | null };

export interface AnswerWait {
  /** Subscribed (or failed to): publish the command after this. */
  readonly ready: Promise<void>;
  readonly result: Promise<Answer>;
  cancel(): void;
}

export function awaitAnswer(
  client: MqttClient,
  o: { root: string; display: string; requestId: string; name: DisplayCommandName; ms: number },
): AnswerWait {
  const t = topics(o.root);
  const statusTopic = t.displayStatus(o.display);
  const shotTopic = t.displayScreenshot(o.display);
  let status: DisplayStatus | null = null;
  let done: (a: Answer) => void = () => undefined;
  const result = new Promise<Answer>((resolve) => (done = resolve));
  const timer = setTimeout(() => finish({ kind: 'timeout', seconds: o.ms / 1000, status }), o.ms);
  const onMessage = (topic: string, payload: Buffer) => {
    if (topic === statusTopic) {
      const p = parseMessage('displayStatus', payload);
      if (!p.ok) return;
      status = p.value;
      const last = p.value.state === 'online' ? p.value.lastCommand : undefined;
      if (o.name !== 'screenshot' && last?.requestId === o.requestId)
        finish({ kind: 'status', ok: last.ok, status: p.value });
    } else if (topic === shotTopic) {
      const p = parseMessage('displayScreenshot', payload);
      if (p.ok && p.value.requestId === o.requestId) finish({ kind: 'screenshot', reply: p.value });
    }
  };
  function finish(a: Answer) {
    clearTimeout(timer);
    client.off('message', onMessage);
    done(a);
  }
  client.on('message', onMessage);
  const wanted = o.name === 'screenshot' ? [statusTopic, shotTopic] : [statusTopic];
  const ready = client.subscribeAsync(wanted, { qos: 1 }).then(
    () => undefined,
    () => undefined, // not allowed to read them: the wait ends in a timeout that says so
  );
  return { ready, result, cancel: () => finish({ kind: 'timeout', seconds: 0, status }) };
}

/** What the board's retained status says about why it did not answer. */
export function describeStatus(status: DisplayStatus | null): string {
  if (!status)
    return (
      'The broker holds no status for it: check the display id (and --root), and that this account may read ' +
      '{root}/displays/+/status.'
    );
  if (status.state === 'offline') return `Its status says offline since ${status.timestamp}.`;
  return (
    `Its status says online (as of ${status.timestamp}): the command may have been refused. A board that ` +
    'requires signatures (trust.requireSignatures) takes only commands signed by a pit key it trusts ' +
    '(--signing-key); the broker may not let this account publish commands, or read the answer (its ACL).'
  );
}
