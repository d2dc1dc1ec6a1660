/**
 * Structured logs (pino): JSON lines to a file when configured, else to standard error, so that casino IT can
 * ship them to their collector. Every rejected message is logged with its topic and the reason.
 *
 * ```ts
 * const logger = createLogger({ level: 'info', file: '/var/log/baccarat-board/board.log' });
 * ```
 * @packageDocumentation
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

export function createLogger(log: Config['log'], destination?: DestinationStream): Logger {
  let dest = destination;
  if (!dest && log.file) {
    mkdirSync(dirname(log.file), { recursive: true });
    dest = pino.destination({ dest: log.file, append: true, mkdir: true, sync: false });
  }
  return pino({ level: log.level, base: { app: 'baccarat-board' } }, dest ?? pino.destination(2));
}

/** A logger that keeps its records in memory, for tests and for the "last rejections" API. */
export function memoryLogger(level: Config['log']['level'] = 'debug') {
  const records: Record<string, unknown>[] = [];
  const stream: DestinationStream = {
    write(line: string) {
      records.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return { logger: pino({ level }, stream), records };
}
