/**
 * The board's side of fleet commands: each one handled is logged, carried out where it is the bridge's to carry out
 * (`resync`), handed to the host (identify, about, reload, screenshot) and acknowledged in the status
 * (`lastCommand`). A command done on the screen (identify, about, reload) with no screen to show it (browser mode,
 * no page open) is answered not done, with why (`lastCommand.error`), and not handed on. A screenshot is answered later, on its own topic, once the host has the picture
 * ({@link FleetCommands.answer}); the status then says whether there was one.
 *
 * ```ts
 * bridge.on('command', (c) => c.command === 'screenshot' && void take(c).then((reply) => bridge.fleet.answer(reply)));
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { makeDisplayScreenshot } from '../contract/mqtt';
import type { DisplayCommand, DisplayScreenshot } from '../contract/schemas';
import { TOPIC_SPECS } from '../contract/topics';
import type { StatusPublisher } from './display-status';

export interface FleetCommandHooks {
  readonly screenshotTopic: string; // {root}/displays/{displayId}/screenshot
  /** Resolves null when done, else why not (a replace finds no snapshot it can take). */
  readonly resync: (replace: boolean) => Promise<string | null>;
  readonly emit: (command: DisplayCommand) => void; // to the host
  /** Why no screen would show a command now (browser mode, no page open), or null. */
  readonly missingScreen?: () => string | null;
}

/** The commands done on the screen: with no screen they are answered not done, never handed to the host. */
const ON_SCREEN: ReadonlySet<DisplayCommand['command']> = new Set(['identify', 'about', 'reload']);

export class FleetCommands {
  constructor(
    private readonly log: Logger,
    private readonly status: StatusPublisher,
    private readonly client: () => MqttClient | null,
    private readonly hooks: FleetCommandHooks,
  ) {}

  /** A command for this board, already checked (shape, display id, signature where required). */
  take(c: DisplayCommand): void {
    this.log.info({ command: c.command, requestId: c.requestId }, 'fleet command');
    const missing = ON_SCREEN.has(c.command) ? (this.hooks.missingScreen?.() ?? null) : null;
    if (missing !== null) {
      this.log.warn({ command: c.command, requestId: c.requestId }, 'fleet command not done: %s', missing);
      this.status.lastCommand = { requestId: c.requestId, command: c.command, ok: false, error: missing };
      this.status.publish();
      return;
    }
    this.hooks.emit(c);
    if (c.command !== 'resync') return this.answered(c, null);
    // Answered once carried out: a replace with no snapshot to take is not done (the board kept its shoe).
    void this.hooks.resync(c.replace === true).then((error) => this.answered(c, error));
  }

  private answered(c: DisplayCommand, error: string | null): void {
    if (error !== null)
      this.log.warn({ command: c.command, requestId: c.requestId }, 'fleet command not done: %s', error);
    this.status.lastCommand = {
      requestId: c.requestId,
      command: c.command,
      ok: error === null,
      ...(error !== null && { error }),
    };
    this.status.publish();
  }

  /**
   * Publishes the answer to a screenshot command (QoS 1, not retained) and reports it in the status: `ok` is whether
   * there was a picture. Resolves false when it could not be published (not connected, refused by the broker).
   */
  async answer(reply: DisplayScreenshot): Promise<boolean> {
    this.status.lastCommand = { requestId: reply.requestId, command: 'screenshot', ok: reply.ok };
    this.status.publish();
    const client = this.client();
    const spec = TOPIC_SPECS.displayScreenshot;
    const fields = reply.ok
      ? {
          width: reply.width,
          height: reply.height,
          source: reply.source,
          bytes: Math.floor((reply.png.length * 3) / 4),
        }
      : { code: reply.code, error: reply.error };
    if (!client?.connected) {
      this.log.warn({ requestId: reply.requestId, ...fields }, 'screenshot not sent: not connected');
      return false;
    }
    try {
      await client.publishAsync(this.hooks.screenshotTopic, makeDisplayScreenshot(reply), {
        qos: spec.qos,
        retain: spec.retain,
      });
      this.log.info({ requestId: reply.requestId, ...fields }, 'screenshot sent');
      return true;
    } catch (e) {
      this.log.warn({ requestId: reply.requestId, err: (e as Error).message }, 'screenshot not sent');
      return false;
    }
  }
}
