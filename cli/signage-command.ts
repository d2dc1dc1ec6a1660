/**
 * `baccarat-board signage --broker URL --table ID show | set KEY=VALUE… | close | open`: a table's signs (limits,
 * variant, tie odds, side bets, language, message, open or closed) and the casino's Perfect Pairs scale, read and
 * changed on the broker, for floor managers and scripts (`show` without a table: the casino's sign and the floor's
 * tables). Changes are checked as a board will check them, signed
 * with the pit's key (`--signing-key`), published retained at QoS 1 and confirmed; each carries a reason and who
 * made it (the OS user, or a console account with `--by`), and goes to the shared audit log on `{root}/pit/audit`.
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isId } from '../contract/schemas/common';
import { topics } from '../contract/topics';
import { defaultAccountsPath } from '../console/accounts';
import { auditRecords, planSummary } from '../console/audit-record';
import { boardRevisions, tableShows } from '../console/board-revisions';
import { reasonProblem } from '../console/change-request';
import { BROKER_ARGS, brokerOptions, publishPlan } from '../console/mqtt-session';
import { connectFor } from './broker-connect';
import { loadSigningKey } from '../console/pit-signature';
import { readRetainedSigns } from '../console/retained-signs';
import { permissionOf } from '../console/roles';
import { currentShoe, namedShoe, shoePosition } from '../console/shoe-position';
import { paysChangedNow, tableRound, tablesWithLostSigns } from '../console/pays-at-once';
import { planSignChange } from '../console/sign-edit';
import { editsCasino, editsTable, formatFieldError, parseAssignments, type SignEdits } from '../console/sign-keys';
import {
  ACTIONS,
  type Action,
  AUDIT_ACTION,
  messageFitWarnings,
  planRefusalHint,
  refusalBeforePlan,
  replacedOnBoards,
  replacedRefusal,
  signingChecks,
} from './signage-checks';
import { signFromAudit } from './signage-restore';
import { publishedJson, publishedReport } from './signage-report';
import { unkeptAudit, watchAuditKeepers } from './audit-keepers';
import { showSigns } from './signage-show';
import { signageKeepersCommand } from './signage-keepers';
import type { SigningKey } from '../mqtt-bridge/signing';
import {
  ACTOR_ARGS,
  actorRefusal,
  PROCESS_ENV,
  recordAudit,
  resolveActor,
  unconfirmedAudit,
  type ActorEnv,
} from './actor';
import { type CliIo, EXIT, UsageError } from './io';
import { SIGNAGE_USAGE } from './signage-usage';

export { SIGNAGE_USAGE };

/** What the command needs from the process, injectable for tests. */
export type SignageEnv = ActorEnv;

