/**
 * The keypad page's words in Simplified Chinese: 庄 闲 和, and a hand is a 局 (第 n 局, 共 n 局) as the board says it,
 * not the mainland's 第 n 手: the dealer reads the board's numbers. Typed by the English table (locales.ts), so a
 * missing word is a compile error.
 * @packageDocumentation
 */
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import type { Strings } from './locales';

export const ZH_HANS: Strings = {
  lang: 'zh-Hans',
  languageName: '简体',
  switchLanguage: (name) => `语言：切换到${name}`,
  colon: '：',
  counted: (label, n) => `${label}（${n}）`,
  table: (id) => `${id} 号台`,
  shoe: (no, decks) => `第 ${no} 靴 · ${decks} 副牌`,
  noShoe: '未开靴',
  hand: (n) => `第 ${n} 局`,
  round: (n) => `第 ${n} 局`,
  tableOpen: '开台',
  tableClosed: '关台',
  tableOpenPitClosed: '本机开台 · 场务已关台',
  online: '在线',
  offline: '离线：结果已保存，恢复后发送',
  pending: (n) => `待发送 ${n}`,
  starting: '正在连接牌台…',
  reconnecting: '正在重新连接键盘…',
  signing: '已签名',
  supervisor: '主管',
  outcome: { banker: '庄', player: '闲', tie: '和' },
  short: { banker: '庄', player: '闲', tie: '和' },
  wins: (o, p, b) => (o === 'tie' ? `和 ${p} – ${b}` : `${ZH_HANS.outcome[o]}赢 ${Math.max(p, b)} – ${Math.min(p, b)}`),
  playerPair: '闲对',
  bankerPair: '庄对',
  natural: '例牌',
  pointsOf: (side) => `${side}点数`,
  lastResult: (n) => `上局结果：第 ${n} 局`,
  lastRound: (n) => `上一局：第 ${n} 局`,
  roundVoidNoResult: '此局作废：无结果',
  roundVoidAgain: (n) => `下一局仍为第 ${n} 局`,
  roundVoidShort: '作废',
  roundVoidMark: '无结果',
  handsCount: (played, voids) => (voids > 0 ? `${played} 局 + ${voids} 局无效` : `共 ${played} 局`),
  openTable: '开台',
  closeTable: '关台',
  newShoe: '新牌靴',
  decks: '新牌靴的副数',
  deckCount: (d) => `${d} 副牌`,
  startShoe: (d) => `开始新牌靴（${d} 副牌）`,
  shuffle: '洗牌',
  shuffled: '已宣布洗牌',
  burn: '烧牌',
  burnPick: '点选翻开的那张牌（规则 7.7）',
  burnCount: (card, n) => `${card} 翻开：烧 ${n} 张暗牌`,
  burnRule: (n) => `按规则 7.9 应为 ${n} 张`,
  burnDiffers: (n, rule) => `与规则 7.9 不同：规则为 ${rule} 张，本次烧 ${n} 张。规则 12.7 允许，按 ${n} 张记录`,
  burnConfirm: (card, n) => `烧牌：${card} 明牌，${n} 张暗牌`,
  burned: (card, n) => `已烧 ${card} + ${n}`,
  noBetCoup: '免注局',
  noBetCoupMore: (n) => `第 ${n} 个免注局：经场务主管批准？`,
  noBetCoups: (n) => `免注局：${n} 个`,
  voidHand: '本局不下注…',
  betsOpen: '开始下注',
  pitClosed: '场务已关闭此台：本台显示屏显示“暂停营业”。请在此关台，或请场务开台。',
  betsOpenPitClosed: '显示屏显示“暂停营业”，仍要开始下注？',
  noBetCoupPitClosed: '显示屏显示“暂停营业”，仍要发免注局？',
  noMoreBets: '停止下注',
  cutCard: '切牌卡',
  cutCardFirst: '切牌卡是本局第一张（11.2 a）：本局为最后一局',
  cutCardLater: '切牌卡在本局中途出现（11.2 b）：本局之后再发一局',
  roundVoid: '本局作废…',
  takeBack: '撤回一张',
  confirmResult: '确认结果',
  undo: (n, s) => `撤销第 ${n} 局（${s} 秒）`,
  cancelUndo: '取消撤销',
  redoing: (n) => `重新输入第 ${n} 局（撤销）：各显示屏将收到更正`,
  endShoe: '结束牌靴',
  endShoeEarly: '最后一局尚未发出。现在结束牌靴（规则 7.10）？',
  endShoeDone: (played, voids) => `最后一局已发出：结束牌靴（${ZH_HANS.handsCount(played, voids)}）`,
  endShoeNow: (played, voids) => `现在结束牌靴（${ZH_HANS.handsCount(played, voids)}）`,
  lastCoup: '最后一局',
  lastCoupNext: (n) => `最后一局：第 ${n} 局`,
  cutCardOut: (n) => `切牌卡已出：本局之后再发一局，第 ${n} 局为最后一局`,
  keyResult: (n) => `停止下注：请输入第 ${n} 局的结果`,
  complete: '最后一局已发出：不再发牌',
  ended: (no, played, voids) => `第 ${no} 靴已结束：${ZH_HANS.handsCount(played, voids)}`,
  betting: '正在下注',
  dealing: '发牌中',
  waiting: '局间',
  shuffling: '新牌靴：先洗牌，再烧牌',
  burnNext: '已洗牌：现在烧牌',
  shoeReady: '已烧牌：可开始本靴第一局',
  next: (s) => `下一张：${s.side === 'player' ? '闲' : '庄'}第 ${s.index} 张`,
  coupComplete: '本局牌已发完',
  voidHandNow: (r) => `本局不下注：${r}`,
  announced: {
    'first-card-face-up': '首张牌面朝上（规则 12.3）',
    'third-card-exposed': '第三张牌外露（规则 12.1 b）',
    'excess-card-exposed': '多抽的牌外露（规则 12.2 b）',
    'card-out-of-turn': '发牌次序错误（场规 4.3）',
  },
  voidReasons: {
    'insufficient-cards': '牌数不足，本靴结束（规则 12.5）',
    'cannot-reconstruct': '发牌出错，无法还原（规则 12.6）',
    'foreign-card': '出现非本副牌（锦标赛规则 5.1.1）',
  },
  noBetCoupMark: '免注局',
  voidedMark: '作废',
  correctedMark: (by) => (by === DEALER_UNDO_BY ? '已由荷官更正（撤销）' : `已由 ${by} 更正`),
  correctedShort: '已更正',
  confirm: '确认',
  back: '返回',
  close: '关闭',
  sure: '此操作会发送到本台所有显示屏。',
  supervisorTitle: '主管：更正或作废一局',
  pickHand: '选择要处理的一局',
  correctHand: (n) => `更正第 ${n} 局`,
  voidRecorded: (n) => `作废第 ${n} 局（保留局号，不计入路单）`,
  name: '主管',
  code: '密码',
  note: '备注（可选）',
  send: '发送到显示屏',
  asRecordedCards: '此局原记录：点选错误的那张，再点正确的牌，然后发送',
  cardAt: (s, card) => `${s.side === 'player' ? '闲' : '庄'}第 ${s.index} 张：${card}`,
  replacing: (s, card) =>
    `替换${s.side === 'player' ? '闲' : '庄'}第 ${s.index} 张：请点选正确的牌（再点一次 ${card} 即保留原牌）`,
  recardSame: (card) => `${card} 就是原来那张牌`,
  recardNotOfSet: (card) => `牌靴中已没有 ${card}：输入的次数已等于牌靴的副数（不是本靴的牌？）`,
  recardThirdCards: (card) => `${card} 会改变补牌（按补牌规则）：请先撤回其后的牌，再重新输入`,
  drawNote: (n) => {
    const who = n.side === 'player' ? '闲' : '庄';
    // 例牌结束此局：双方均不补牌，与本方点数无关（规则 9.2）。
    const nat = !n.natural
      ? null
      : n.natural.side === 'both'
        ? '双方均为例牌'
        : `${n.natural.side === 'player' ? '闲' : '庄'}例牌 ${n.natural.points} 点`;
    if (nat && n.act === 'take-back') return `${nat}，双方不补牌：请撤回${who}第 3 张`;
    if (nat && !n.draws) return `${nat}，双方不补牌（原记录有第 3 张）`;
    if (n.act === 'take-back') return `${who} ${n.points} 点，按补牌规则现不补牌：请撤回${who}第 3 张`;
    if (n.act === 'key') return `${who} ${n.points} 点，按补牌规则现须补牌：请输入${who}第 3 张`;
    return n.draws
      ? `${who} ${n.points} 点现须补牌（原记录无第 3 张）`
      : `${who} ${n.points} 点现不补牌（原记录有第 3 张）`;
  },
  asRecordedOutcome: '此局原记录：修改错误之处并确认，再发送',
  wrongCode: '主管或密码错误',
  locked: '密码错误次数过多：请等待一分钟',
  lockedFor: (s) => `密码错误次数过多：请在 ${s} 秒后重试`,
  refusedTitle: '本键盘未在服务此牌台',
  refusedAnother: (id, table) =>
    `${table} 号台已有另一个键盘在服务（控制器 ${id}）。本键盘不发送任何内容：同一牌台两个键盘会在显示屏上出现两个不同的牌靴。`,
  refusedTakenOver: (id, table) => `另一个键盘接管了 ${table} 号台（控制器 ${id}）。本键盘已停止发送，不会自行收回。`,
  refusedSimulator: (id, table) =>
    `${table} 号台正由牌台模拟器服务（控制器 ${id}）：它在该台发模拟的牌靴。本键盘不发送任何内容：同一牌台两个控制器会在显示屏上出现两个不同的牌靴。`,
  refusedController: (id, table) =>
    `${table} 号台已有另一个牌台控制器在服务（控制器 ${id}）：读牌靴，或旧版本的键盘或牌台模拟器。本键盘不发送任何内容：同一牌台两个控制器会在显示屏上出现两个不同的牌靴。`,
  refusedTakenOverSimulator: (id, table) =>
    `牌台模拟器接管了 ${table} 号台（控制器 ${id}）。本键盘已停止发送，不会自行收回。`,
  refusedTakenOverController: (id, table) =>
    `另一个牌台控制器接管了 ${table} 号台（控制器 ${id}）。本键盘已停止发送，不会自行收回。`,
  refusedSince: (t) => `对方自 ${t} 起在线。`,
  refusedWhat: '请先关闭另一个键盘，或联系场务。然后再检查。',
  refusedWhatSimulator: '请先停止牌台模拟器（baccarat-board simulate 或 npm start 的演示），或联系场务。然后再检查。',
  refusedWhatController: '请先停止另一个控制器，或联系场务。然后再检查。',
  checkAgain: '再检查',
  error: '已拒绝',
};
