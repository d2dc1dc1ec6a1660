/**
 * The keypad page's words in Traditional Chinese, as Hong Kong and Macau tables say them, not the Simplified table
 * in other characters: 莊 閒 和, a hand is a 局 (第 n 局, as the board numbers it), a table is a 枱 (開枱, 收枱, n 號枱),
 * the supervisor a 主任 and the pit boss a 賭區經理, a keypad a 部. Where the board (renderer/locales/zh-Hant.ts)
 * says the same thing, the words are the board's: 牌靴, 燒牌, 切牌卡, 免注局, 例牌, 此局不設投注, 此局作廢, 最後一局,
 * 停止下注, and the reasons. Typed by the English table (locales.ts), so a missing word is a compile error.
 * @packageDocumentation
 */
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import type { Strings } from './locales';

export const ZH_HANT: Strings = {
  lang: 'zh-Hant',
  languageName: '繁體',
  switchLanguage: (name) => `語言：切換至${name}`,
  colon: '：',
  counted: (label, n) => `${label}（${n}）`,
  table: (id) => `${id} 號枱`,
  shoe: (no, decks) => `第 ${no} 靴 · ${decks} 副牌`,
  noShoe: '未開靴',
  hand: (n) => `第 ${n} 局`,
  round: (n) => `第 ${n} 局`,
  tableOpen: '營業中',
  tableClosed: '暫停營業',
  tableOpenPitClosed: '此處營業中 · 賭區經理已收枱',
  online: '已連線',
  offline: '離線：結果已儲存，恢復連線後發送',
  pending: (n) => `${n} 項待發送`,
  starting: '正在連線牌桌…',
  reconnecting: '正在重新連線鍵盤…',
  signing: '已簽章',
  supervisor: '主任',
  outcome: { banker: '莊', player: '閒', tie: '和' },
  short: { banker: '莊', player: '閒', tie: '和' },
  wins: (o, p, b) =>
    o === 'tie' ? `和局 ${p} – ${b}` : `${ZH_HANT.outcome[o]}贏 ${Math.max(p, b)} – ${Math.min(p, b)}`,
  playerPair: '閒對',
  bankerPair: '莊對',
  natural: '例牌',
  pointsOf: (side) => `${side}點數`,
  lastResult: (n) => `上局結果：第 ${n} 局`,
  lastRound: (n) => `上一局：第 ${n} 局`,
  roundVoidNoResult: '此局作廢：無結果',
  roundVoidAgain: (n) => `下一局仍為第 ${n} 局`,
  roundVoidShort: '作廢',
  roundVoidMark: '無結果',
  handsCount: (played, voids) => (voids > 0 ? `${played} 局 + ${voids} 局無效` : `共 ${played} 局`),
  openTable: '開枱',
  closeTable: '收枱',
  newShoe: '新牌靴',
  decks: '新牌靴的副數',
  deckCount: (d) => `${d} 副牌`,
  startShoe: (d) => `開始新牌靴（${d} 副牌）`,
  shuffle: '洗牌',
  shuffled: '已宣佈洗牌',
  burn: '燒牌',
  burnPick: '請按翻開的那張牌（規則 7.7）',
  burnCount: (card, n) => `${card} 翻開：燒 ${n} 張暗牌`,
  burnRule: (n) => `按規則 7.9 應燒 ${n} 張`,
  burnDiffers: (n, rule) => `與規則 7.9 不同：規則為 ${rule} 張，今次燒 ${n} 張。規則 12.7 准許，按 ${n} 張記錄`,
  burnConfirm: (card, n) => `燒牌：${card} 明牌，${n} 張暗牌`,
  burned: (card, n) => `已燒 ${card} + ${n}`,
  noBetCoup: '免注局',
  noBetCoupMore: (n) => `第 ${n} 個免注局：已獲賭區經理批准？`,
  noBetCoups: (n) => `免注局：${n} 局`,
  voidHand: '此局不設投注…',
  betsOpen: '請下注',
  pitClosed: '賭區經理已將此枱收枱：本枱顯示屏顯示「暫停營業」。請在此收枱，或通知賭區經理開枱。',
  betsOpenPitClosed: '顯示屏顯示「暫停營業」，仍要開始下注？',
  noBetCoupPitClosed: '顯示屏顯示「暫停營業」，仍要發免注局？',
  noMoreBets: '停止下注',
  cutCard: '切牌卡',
  cutCardFirst: '切牌卡為本局首張牌（11.2 a）：本局為最後一局',
  cutCardLater: '切牌卡在本局中途出現（11.2 b）：本局完成後再發一局',
  roundVoid: '此局作廢…',
  takeBack: '收回一張',
  confirmResult: '確認結果',
  undo: (n, s) => `撤銷第 ${n} 局（${s} 秒）`,
  cancelUndo: '取消撤銷',
  redoing: (n) => `重新輸入第 ${n} 局（撤銷）：各顯示屏會收到更正`,
  endShoe: '結束本靴',
  endShoeEarly: '最後一局尚未發出。現在結束本靴（規則 7.10）？',
  endShoeDone: (played, voids) => `最後一局已發出：結束本靴（${ZH_HANT.handsCount(played, voids)}）`,
  endShoeNow: (played, voids) => `現在結束本靴（${ZH_HANT.handsCount(played, voids)}）`,
  lastCoup: '最後一局',
  lastCoupNext: (n) => `第 ${n} 局為最後一局`,
  cutCardOut: (n) => `切牌卡已出：本局之後再發一局，第 ${n} 局為最後一局`,
  keyResult: (n) => `停止下注：請輸入第 ${n} 局的結果`,
  complete: '最後一局已發出：不再發牌',
  ended: (no, played, voids) => `第 ${no} 靴已結束：${ZH_HANT.handsCount(played, voids)}`,
  betting: '下注中',
  dealing: '發牌中',
  waiting: '等候下一局',
  shuffling: '新牌靴：先洗牌，再燒牌',
  burnNext: '已洗牌：現在燒牌',
  shoeReady: '已燒牌：可開始本靴第一局',
  next: (s) => `下一張：${s.side === 'player' ? '閒家' : '莊家'}第 ${s.index} 張`,
  coupComplete: '本局牌已發完',
  voidHandNow: (r) => `此局不設投注：${r}`,
  announced: {
    'first-card-face-up': '首張牌正面朝上（規則 12.3）',
    'third-card-exposed': '誤發第三張牌（規則 12.1 b）',
    'excess-card-exposed': '多發的牌已被翻開（規則 12.2 b）',
    'card-out-of-turn': '有牌未按次序發出（場規 4.3）',
  },
  voidReasons: {
    'insufficient-cards': '餘牌不足，本靴結束（規則 12.5）',
    'cannot-reconstruct': '發牌出錯，無法還原（規則 12.6）',
    'foreign-card': '發現不屬於本牌靴的牌（錦標賽規則 5.1.1）',
  },
  noBetCoupMark: '免注局',
  voidedMark: '作廢',
  correctedMark: (by) => (by === DEALER_UNDO_BY ? '已由荷官更正（撤銷）' : `已由 ${by} 更正`),
  correctedShort: '已更正',
  confirm: '確認',
  back: '返回',
  close: '關閉',
  sure: '此操作會發送到本枱所有顯示屏。',
  supervisorTitle: '主任：更正或作廢一局',
  pickHand: '選擇要處理的一局',
  correctHand: (n) => `更正第 ${n} 局`,
  voidRecorded: (n) => `作廢第 ${n} 局（保留局號，不計入路單）`,
  name: '主任姓名',
  code: '密碼',
  note: '備註（選填）',
  send: '發送到顯示屏',
  asRecordedCards: '此局原記錄：點選錯誤的那張，再點正確的牌，然後發送',
  cardAt: (s, card) => `${s.side === 'player' ? '閒家' : '莊家'}第 ${s.index} 張：${card}`,
  replacing: (s, card) =>
    `替換${s.side === 'player' ? '閒家' : '莊家'}第 ${s.index} 張：請點選正確的牌（再點一次 ${card} 即保留原牌）`,
  recardSame: (card) => `${card} 就是原來那張牌`,
  recardNotOfSet: (card) => `牌靴中已沒有 ${card}：輸入次數已等於牌靴的副數（不是此靴的牌？）`,
  recardThirdCards: (card) => `${card} 會改變補牌（按補牌規則）：請先收回其後的牌，再重新輸入`,
  drawNote: (n) => {
    const who = n.side === 'player' ? '閒家' : '莊家';
    // 例牌結束此局：雙方均不補牌，與本方點數無關（規則 9.2）。
    const nat = !n.natural
      ? null
      : n.natural.side === 'both'
        ? '雙方均為例牌'
        : `${n.natural.side === 'player' ? '閒家' : '莊家'}例牌 ${n.natural.points} 點`;
    if (nat && n.act === 'take-back') return `${nat}，雙方不補牌：請收回${who}第 3 張`;
    if (nat && !n.draws) return `${nat}，雙方不補牌（原記錄有第 3 張）`;
    if (n.act === 'take-back') return `${who} ${n.points} 點，按補牌規則現不補牌：請收回${who}第 3 張`;
    if (n.act === 'key') return `${who} ${n.points} 點，按補牌規則現須補牌：請輸入${who}第 3 張`;
    return n.draws
      ? `${who} ${n.points} 點現須補牌（原記錄無第 3 張）`
      : `${who} ${n.points} 點現不補牌（原記錄有第 3 張）`;
  },
  asRecordedOutcome: '此局原記錄：修改錯誤之處並確認，再發送',
  wrongCode: '主任姓名或密碼錯誤',
  locked: '密碼錯誤次數過多：請等候一分鐘',
  lockedFor: (s) => `密碼錯誤次數過多：請於 ${s} 秒後再試`,
  undoExpired: '撤銷時間已過：請主任更正此局',
  notConnected: '鍵盤尚未連線牌桌：請稍候再按',
  unreachable: '無法連線鍵盤：請檢查平板的網絡，然後再按',
  refusedTitle: '本鍵盤現時不負責此枱',
  refusedAnother: (id, table) =>
    `${table} 號枱已由另一部鍵盤負責（控制器 ${id}）。本鍵盤不會發送任何資料：同一張枱有兩部鍵盤，顯示屏上便會出現兩個不同的牌靴。`,
  refusedTakenOver: (id, table) =>
    `另一部鍵盤已接管 ${table} 號枱（控制器 ${id}）。本鍵盤已停止發送，亦不會自行取回此枱。`,
  refusedSimulator: (id, table) =>
    `${table} 號枱現由牌枱模擬器負責（控制器 ${id}）：它在此枱派發模擬牌靴。本鍵盤不會發送任何資料：同一張枱有兩個控制器，顯示屏上便會出現兩個不同的牌靴。`,
  refusedController: (id, table) =>
    `${table} 號枱已由另一個牌枱控制器負責（控制器 ${id}）：讀牌靴，或舊版本的鍵盤或牌枱模擬器。本鍵盤不會發送任何資料：同一張枱有兩個控制器，顯示屏上便會出現兩個不同的牌靴。`,
  refusedTakenOverSimulator: (id, table) =>
    `牌枱模擬器已接管 ${table} 號枱（控制器 ${id}）。本鍵盤已停止發送，亦不會自行取回此枱。`,
  refusedTakenOverController: (id, table) =>
    `另一個牌枱控制器已接管 ${table} 號枱（控制器 ${id}）。本鍵盤已停止發送，亦不會自行取回此枱。`,
  refusedSince: (t) => `對方自 ${t} 起在線。`,
  refusedWhat: '請先關閉另一部鍵盤，或通知賭區經理，然後再檢查。',
  refusedWhatSimulator:
    '請先停止牌枱模擬器（baccarat-board simulate 或 npm start 的示範），或通知賭區經理，然後再檢查。',
  refusedWhatController: '請先停止另一個控制器，或通知賭區經理，然後再檢查。',
  checkAgain: '重新檢查',
  error: '已拒絕',
};
