/**
 * Structured logs (pino): JSON lines to a file when configured, else to standard error, so that casino IT can
 * ship them to their collector. The file is capped (`log.maxBytes` × `log.maxFiles`, rotating-file.ts), and
 * rejected messages are sampled (rejection-log.ts), so that a flood of bad payloads cannot fill the disk.
 *
 * ```ts
 * const logger = createLogger({ level: 'info', file: '/var/log/baccarat-board/board.log' }); // 5 × 10 MiB at most
 * ```
 * @packageDocumentation
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { type Config, LOG_DEFAULTS } from './config';
import { RotatingFile } from './rotating-file';

/** The `log` section; the file's caps take their defaults when left out. */
export type LogSettings = Pick<Config['log'], 'level' | 'file'> & Partial<Pick<Config['log'], 'maxBytes' | 'maxFiles'>>;

export function createLogger(log: LogSettings, destination?: DestinationStream): Logger {
  let dest = destination;
  if (!dest && log.file)
    dest = new RotatingFile({
      file: log.file,
      maxBytes: log.maxBytes ?? LOG_DEFAULTS.maxBytes,
      maxFiles: log.maxFiles ?? LOG_DEFAULTS.maxFiles,
    });
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
