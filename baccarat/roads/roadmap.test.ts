import { describe, expect, test } from 'vitest';
import { gridOf, parseGrid } from '../../test/helpers/grid-text';
import { parseShoe } from '../notation';
import type { Outcome, RoadHand } from '../types';
import { makeColours, roadmap } from './roadmap';
import type { AskPreview, RoadOptions } from './types';

const LETTER: Record<Outcome, string> = { banker: 'B', player: 'P', tie: 'T' };

function hands(shoe: string): RoadHand[] {
  const parsed = parseShoe(shoe);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

function bigRoadTuples(shoe: string, options?: RoadOptions) {
  return roadmap(hands(shoe), options).bigRoad.cells.map((c) => [c.col, c.row, LETTER[c.outcome], c.ties]);
}

const askColours = (a: AskPreview) =>
  [a.bigEyeBoy, a.smallRoad, a.cockroachPig].map((c) => (c === null ? '-' : c === 'red' ? 'R' : 'B')).join('');

/** The worked examples of ROADS.md §7, verbatim (kept in the spec's layout). */
// prettier-ignore
const EXAMPLES = [
  {
    name: 'A: mid-shoe tie, dragon of 8',
    shoe: 'BBPPPBTBPPBBBBBBBBP',
    bead: `
     0   1   2   3
r0   B   T   B   P
r1   B   B   B   .
r2   P   P   B   .
r3   P   P   B   .
r4   P   B   B   .
r5   B   B   B   .`,
    lengths: [2, 3, 2, 2, 8, 1],
    bigRoad: [[0,0,'B',0],[0,1,'B',0],[1,0,'P',0],[1,1,'P',0],[1,2,'P',0],[2,0,'B',1],[2,1,'B',0],[3,0,'P',0],[3,1,'P',0],
           [4,0,'B',0],[4,1,'B',0],[4,2,'B',0],[4,3,'B',0],[4,4,'B',0],[4,5,'B',0],[5,5,'B',0],[6,5,'B',0],[5,0,'P',0]],
    bigEyeBoy: 'RBBRBRRRBRRRRRB',
    smallRoad: 'RRRBRBRRRRRB',
    cockroachPig: 'RRRRBRRRRB',
    askBanker: 'BBB',
    askPlayer: 'RRR',
  },
  {
    name: 'B: leading ties, Player dragon of 9, nested L, trailing tie',
    shoe: 'TTPBBPPPPPPPPPBBBBBBPBT',
    bead: `
     0   1   2   3
r0   T   P   P   B
r1   T   P   P   B
r2   P   P   B   P
r3   B   P   B   B
r4   B   P   B   T
r5   P   P   B   .`,
    lengths: [1, 2, 9, 6, 1, 1],
    bigRoad: [[0,0,'P',2],[1,0,'B',0],[1,1,'B',0],[2,0,'P',0],[2,1,'P',0],[2,2,'P',0],[2,3,'P',0],[2,4,'P',0],[2,5,'P',0],
           [3,5,'P',0],[4,5,'P',0],[5,5,'P',0],[3,0,'B',0],[3,1,'B',0],[3,2,'B',0],[3,3,'B',0],[3,4,'B',0],[4,4,'B',0],
           [4,0,'P',0],[5,0,'B',1]],
    bigEyeBoy: 'BBRBRRRRRRBRRRRRBB',
    smallRoad: 'BRRRRRRRBRBRRRBB',
    cockroachPig: 'BRRRRBB',
    askBanker: 'BRR',
    askPlayer: 'RBB',
  },
  {
    name: 'C: three nested dragon tails',
    shoe: 'BBBBBBBBPPPPPPPPPBPPPPPPPBPPBBBBBB',
    bead: `
     0   1   2   3   4   5
r0   B   B   P   P   P   B
r1   B   B   P   P   B   B
r2   B   P   P   P   P   B
r3   B   P   P   P   P   B
r4   B   P   P   P   B   .
r5   B   P   B   P   B   .`,
    lengths: [8, 9, 1, 7, 1, 2, 6],
    bigRoad: [[0,0,'B',0],[0,1,'B',0],[0,2,'B',0],[0,3,'B',0],[0,4,'B',0],[0,5,'B',0],[1,5,'B',0],[2,5,'B',0],
           [1,0,'P',0],[1,1,'P',0],[1,2,'P',0],[1,3,'P',0],[1,4,'P',0],[2,4,'P',0],[3,4,'P',0],[4,4,'P',0],[5,4,'P',0],
           [2,0,'B',0],
           [3,0,'P',0],[3,1,'P',0],[3,2,'P',0],[3,3,'P',0],[4,3,'P',0],[5,3,'P',0],[6,3,'P',0],
           [4,0,'B',0],[5,0,'P',0],[5,1,'P',0],
           [6,0,'B',0],[6,1,'B',0],[6,2,'B',0],[7,2,'B',0],[8,2,'B',0],[9,2,'B',0]],
    bigEyeBoy: 'RRRRRRRBBBBRRRRRBBBBRBRRR',
    smallRoad: 'BRRRRRRBRRBBRRRR',
    cockroachPig: 'RRRRRRBBBBRRRRR',
    askBanker: 'RRR',
    askPlayer: 'BBB',
  },
  {
    name: 'D: leading tie, double tie mid-shoe, chops, straight falls',
    shoe: 'TPBPBBPBBBPTTPBPPPPB',
    bead: `
     0   1   2   3
r0   T   P   T   P
r1   P   B   P   B
r2   B   B   B   .
r3   P   B   P   .
r4   B   P   P   .
r5   B   T   P   .`,
    lengths: [1, 1, 1, 2, 1, 3, 2, 1, 4, 1],
    bigRoad: [[0,0,'P',1],[1,0,'B',0],[2,0,'P',0],[3,0,'B',0],[3,1,'B',0],[4,0,'P',0],[5,0,'B',0],[5,1,'B',0],[5,2,'B',0],
           [6,0,'P',2],[6,1,'P',0],[7,0,'B',0],[8,0,'P',0],[8,1,'P',0],[8,2,'P',0],[8,3,'P',0],[9,0,'B',0]],
    bigEyeBoy: 'RRBBBBRBRBBBRRB',
    smallRoad: 'RBBRRBBBBBRBRB',
    cockroachPig: 'BBRBRBRRRRRBB',
    askBanker: 'RBR',
    askPlayer: 'BRB',
  },
] as const;

describe('ROADS.md §7 worked examples', () => {
  for (const ex of EXAMPLES) {
    describe(ex.name, () => {
      const map = roadmap(hands(ex.shoe));
      test('bead plate', () => {
        expect(gridOf(map.beadPlate, (b) => LETTER[b.outcome])).toEqual(parseGrid(ex.bead));
      });
      test('logical column lengths', () => {
        expect(map.bigRoad.lengths).toEqual(ex.lengths);
      });
      test('big road, in the order added', () => {
        expect(bigRoadTuples(ex.shoe)).toEqual(ex.bigRoad);
      });
      test('derived roads', () => {
        expect(makeColours(map.bigEyeBoy.cells)).toBe(ex.bigEyeBoy);
        expect(makeColours(map.smallRoad.cells)).toBe(ex.smallRoad);
        expect(makeColours(map.cockroachPig.cells)).toBe(ex.cockroachPig);
      });
      test('ask road', () => {
        const a = map.ask();
        expect(askColours(a.banker)).toBe(ex.askBanker);
        expect(askColours(a.player)).toBe(ex.askPlayer);
      });
    });
  }

  test('A: Big Eye Boy layout', () => {
    const map = roadmap(hands('BBPPPBTBPPBBBBBBBBP'));
    expect(gridOf(map.bigEyeBoy.cells, (c) => (c.colour === 'red' ? 'R' : 'B'))).toEqual(
      parseGrid(`
     0   1   2   3   4   5   6   7
r0   R   B   R   B   R   B   R   B
r1   .   B   .   .   R   .   R   .
r2   .   .   .   .   R   .   R   .
r3   .   .   .   .   .   .   R   .
r4   .   .   .   .   .   .   R   .`),
    );
  });

  test('A: the 7th and 8th Banker of the dragon are tail cells', () => {
    const tails = roadmap(hands('BBPPPBTBPPBBBBBBBBP')).bigRoad.cells.filter((c) => c.tail);
    expect(tails.map((c) => [c.col, c.row, c.logicalRow])).toEqual([
      [5, 5, 6],
      [6, 5, 7],
    ]);
  });

  test('B: Small Road has its own dragon tail', () => {
    const map = roadmap(hands('TTPBBPPPPPPPPPBBBBBBPBT'));
    expect(gridOf(map.smallRoad.cells, (c) => (c.colour === 'red' ? 'R' : 'B'))).toEqual(
      parseGrid(`
     0   1   2   3   4   5   6
r0   B   R   B   R   B   R   B
r1   .   R   .   .   .   R   B
r2   .   R   .   .   .   R   .
r3   .   R   .   .   .   .   .
r4   .   R   .   .   .   .   .
r5   .   R   R   .   .   .   .`),
    );
  });

  const shoeC = 'BBBBBBBBPPPPPPPPPBPPPPPPPBPPBBBBBB';
  test('C: canonical placement (tails stay on their row)', () => {
    const map = roadmap(hands(shoeC));
    expect(gridOf(map.bigRoad.cells, (c) => LETTER[c.outcome])).toEqual(
      parseGrid(`
     0   1   2   3   4   5   6   7   8   9
r0   B   P   B   P   B   P   B   .   .   .
r1   B   P   .   P   .   P   B   .   .   .
r2   B   P   .   P   .   .   B   B   B   B
r3   B   P   .   P   P   P   P   .   .   .
r4   B   P   P   P   P   P   .   .   .   .
r5   B   B   B   .   .   .   .   .   .   .`),
    );
  });

  test('C: the tail-drops variant, with the same derived roads', () => {
    const drop = roadmap(hands(shoeC), { rows: 6, tail: 'drop' });
    expect(gridOf(drop.bigRoad.cells, (c) => LETTER[c.outcome])).toEqual(
      parseGrid(`
     0   1   2   3   4   5   6
r0   B   P   B   P   B   P   B
r1   B   P   .   P   .   P   B
r2   B   P   .   P   .   .   B
r3   B   P   .   P   P   .   B
r4   B   P   P   P   P   P   B
r5   B   B   B   P   P   .   B`),
    );
    const stay = roadmap(hands(shoeC));
    expect(makeColours(drop.bigEyeBoy.cells)).toBe(makeColours(stay.bigEyeBoy.cells));
    expect(makeColours(drop.smallRoad.cells)).toBe(makeColours(stay.smallRoad.cells));
    expect(makeColours(drop.cockroachPig.cells)).toBe(makeColours(stay.cockroachPig.cells));
  });
});

describe('ROADS.md §7 edge-case table', () => {
  // prettier-ignore
  test.each([
    ['', [], '', '', ''],
    ['TTT', [[0, 0, 'T', 3]], '', '', ''],
    ['B', [[0, 0, 'B', 0]], '', '', ''],
    ['BP', [[0, 0, 'B', 0], [1, 0, 'P', 0]], '', '', ''],
    ['BPP', [[0, 0, 'B', 0], [1, 0, 'P', 0], [1, 1, 'P', 0]], 'B', '', ''],
    ['BBP', [[0, 0, 'B', 0], [0, 1, 'B', 0], [1, 0, 'P', 0]], '', '', ''],
    ['BBPB', [[0, 0, 'B', 0], [0, 1, 'B', 0], [1, 0, 'P', 0], [2, 0, 'B', 0]], 'B', '', ''],
    ['BPBPBPBP', [[0,0,'B',0],[1,0,'P',0],[2,0,'B',0],[3,0,'P',0],[4,0,'B',0],[5,0,'P',0],[6,0,'B',0],[7,0,'P',0]], 'RRRRRR', 'RRRRR', 'RRRR'],
  ])('%j', (shoe, big, bigEye, small, cockroach) => {
    const map = roadmap(hands(shoe));
    expect(bigRoadTuples(shoe)).toEqual(big);
    expect(makeColours(map.bigEyeBoy.cells)).toBe(bigEye);
    expect(makeColours(map.smallRoad.cells)).toBe(small);
    expect(makeColours(map.cockroachPig.cells)).toBe(cockroach);
  });

  test('empty shoe: the ask road still shows where the first circle would go, and no derived marks', () => {
    const a = roadmap([]).ask();
    expect(a.banker.bigRoad).toEqual({ col: 0, row: 0, outcome: 'banker' });
    expect(askColours(a.banker) + askColours(a.player)).toBe('------');
  });

  test('TTT: derived ask is nothing', () => {
    const a = roadmap(hands('TTT')).ask();
    expect(askColours(a.banker) + askColours(a.player)).toBe('------');
    expect(a.player.bigRoad).toEqual({ col: 0, row: 0, outcome: 'player' });
  });

  test('BP: B gives red, P gives blue on the Big Eye Boy; nothing else yet', () => {
    const a = roadmap(hands('BP')).ask();
    expect(askColours(a.banker)).toBe('R--');
    expect(askColours(a.player)).toBe('B--');
  });

  test('B and BB: no derived ask', () => {
    for (const s of ['B', 'BB']) {
      const a = roadmap(hands(s)).ask();
      expect(askColours(a.banker) + askColours(a.player)).toBe('------');
    }
  });

  test('ties do not change the ask road', () => {
    expect(roadmap(hands('BBPPPT')).ask()).toEqual(roadmap(hands('BBPPP')).ask());
  });
});

describe('pairs, naturals and points', () => {
  test('pairs and naturals go on the bead and on the circle of the hand; a tie hand keeps its pairs on the bead', () => {
    const map = roadmap(hands('B^*(0-9) T_ P_(7-2)'));
    expect(map.beadPlate.map((b) => [b.bankerPair, b.playerPair, b.natural])).toEqual([
      [true, false, true],
      [false, true, false],
      [false, true, false],
    ]);
    expect(map.bigRoad.cells.map((c) => [c.outcome, c.ties, c.bankerPair, c.playerPair, c.natural])).toEqual([
      ['banker', 1, true, false, true],
      ['player', 0, false, true, false],
    ]);
    expect(map.beadPlate[2]).toMatchObject({ playerPoints: 7, bankerPoints: 2 });
  });

  test('statistics', () => {
    const s = roadmap(hands('TB^*(0-9)BBT_P_(7-2)B(1-6)')).stats();
    expect(s).toEqual({
      hands: 7,
      banker: 4,
      player: 1,
      tie: 2,
      bankerPair: 1,
      playerPair: 2,
      natural: 1,
      bankerSix: 1,
      columns: 3,
      currentStreak: { outcome: 'banker', length: 1 },
      longestStreak: { banker: 3, player: 1 },
    });
  });
});

describe('incremental', () => {
  test('add() reports what changed', () => {
    const map = roadmap(hands('BP'));
    const change = map.add(hands('P')[0]!);
    expect(change.bead).toMatchObject({ col: 0, row: 2, outcome: 'player' });
    expect(change.bigRoad).toMatchObject({ kind: 'circle', cell: { col: 1, row: 1 } });
    expect(change.bigEyeBoy).toMatchObject({ colour: 'blue' });
    expect(change.smallRoad).toBeNull();
    const tie = map.add(hands('T')[0]!);
    expect(tie.bigRoad).toMatchObject({ kind: 'tie', cell: { col: 1, row: 1, ties: 1 } });
  });

  test('clone() is independent', () => {
    const a = roadmap(hands('BBPPT'));
    const b = a.clone();
    b.add(hands('B')[0]!);
    expect(a.hands).toBe(5);
    expect(b.hands).toBe(6);
    expect(a.bigRoad.cells).toHaveLength(4);
    expect(a.ask()).toEqual(roadmap(hands('BBPPT')).ask());
  });
});
