/**
 * Renderer benchmark, in Chromium on the demo page (`npm run bench -- renderer`). Figures are printed,
 * never asserted.
 *  (a) a new view reaching the renderer → the frame that shows it (`requestAnimationFrame` requested with the push,
 *      then a task posted from it at the highest priority: it runs once that frame's style, layout, paint and commit
 *      are done), over 300 hands pushed one at a time with the board idle in between (as at a table), after a
 *      whole shoe untimed (warm-up); p50 / p99. Target p99 ≤ 16.7 ms, at 1080p and at 4K (its denser roads). At
 *      1080p once without animations, once with them (the new hand's fade-in starts in the frame measured; the
 *      would-be marks move and start to blink in the next, whose time is printed too: a preview, see road-view.ts;
 *      those of the hand before are over, as they are at a table where hands come 20 s or more apart). A hand with
 *      any component still updating after that frame fails the bench. Also, on 300 other hands, the push → Lit done
 *      (every component's `updateComplete`, found by walking the shadow roots). Then 600 hands at each size with Chromium's CPU
 *      throttled 4× (DevTools' emulation of a kiosk-class PC): target p99 ≤ 33 ms. On Linux that emulation makes the
 *      page's main thread busy-wait three times as long as each slice it ran or waited (a signal every 0.2 ms): it
 *      keeps a core busy even while the page idles, and the frame's wait for the compositor's commit counts four
 *      times as well, so a throttled hand takes 4-5× its unthrottled time here. Then 160 hands' main-thread CPU
 *      time (frame-cpu.ts), which load and speed drift hardly move: the figure to compare builds by; and the same
 *      with the last hand, the statistics or both skipped (panel-share.ts): their share of the frame.
 *  (b) a full re-render of a 4K board with a 72-hand shoe: a new shoe (roads rebuilt) and a cold board (a new
 *      `<kiosk-app>`), to the first frame.
 *  (c) DOM nodes, shadow roots included, of a 72-hand board.
 *  (d) JS heap (after a forced GC) after 1,000 and after 10,000 hands pushed, shoes reset every 80 hands.
 * Chromium runs with vsync off so that a frame is produced as soon as it is ready: the times are the board's
 * work, not waits for the display's next refresh (with vsync they round up to the next 16.7 ms tick).
 */
import { chromium, type Page } from 'playwright';
import { buildRenderer } from '../renderer/build.mjs';
import { cpuPerHand } from './frame-cpu';
import { panelShareLines, panelShares } from './panel-share';
import {
  floor,
  HANDS_PER_SHOE,
  machineSpeed,
  ms,
  pct,
  pushHands,
  shoeView,
  type DemoWindow,
  type PostTask,
  type Timing,
} from './renderer-page';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/helpers/chromium';
import { serveRenderer } from '../test/helpers/renderer-server';

/**
 * Hands timed with the CPU throttled. Their slowest are stalls that come and go with the machine, not kinds of hand:
 * in eight passes of one 79-hand shoe on one page (4K, this VM), two passes had no hand over 30 ms and one had eight,
 * with the same work. Of 300 hands the p99 is the 3rd-worst, so it moved by several ms between runs of one build
 * (4K: 32.1, 32.7, 35.4); of 600 it is the 6th-worst, the same percentile over twice the time.
 */
const THROTTLED_HANDS = 600;

