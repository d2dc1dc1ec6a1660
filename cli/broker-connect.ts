/**
 * A command's connection to the broker, or its one line saying why there is none: `baccarat-board fleet: cannot
 * connect to mqtt://broker:1883 as pit: Not authorized` (then the command exits 1).
 *
 * ```ts
 * const client = await connectFor('fleet', broker.value, io);
 * if (!client) return EXIT.failure;
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { type BrokerOptions, connectBroker } from '../console/mqtt-session';
import type { CliIo } from './io';

/** Connects as `command` (`fleet`, `signage`); null once it has said why it could not. */
export async function connectFor(command: string, options: BrokerOptions, io: CliIo): Promise<MqttClient | null> {
  try {
    return await connectBroker(options);
  } catch (e) {
    io.err(`baccarat-board ${command}: ${(e as Error).message}\n`);
    return null;
  }
}
