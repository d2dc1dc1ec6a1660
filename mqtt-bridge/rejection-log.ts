/**
 * Rejected MQTT messages, logged without flooding the disk (issue 17, item 4): the first few of each code in an
 * interval are logged in full, the rest only counted, and when the interval ends one summary line per code says
 * how many were left out, with the last of them as a sample. Totals per code since start are kept for the status.
 *
 * ```ts
 * const rejections = new RejectionLog(logger, { intervalMs: 60_000, samplesPerCode: 3 });
 * rejections.record({ topic, code: 'bad-json', reason: 'Unexpected token' }); // never throws
 * rejections.counts(); // { 'bad-json': 1 }
 * ```
 * @packageDocumentation
 */

/** One rejected message. */
export interface Rejection {
  readonly topic: string;
  readonly code: string;
  readonly reason: string;
}

/** The one logger method used (a pino `Logger` fits). */
export interface RejectionLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface RejectionLogOptions {
  readonly intervalMs?: number; // length of an interval, in ms (default 60 000)
  readonly samplesPerCode?: number; // rejections of one code logged in full per interval (default 3; Infinity: all)
  readonly maxCodes?: number; // distinct codes tracked; the rest count as 'other' (default 32)
  readonly maxTextLength?: number; // topics, codes and reasons are cut to this, in characters (default 512)
  readonly now?: () => number; // the clock, in ms (default Date.now)
  /** Runs `fn` after `ms` and returns a cancel function; the default is an unref'd setTimeout. */
  readonly schedule?: (fn: () => void, ms: number) => () => void;
}

/** The log messages, fixed so that log queries can rely on them. */
export const REJECTED_MESSAGE = 'message rejected';
export const SUMMARY_MESSAGE = 'messages rejected, not logged one by one';

/** The code that rejections past `maxCodes` distinct codes are counted under. */
export const OTHER_CODE = 'other';

const DEFAULTS = { intervalMs: 60_000, samplesPerCode: 3, maxCodes: 32, maxTextLength: 512 };

interface Window {
  logged: number; // logged in full in this interval
  suppressed: number; // counted only
  sampleTopic: string; // the last suppressed one
  sampleReason: string;
}

const defaultSchedule = (fn: () => void, ms: number): (() => void) => {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

const cut = (text: unknown, max: number): string => {
  const s = typeof text === 'string' ? text : String(text);
  return s.length <= max ? s : `${s.slice(0, max)}… (${s.length} characters)`;
};

export class RejectionLog {
  private readonly intervalMs: number;
  private readonly samplesPerCode: number;
  private readonly maxCodes: number;
  private readonly maxTextLength: number;
  private readonly now: () => number;
  private readonly schedule: (fn: () => void, ms: number) => () => void;
  private readonly totals = new Map<string, number>();
  private windows = new Map<string, Window>();
  private windowStart = 0; // when the current interval began, in ms; meaningful while windows is not empty
  private cancelTimer: (() => void) | null = null;
  private closed = false;
  private all = 0;

  constructor(
    private readonly logger: RejectionLogger,
    options: RejectionLogOptions = {},
  ) {
    const positive = (v: number | undefined, fallback: number) => (v !== undefined && v > 0 ? v : fallback);
    this.intervalMs = positive(options.intervalMs, DEFAULTS.intervalMs);
    this.samplesPerCode = Math.max(0, options.samplesPerCode ?? DEFAULTS.samplesPerCode);
    this.maxCodes = positive(options.maxCodes, DEFAULTS.maxCodes);
    this.maxTextLength = positive(options.maxTextLength, DEFAULTS.maxTextLength);
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? defaultSchedule;
  }

  /** Counts one rejected message, and logs it unless its code has used up this interval's samples. Never throws. */
  record(rejection: Rejection): void {
    try {
      const now = this.now();
      if (this.windows.size > 0 && now - this.windowStart >= this.intervalMs) this.flush();
      if (this.windows.size === 0) this.windowStart = now;
      const code = this.codeOf(rejection.code);
      this.all++;
      this.totals.set(code, (this.totals.get(code) ?? 0) + 1);
      if (this.closed) return;
      let w = this.windows.get(code);
      if (!w) this.windows.set(code, (w = { logged: 0, suppressed: 0, sampleTopic: '', sampleReason: '' }));
      const topic = cut(rejection.topic, this.maxTextLength);
      const reason = cut(rejection.reason, this.maxTextLength);
      if (w.logged < this.samplesPerCode) {
        w.logged++;
        this.logger.warn({ topic, code, reason }, REJECTED_MESSAGE);
        return;
      }
      w.suppressed++;
      w.sampleTopic = topic;
      w.sampleReason = reason;
      // The summary is due at the end of the interval, even if nothing else arrives by then.
      this.cancelTimer ??= this.schedule(
        () => {
          this.cancelTimer = null;
          this.flush();
        },
        Math.max(0, this.windowStart + this.intervalMs - now),
      );
    } catch {
      // A logger that throws (a full disk, a closed stream) must not take the message handler down with it.
    }
  }

  /** Ends the current interval now: one summary line per code with rejections left out. Never throws. */
  flush(): void {
    const windows = this.windows;
    this.windows = new Map();
    try {
      this.cancelTimer?.();
    } catch {
      // an injected scheduler's cancel failed: its callback only flushes again, which is harmless
    }
    this.cancelTimer = null;
    for (const [code, w] of windows) {
      if (w.suppressed === 0) continue;
      try {
        this.logger.warn(
          {
            code,
            suppressed: w.suppressed,
            logged: w.logged,
            intervalMs: this.intervalMs,
            sampleTopic: w.sampleTopic,
            sampleReason: w.sampleReason,
          },
          SUMMARY_MESSAGE,
        );
      } catch {
        // as in record()
      }
    }
  }

  /** Writes the pending summary and stops logging; later rejections are still counted. */
  close(): void {
    this.flush();
    this.closed = true;
  }

  /** Rejections per code since start. */
  counts(): Readonly<Record<string, number>> {
    return Object.fromEntries(this.totals);
  }

  /** All rejections since start. */
  get total(): number {
    return this.all;
  }

  /** The code as counted: cut to length, and folded into 'other' once `maxCodes` distinct codes are known. */
  private codeOf(raw: unknown): string {
    const code = cut(raw, 64);
    if (this.totals.has(code) || this.totals.size < this.maxCodes - 1) return code;
    return OTHER_CODE;
  }
}
