/**
 * `baccarat-board history verify|export`: the board's tamper-evident history (docs/shoe.md). `verify` finds any
 * edit, deletion or reordering and names the first bad record; `export` writes a shoe's record with its digest.
 * @packageDocumentation
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../mqtt-bridge/config';
import { chainTable, holdsRecords, tablesNamed, verifyHistory } from '../mqtt-bridge/history';
import { checkExport, exportCsv, exportShoe, type ShoeExport } from '../mqtt-bridge/history-export';
import { type CliIo, EXIT, UsageError } from './io';

export const HISTORY_USAGE = `Usage: baccarat-board history verify FILE [--table ID] [--head HASH]
       baccarat-board history export --shoe ID [--format json|csv] [--out FILE] [HISTORY | --config FILE]

verify   checks a board's history ({journal.dir}/{tableId}.history): every record in order, each carrying the
         hash of the one before. Names the first bad record (edited, deleted, moved, damaged) and exits 1; with
         --head, the last record's hash must be HASH. A shoe record written by export (JSON, however a tool
         has laid it out since) is checked the same way: its records unbroken, the words beside each line
         (what, who, when) those the line says, and with --head its digest HASH (the digest the board showed
         at the shoe's end: check it against the shoe record, not the history, which goes on past the shoe);
         a CSV one is for reading (it holds no lines), and is said so, as a file with no record at all is
         (the wrong file: exit status 2).
export   writes the record of shoe ID: the unbroken run of records from its first to its last (results, events,
         corrections, voids, the signs meanwhile), with who, what and when, each record's line and hash, and the
         shoe's digest. A snapshot through which the board caught up lists the hands it brought that the record
         had not seen (and corrections and voids made meanwhile), marked "by snapshot": they have no record of
         their own. JSON (default) or CSV. From HISTORY, or the history of the board that --config (or the
         default configuration) describes, saying on standard error which file it read.

Options:
  --table ID     the table whose chain it is (default: from the file name, T12.history → T12). A copy under
                 another name whose records are another table's is said to be, with the --table to give
                 (exit status 2); a shoe record of another table is said to be (exit status 2)
  --head HASH    the hash the chain must end with (a shoe record: its digest)
  --shoe ID      the shoe to export
  --format F     json or csv                                                      (default json)
  --out FILE     write there instead of standard output
  --config FILE  the board's configuration (for the history's place)
`;

/**
 * Whether a text is a shoe record written by export (one JSON object, however it is laid out: a record passed through
 * a JSON tool, minified or indented otherwise, was called tampered) rather than a history (JSON lines: more than one
 * object, which JSON.parse refuses at the second).
 */
function asExport(text: string): ShoeExport | null {
  try {
    const value = JSON.parse(text) as ShoeExport;
    return value.format === 'baccarat-board/shoe-record/v1' ? value : null;
  } catch {
    return null;
  }
}

/** The first line of a CSV shoe record (`exportCsv`). */
const CSV_HEADER = 'n,time,kind,what,who,verified,key,hash';

function verify(file: string, table: string | undefined, head: string | undefined, io: CliIo): number {
  const text = readFileSync(file, 'utf8');
  if (text.startsWith(`${CSV_HEADER}\n`)) {
    // Not damaged: a CSV record is for reading, and holds each record's hash but not its line, so nothing can be
    // checked against it (found by hand: an untouched CSV export was called "damaged or cut short").
    io.err(
      `baccarat-board history: ${file} is a CSV shoe record, for reading: it lists each record's hash but not its ` +
        `line, so it cannot be checked. Check the JSON shoe record (export --format json, the default) or the ` +
        `history itself.\n`,
    );
    return EXIT.badInput;
  }
  const exported = asExport(text);
  if (exported) {
    const problem = checkExport(exported);
    if (problem) {
      io.out(`BAD: ${file}: ${problem}\n`);
      return EXIT.failure;
    }
    if (head !== undefined && head !== exported.digest) {
      io.out(`BAD: ${file}: its digest is ${exported.digest}, not ${head}\n`);
      return EXIT.failure;
    }
    // Asked whether it is that table's: another's was "ok" (found by casino IT).
    if (table !== undefined && exported.tableId !== table) {
      io.err(
        `baccarat-board history: ${file} is not the shoe record of table ${table}: ` +
          (exported.tableId === null ? 'its records name no table' : `it is table ${exported.tableId}'s`) +
          ` (shoe ${exported.shoeId}; its records are unbroken)\n`,
      );
      return EXIT.badInput;
    }
    const of = exported.tableId === null ? '' : ` of table ${exported.tableId}`;
    io.out(
      `ok: shoe ${exported.shoeId}${of}, ${exported.records.length} records unbroken, digest ${exported.digest}\n`,
    );
    return EXIT.ok;
  }
  // Not a history at all (no line is a record): the wrong file, not a tampered one (found by casino IT: /etc/passwd
  // was "BAD: … not a record (damaged or cut short)", exit 1, a tamper alarm).
  if (text.trim() !== '' && !holdsRecords(text)) {
    io.err(
      `baccarat-board history: ${file} is neither a board's history nor a shoe record: none of its lines is a ` +
        `record. Give the board's {journal.dir}/{tableId}.history, or a shoe record written by export.\n`,
    );
    return EXIT.badInput;
  }
  const tableId = table ?? basename(file).replace(/\.history$/, '');
  const r = verifyHistory(text, tableId, head);
  if (!r.ok && r.otherChain) return otherChain(file, text, tableId, table === undefined, io);
  if (!r.ok) {
    io.out(`BAD: ${file}: record ${r.record} (line ${r.line}): ${r.problem}\n`);
    return EXIT.failure;
  }
  io.out(`ok: ${r.records} records, chain of table ${tableId} unbroken, head ${r.head}\n`);
  return EXIT.ok;
}