export async function signageCommand(args: string[], io: CliIo, penv: SignageEnv = PROCESS_ENV): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...BROKER_ARGS,
      ...ACTOR_ARGS,
      table: { type: 'string' },
      reason: { type: 'string' },
      'signing-key': { type: 'string' },
      confirm: { type: 'string' },
      replace: { type: 'boolean' },
      'new-table': { type: 'boolean' },
      user: { type: 'string' },
      shoe: { type: 'string' },
      forget: { type: 'string' },
      wait: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SIGNAGE_USAGE);
    return EXIT.ok;
  }
  const [word, ...assignments] = positionals;
  if (word === 'keepers') return signageKeepersCommand(values, assignments, io, penv); // the audit log's consoles
  if (values.forget !== undefined) throw new UsageError('--forget is for keepers: signage keepers --forget ID');
  if (!ACTIONS.includes(word as Action))
    throw new UsageError(
      word
        ? `unknown action '${word}': show, set, close, open, restore or keepers`
        : 'show, set, close, open or restore?',
    );
  const action = word as Action;
  if (action !== 'set' && assignments.length > 0)
    throw new UsageError(`${action} takes no KEY=VALUE ('${assignments[0]}')`);
  if (values.user !== undefined)
    throw new UsageError('--user is gone: a change is made as your OS user, or as a console account with --by ACCOUNT');
  const broker = brokerOptions(values, penv.env);
  if (!broker.ok) throw new UsageError(broker.error);
  const tableId = values.table ?? null;
  if (tableId !== null && !isId(tableId))
    throw new UsageError(`--table '${tableId}' is not a table id (A-Z a-z 0-9 _ -)`);
  if (values.shoe !== undefined && !isId(values.shoe)) throw new UsageError(`--shoe '${values.shoe}' is not a shoe id`);
  const waitMs = values.wait === undefined ? 500 : Number(values.wait);
  if (!(Number.isInteger(waitMs) && waitMs >= 0 && waitMs <= 60_000))
    throw new UsageError(`--wait must be 0 to 60000 ms, not '${values.wait}'`);

  let edits: SignEdits | null = null;
  if (action === 'set') {
    const parsed = parseAssignments(assignments);
    if (!parsed.ok) {
      io.err(`baccarat-board signage: ${formatFieldError(parsed.error)}\nNothing was published.\n`);
      return EXIT.badInput;
    }
    if (parsed.value.open !== undefined) {
      io.err(
        'baccarat-board signage: open: closing or opening a table is an action of its own: signage close / open\n' +
          'Nothing was published.\n',
      );
      return EXIT.badInput;
    }
    edits = parsed.value;
  } else if (action === 'restore')
    edits = {}; // read from the audit log once the broker's signs are known
  else if (action !== 'show') edits = { open: action === 'open' };
  const casinoOnly = action === 'show' || action === 'restore' || (action === 'set' && edits && !editsTable(edits));
  if (tableId === null && !casinoOnly) throw new UsageError('--table ID is required');
  if (action === 'restore' && values.audit === undefined)
    throw new UsageError('restore needs --audit FILE: the audit log to read the sign the boards show from');
  if (action === 'close' && values.confirm === undefined)
    throw new UsageError(
      `close needs --confirm ${tableId ?? 'ID'}: the table named again, so that no table is closed by a slip`,
    );
  if (edits) {
    const why = reasonProblem(values.reason);
    if (why) throw new UsageError(`--reason: ${why}`);
  }
  let key: SigningKey | null = null;
  if (values['signing-key'] !== undefined) {
    const k = await loadSigningKey(values['signing-key']);
    if (!k.ok) throw new UsageError(`--signing-key: ${k.error}`);
    key = k.value;
  }
  const actor = edits
    ? await resolveActor({ by: values.by, accountsPath: values.accounts ?? defaultAccountsPath(), io, env: penv.env })
    : null;
  if (typeof actor === 'string') {
    io.err(`baccarat-board signage: ${actor}\n`);
    return EXIT.badInput;
  }
  const auditAction = AUDIT_ACTION[action];
  if (actor && edits) {
    const refused = actorRefusal(
      actor,
      action === 'restore'
        ? [permissionOf(auditAction, tableId === null ? 'casino' : 'table')]
        : [
            ...(editsCasino(edits) ? [permissionOf(auditAction, 'casino')] : []),
            ...(editsTable(edits) ? [permissionOf(auditAction, 'table')] : []),
          ],
    );
    if (refused) {
      io.err(`baccarat-board signage: ${refused}\n`);
      return EXIT.badInput;
    }
  }

  const client = await connectFor('signage', broker.value, io);
  if (!client) return EXIT.failure;
  try {
    const t = topics(broker.value.root);
    // Subscribed first: the audit record must come back to confirm the broker kept it (as the sign must).
    if (edits) await client.subscribeAsync(t.pitAudit(), { qos: 1 }).catch(() => undefined);
    // And to the consoles that keep the audit log: with none known, the record is most likely in no log.
    const keepers = edits ? await watchAuditKeepers(client, broker.value.root) : () => 0;
    // A new Perfect Pairs scale reaches every table that offers it: read them all, to say which deal a round now.
    // Shown without a table: the floor's tables are listed.
    const floor = edits?.ppScale !== undefined || (!edits && tableId === null);
    const current = await readRetainedSigns(client, broker.value.root, tableId, waitMs, floor);
    if (typeof current === 'string') {
      io.err(`baccarat-board signage: ${current}\n`);
      return EXIT.failure;
    }
    for (const w of current.warnings) io.err(`warning: ${w}\n`);
    const named = edits
      ? namedShoe(values.shoe, current.shoe?.shoeId ?? null, undefined, edits.fromHand)
      : { id: values.shoe ?? null };
    if ('error' in named) {
      io.err(`baccarat-board signage: ${named.error}\n`);
      return EXIT.badInput;
    }
    const shoe = currentShoe(current.shoe && shoePosition(current.shoe), named.id);

    if (!edits || !actor) {
      io.out(showSigns(current, tableId, shoe, { json: values.json === true, now: penv.now().getTime() }));
      return EXIT.ok;
    }
    // A restore's sign, or (set --audit) the lost sign the edits are made to, from the audit log.
    const base = await signFromAudit(action, current, tableId, edits, values);
    if ('stop' in base) {
      (base.stop.ok ? io.out : io.err)(base.stop.text);
      return base.stop.ok ? EXIT.ok : EXIT.failure;
    }
    const { restore, revertedTo, auditLacks } = base;

    const refused = refusalBeforePlan(action, current, tableId, {
      confirm: values.confirm,
      newTable: values['new-table'] === true,
      edits,
    });
    if (refused) {
      io.err(`baccarat-board signage: ${refused}\n`);
      return EXIT.badInput;
    }
    const at = penv.now().toISOString();
    const boards = boardRevisions(current.boards, tableId);
    const plan = planSignChange(
      {
        tableId,
        table: current.table,
        casino: current.casino,
        shoe,
        user: actor.who.account,
        now: at,
        boards,
        ...(restore && { restore }),
      },
      edits,
    );
    if (!plan.ok) {
      const hint = planRefusalHint(action, plan.error, current, tableId, boards, values.audit !== undefined);
      io.err(`baccarat-board signage: ${formatFieldError(plan.error)}\nNothing was published.\n${hint}`);
      return EXIT.badInput;
    }
    if (!plan.value.table && !plan.value.casino) {
      io.out('Nothing to change: the signs already say that.\n');
      return EXIT.ok;
    }
    const here = tableId === null ? null : tableRound(tableId, current.table, shoe);
    const lostSigns = tablesWithLostSigns(current.floor, current.boards);
    // A restore publishes what the boards show already: it changes no pay, and reaches no table anew.
    const restoring = revertedTo !== undefined;
    if (!restoring) for (const w of paysChangedNow(edits, here, current.floor, lostSigns)) io.err(`warning: ${w}\n`);
    for (const w of messageFitWarnings(plan.value)) io.err(`warning: ${w}\n`);
    // A board above the broker's sign shows one the broker lost: a sign made from the broker's would replace it in
    // full, limits and side bets included, though the keys given name none of them. Only when asked (closing a
    // table is never held up: it is urgent, and confirmed already).
    const replaced = replacedOnBoards(plan.value, tableId ?? '');
    if (replaced.length > 0 && action !== 'close' && action !== 'restore' && values.replace !== true) {
      io.err(`baccarat-board signage: ${replacedRefusal(replaced, auditLacks)}`);
      return EXIT.badInput;
    }
    const signing = signingChecks(action, plan.value, tableId, tableShows(boards), {
      signing: key !== null,
      replace: values.replace === true,
    });
    if (signing.refuse) {
      io.err(`baccarat-board signage: ${signing.refuse}\n`);
      return EXIT.badInput;
    }
    for (const w of signing.warnings) io.err(`warning: ${w}\n`);
    const result = await publishPlan(client, broker.value, plan.value, { key });
    const done = new Set(result.published.map((p) => p.topic));
    const lines = planSummary(plan.value);
    const records = auditRecords(plan.value, {
      who: actor.who,
      reason: (values.reason ?? '').trim(),
      action: auditAction,
      ...(revertedTo !== undefined && { revertedTo }),
      at,
      newId: randomUUID,
    }).filter((r) => done.has(r.target === 'casino' ? t.casinoSignage() : t.tableSignage(r.tableId ?? '')));
    const shared = await recordAudit(client, broker.value, records, { key, file: values.audit });
    io.out(
      values.json
        ? publishedJson(result, shared)
        : publishedReport({
            plan: plan.value,
            records,
            edits,
            tableId,
            current,
            lostSigns,
            key,
            audit: values.audit,
            revertedTo,
            restore,
            replaced,
          }),
    );
    if (result.error) {
      io.err(`baccarat-board signage: ${result.error}\n`);
      const left = lines.slice(records.length);
      if (left.length > 0) io.err(`Not published: ${left.join('\n  ')}\n`);
      return EXIT.failure;
    }
    if (shared.error) {
      io.err(`baccarat-board signage: ${unconfirmedAudit('the sign was published', shared.error, records)}`);
      return EXIT.failure;
    }
    if (records.length > 0 && values.audit === undefined && keepers() === 0)
      io.err(unkeptAudit('the sign was published', broker.value.root, records));
    return EXIT.ok;
  } finally {
    await client.endAsync().catch(() => undefined);
  }
}