async function main(): Promise<void> {
  await buildRenderer();
  const site = await serveRenderer(new URL('../dist/renderer/', import.meta.url).pathname); // from .bench-out/
  const launch = () =>
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'],
    });
  let browser = await launch();
  // A case whose page or browser dies (Chromium crashed once on a slow VM, mid-case) is named, and the bench goes on
  // with the next one in a new browser if need be: the figures already printed, and those to come, stand.
  let unmeasured = 0;
  const attempt = async (what: string, measure: () => Promise<void>): Promise<void> => {
    try {
      await measure();
    } catch (e) {
      unmeasured++;
      console.log(`      ${what}: not measured — ${String((e as Error).message ?? e).split('\n')[0]}`);
      for (const context of browser.contexts()) await context.close().catch(() => undefined);
      if (!browser.isConnected()) browser = await launch();
    }
  };
  const shoes = Array.from({ length: 8 }, (_, i) => shoeView(1000 + i));
  const open = async (width: number, height: number, still = true) => {
    // `still`: no ask blink and reduced motion, so that no animation keeps producing frames (with vsync off they
    // would run flat out and compete with the frame being timed; on a real screen they run at 60 Hz for seconds
    // after a hand and are long over when the next one comes).
    const page = await browser.newPage({
      viewport: { width, height },
      reducedMotion: still ? 'reduce' : 'no-preference',
    });
    await page.goto(`${site.base}/index.html?demo=no-shoe${still ? '&askBlink=0' : ''}`);
    await page.waitForFunction(() => (window as DemoWindow).__kioskDemo !== undefined);
    await page.evaluate(() => document.fonts.ready);
    // A new result's fade-in, over in 50 ms (a table's is 1.1 s: the token --kiosk-fresh-duration). It starts in the
    // frame timed either way, at the same cost. But it runs on the compositor, and the page schedules a wake-up for
    // its end, which finishing the animation early (below) does not cancel: 1.05 s later, at a hand some seven
    // hands on, that wake-up began a frame with nothing to draw, which the renderer's compositor holds open for up to
    // a 60 Hz interval even with vsync off, and the hand that came meanwhile waited for it (a trace: 10 of 158 hands,
    // up to 16 ms; 4 to 6 hands over 15 ms of 316, against 0 or 1 with the short fade). At a table, hands come long
    // after their fade has ended, as here a 50 ms one has by the next hand.
    await page.evaluate(() => document.documentElement.style.setProperty('--kiosk-fresh-duration', '50ms'));
    return page;
  };

  const { loadavg, cpus } = await import('node:os');
  const speed = await machineSpeed(browser);
  console.log(
    `\nrenderer bench (Chromium, demo page, vsync off; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; ` +
      `machine speed ${speed}: compare runs on it)`,
  );
  // (a) 300 hands, one view each, at 1080p; without, then with, the highlight and ask-blink animations.
  let seq = 1000;
  let follow: number[] = []; // the last run's frames after the result's (see pushHands)
  // Each run starts with one whole shoe untimed: a board at a table has run every code path of a shoe (a tile opened
  // at column 8, 16 …, a dragon tail, a derived road's first mark) within its first hour; the first time each runs
  // (V8 compiles it lazily, then optimises it) belongs to the board's first hour, not to a hand's steady cost. The
  // warm-up was 20 hands, so hands 21-80 of the first timed shoe ran those paths for the first time.
  const warmUp = (page: Page, timing: Timing) => pushHands(page, shoes[0]!, 1, HANDS_PER_SHOE, (seq += 1000), timing);
  const run = async (page: Page, timing: Timing, hands = 300, warm = true) => {
    if (warm) await warmUp(page, timing);
    const times: number[] = [];
    follow = [];
    let late = 0;
    for (let done = 0, s = 1; done < hands; s++) {
      const n = Math.min(HANDS_PER_SHOE, hands - done);
      const r = await pushHands(page, shoes[s % shoes.length]!, 1, n, (seq += 1000), timing);
      times.push(...r.times);
      follow.push(...r.follow);
      late += r.late;
      done += n;
    }
    if (late > 0) throw new Error(`${late} hands were still rendering after the frame timed as showing them`);
    return times;
  };
  const figures = (label: string, xs: number[], target = '', unit = 'hands') =>
    console.log(
      `      ${label} p50 ${ms(pct(xs, 50))}  p99 ${ms(pct(xs, 99))}  max ${ms(Math.max(...xs))}  (${xs.length} ${unit}${target})`,
    );
  for (const still of [true, false]) {
    console.log(still ? '(a) 1080p, animations off:' : '    1080p, animations on (fresh highlight, ask blink):');
    await attempt(still ? '1080p, animations off' : '1080p, animations on', async () => {
      const page = await open(1920, 1080, still);
      if (still) figures('view → Lit done:   ', await run(page, 'lit'));
      figures('view → frame shown:', await run(page, 'frame'), '; target p99 ≤ 16.7 ms');
      if (!still) figures('then its next frame:', follow, '; would-be marks moved, blink started');
      await page.close(); // one board at a time: a page left open shares the machine with the next one timed
    });
  }
  // At 4K (more columns: the denser roads), then both sizes with Chromium's CPU throttled 4× (DevTools' emulation:
  // a kiosk-class PC), animations on as at a table.
  for (const [width, height, name] of [
    [3840, 2160, '4K'],
    [1920, 1080, '1080p'],
  ] as const) {
    for (const throttle of name === '4K' ? [1, 4] : [4]) {
      const label = throttle === 1 ? `${name}, animations on:` : `${name}, animations on, CPU throttled ${throttle}×:`;
      console.log(`    ${label}`);
      await attempt(label.slice(0, -1), async () => {
        const p = await open(width, height, false);
        const cdp = await p.context().newCDPSession(p);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        figures(
          'view → frame shown:',
          await run(p, 'frame', throttle === 1 ? 300 : THROTTLED_HANDS),
          throttle === 1 ? '; target p99 ≤ 16.7 ms' : '; target p99 ≤ 33 ms',
        );
        figures('then its next frame:', follow, '; would-be marks moved, blink started');
        figures(
          'floor, one word changed:',
          await floor(p, throttle === 1 ? 100 : 200),
          '; Chromium alone, see floor()',
          'frames',
        );
        await p.close();
      });
    }
  }
  // The same work as CPU time, which the machine's load and speed drift hardly move: the figure to compare builds by.
  await attempt('1080p, main-thread CPU per hand', async () => {
    const p = await open(1920, 1080, false);
    await warmUp(p, 'frame'); // before the trace: its hands would count among those measured
    const hands = await cpuPerHand(browser, p, () => run(p, 'frame', 160, false));
    const cpu = hands.map((h) => h.total);
    const script = hands.map((h) => h.script);
    console.log(
      `    1080p, animations on, main-thread CPU per hand (trace thread time, unthrottled): p50 ${ms(pct(cpu, 50))}  p90 ${ms(pct(cpu, 90))}  (${cpu.length} hands)`,
    );
    console.log(
      `      of which script (the push's task: view parsed, board updated): p50 ${ms(pct(script, 50))}  p90 ${ms(pct(script, 90))}; the rest is the frame's style, layout, paint and commit`,
    );
    await p.close();
  });
  // Each per-hand panel's share of the frame (panel-share.ts): where a cheaper hand would come from.
  await attempt("1080p, the panels' share of the frame", async () => {
    const shares = await panelShares(
      browser,
      () => open(1920, 1080, false),
      (p) => warmUp(p, 'frame'),
      (p) => run(p, 'frame', 160, false),
    );
    for (const line of panelShareLines(shares)) console.log(line);
  });

  // (b) 4K: a new 72-hand shoe (every road rebuilt), and a cold board.
  await attempt('4K, a new shoe and a cold board; the DOM', async () => {
    const k4 = await open(3840, 2160);
    const rebuild: number[] = [];
    for (let i = 0; i < 20; i++) {
      const shoe = shoes[i % shoes.length]!;
      const r = await pushHands(
        k4,
        { ...shoe, shoe: { ...shoe.shoe!, id: `rebuild-${i}` } },
        72,
        72,
        (seq += 1000),
        'frame',
      );
      rebuild.push(r.times[0]!);
    }
    const cold = await k4.evaluate(async () => {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const old = document.querySelector('kiosk-app')!;
        const t0 = performance.now();
        const app = document.createElement('kiosk-app') as HTMLElement & { api: unknown };
        app.api = (window as DemoWindow).__kioskDemo!.kiosk;
        old.replaceWith(app);
        await (window as DemoWindow).__kioskDemo!.rendered();
        await (window as DemoWindow).__kioskDemo!.rendered(); // the road views measure themselves, then draw
        times.push(
          await new Promise<number>((r) =>
            requestAnimationFrame(() =>
              (globalThis as unknown as PostTask).scheduler.postTask(() => r(performance.now() - t0), {
                priority: 'user-blocking',
              }),
            ),
          ),
        );
      }
      return times;
    });
    console.log(`(b) 4K, new 72-hand shoe → frame: p50 ${ms(pct(rebuild, 50))}  max ${ms(Math.max(...rebuild))}`);
    console.log(`    4K, cold board (new <kiosk-app>) → frame: p50 ${ms(pct(cold, 50))}  max ${ms(Math.max(...cold))}`);

    // (c) DOM size of that 72-hand board.
    const nodes = await k4.evaluate(() => {
      let elements = 0;
      let all = 0;
      let roots = 0;
      const stack: Node[] = [document];
      while (stack.length) {
        const node = stack.pop()!;
        for (let n = node.firstChild; n; n = n.nextSibling) {
          all++;
          if (n instanceof Element) {
            elements++;
            if (n.shadowRoot) {
              roots++;
              stack.push(n.shadowRoot);
            }
          }
          stack.push(n);
        }
      }
      return { elements, all, roots };
    });
    console.log(
      `(c) DOM of a 72-hand board: ${nodes.elements} elements, ${nodes.all} nodes, ${nodes.roots} shadow roots`,
    );

    await k4.close();
  });

  // (d) heap after 1,000 and 10,000 hands (shoes reset every 80 hands).
  await attempt('the JS heap', async () => {
    const page = await open(1920, 1080, true);
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1048576;
    };
    const pushMany = async (hands: number) => {
      for (let done = 0, s = 0; done < hands; s++) {
        const n = Math.min(HANDS_PER_SHOE, hands - done);
        const shoe = shoes[s % shoes.length]!;
        await pushHands(page, { ...shoe, shoe: { ...shoe.shoe!, id: `heap-${seq}` } }, 1, n, (seq += 1000), 'none');
        done += n;
      }
    };
    const start = await heap();
    await pushMany(1000);
    const after1k = await heap();
    await pushMany(9000);
    const after10k = await heap();
    console.log(
      `(d) JS heap: start ${start.toFixed(2)} MB, after 1,000 hands ${after1k.toFixed(2)} MB, after 10,000 hands ${after10k.toFixed(2)} MB (${(after10k - after1k >= 0 ? '+' : '') + (after10k - after1k).toFixed(2)} MB)`,
    );
  });

  await browser.close();
  await site.close();
  if (unmeasured > 0) {
    console.log(`${unmeasured} case${unmeasured === 1 ? '' : 's'} not measured: see above`);
    process.exitCode = 1;
  }
}

await main();