/** A folder given where a history file is wanted (a board's journal.dir): said, with the file to give. */
function folderInstead(file: string): string | null {
  if (!statSync(file).isDirectory()) return null;
  const histories = readdirSync(file).filter((f) => f.endsWith('.history'));
  const example = histories.length > 0 ? join(file, histories[0]!) : join(file, '{tableId}.history');
  return `baccarat-board history: ${file} is a folder, not a history file: give one of its files, such as ${example}\n`;
}

/** Why the export cannot be written to `out` (its folder missing, or a folder itself), or null. */
function unwritable(out: string): string | null {
  const folder = dirname(out);
  if (!existsSync(folder)) return `baccarat-board history: --out ${out}: the folder ${folder} does not exist\n`;
  if (existsSync(out) && statSync(out).isDirectory())
    return `baccarat-board history: --out ${out} is a folder: give a file's path\n`;
  return null;
}

/**
 * The first record does not start the chain of the table asked for. Where the records name a table (in their
 * topics) whose chain they do start, the table id was wrong (a renamed copy, T12-evidence-copy.history): that is
 * said, with the command to run, and is not evidence of an edit (exit 2). Else the first record was altered.
 */
function otherChain(file: string, text: string, tableId: string, fromName: boolean, io: CliIo): number {
  const asked = fromName
    ? `the table id ${tableId} was taken from the file name (${basename(file)})`
    : `--table ${tableId} was given`;
  const named = tablesNamed(text);
  const chain = chainTable(text, named);
  const records =
    named.length === 0 ? 'its records name no table' : `its records name table ${named.join(', ')} in their topics`;
  if (chain !== null) {
    io.err(
      `baccarat-board history: ${file} is not the history of table ${tableId}: ${asked}, but ${records}, and its ` +
        `chain starts as table ${chain}'s. Check it as that table's:\n` +
        `  baccarat-board history verify --table ${chain} ${file}\n`,
    );
    return EXIT.badInput;
  }
  const what =
    named.length === 0
      ? 'give the table with --table ID'
      : `it does not start their chain either: the first record was altered`;
  io.out(
    `BAD: ${file}: record 0 (line 1): record 0 does not start the chain of table ${tableId} (${asked}; ${records}): ${what}\n`,
  );
  return EXIT.failure;
}

export async function historyCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      table: { type: 'string' },
      head: { type: 'string' },
      shoe: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (values.help || action === '--help' || action === '-h') {
    io.out(HISTORY_USAGE);
    return EXIT.ok;
  }
  if (values.head !== undefined && !/^[0-9a-f]{64}$/.test(values.head))
    throw new UsageError('--head must be a SHA-256 in hex (64 digits)');
  if (action === 'verify') {
    const file = positionals[0];
    if (!file) throw new UsageError('history verify needs a FILE');
    if (!existsSync(file)) {
      io.err(`baccarat-board history: ${file} does not exist\n`);
      return EXIT.badInput;
    }
    const folder = folderInstead(file);
    if (folder) {
      io.err(folder);
      return EXIT.badInput;
    }
    return verify(file, values.table, values.head, io);
  }
  if (action === 'export') {
    if (!values.shoe) throw new UsageError('history export needs --shoe ID');
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be json or csv, not '${format}'`);
    let file = positionals[0];
    let whose = ''; // where the file came from, when it was not given
    if (!file) {
      const config = loadConfig({ file: values.config ?? null });
      if (!config.ok) throw new UsageError(config.error);
      file = join(config.value.journal.dir, `${config.value.tableId}.history`);
      const named = values.config ?? process.env.BACCARAT_BOARD_CONFIG;
      const vars = ['BACCARAT_TABLE_ID', 'BACCARAT_JOURNAL_DIR'].filter((v) => process.env[v]);
      const by = `${named === undefined ? 'the defaults (no --config)' : `the configuration ${named}`}${vars.length > 0 ? ` and ${vars.join(', ')}` : ''}`;
      whose = ` (table ${config.value.tableId}'s history in journal.dir, by ${by})`;
      // Standard output is the record: which history it came from goes to standard error.
      if (existsSync(file)) io.err(`baccarat-board history: reading ${file}${whose}\n`);
    }
    if (!existsSync(file)) {
      io.err(`baccarat-board history: ${file}${whose} does not exist\n`);
      return EXIT.badInput;
    }
    const problem = folderInstead(file) ?? (values.out ? unwritable(values.out) : null);
    if (problem) {
      io.err(problem);
      return EXIT.badInput;
    }
    const exported = exportShoe(readFileSync(file, 'utf8'), values.shoe);
    if (!exported.ok) {
      io.err(`baccarat-board history: ${exported.error}\n`);
      return EXIT.failure;
    }
    const text = format === 'csv' ? exportCsv(exported.value) : `${JSON.stringify(exported.value, null, 2)}\n`;
    if (values.out) writeFileSync(values.out, text);
    else io.out(text);
    return EXIT.ok;
  }
  throw new UsageError(
    action ? `unknown history action '${action}': verify or export` : 'history needs verify or export',
  );
}
