/**
 * `{root}/displays/{displayId}/command` (QoS 1, not retained): fleet commands to one board, a union on `command`.
 * The board reports the last one it handled in its status (`lastCommand`).
 *
 * ```ts
 * const r = parseMessage('displayCommand', bytes); if (r.ok && r.value.command === 'identify') flash(r.value.durationSeconds);
 * // 'screenshot' is answered on its own topic: see ./screenshot.ts
 * ```
 * @packageDocumentation
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { Id, OptionalSignature, SCHEMA_ID_PREFIX, Timestamp, Version, strictObject } from './common';

const command = <T extends string, P extends TProperties>(name: T, description: string, properties: P) =>
  strictObject(
    {
      v: Version,
      command: Type.Literal(name),
      requestId: { ...Id, description: 'Chosen by the sender; echoed in the status as lastCommand.requestId.' },
      timestamp: Timestamp,
      ...properties,
      sig: OptionalSignature,
    },
    { title: name, description },
  );

export const DisplayCommandSchema = Type.Union(
  [
    command('identify', 'Show the display id large on screen, to find the board.', {
      durationSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600, description: 'Default 30.' })),
    }),
    command(
      'about',
      'Show, for staff close up, what this board runs and how it is connected (version, build, ids, brokers, trust, ' +
        'screen), over the board without moving it.',
      { durationSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600, description: 'Default 60.' })) },
    ),
    command('reload', 'Reload the page (renderer), keeping the MQTT session.', {}),
    command(
      'resync',
      'Ask the retained topics again and take what they add; with replace, drop the local state and show exactly ' +
        'what they say, even if it is older than what the board shows.',
      {
        replace: Type.Optional(
          Type.Boolean({
            description:
              'true: an operator asks the board to go back to the retained snapshot (never done without it). Default false.',
          }),
        ),
      },
    ),
    command(
      'screenshot',
      "Reply on {root}/displays/{displayId}/screenshot with the board's current picture as PNG (display screenshot).",
      {},
    ),
  ],
  {
    $id: `${SCHEMA_ID_PREFIX}display-command`,
    title: 'DisplayCommand',
    description: 'A fleet command to one board, discriminated by command.',
  },
);
export type DisplayCommand = Static<typeof DisplayCommandSchema>;
export type DisplayCommandName = DisplayCommand['command'];
/** Every command name, read from the union so that it cannot drift from the schemas. */
export const DISPLAY_COMMANDS: readonly DisplayCommandName[] = DisplayCommandSchema.anyOf.map(
  (variant) => variant.properties.command.const,
);
