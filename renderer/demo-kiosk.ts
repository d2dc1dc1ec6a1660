/**
 * A kiosk API fed from fixture views, for a standalone preview and screenshots without a host:
 * `dist/renderer/index.html?demo=<fixture>`. In demo mode `window.__kioskDemo` lets a test or the bench push
 * views, send an identify command and wait until the board has painted.
 *
 * ```ts
 * const demo = new DemoKiosk(view);
 * app.api = demo;
 * demo.push({ ...view, seq: view.seq + 1 });
 * ```
 * @packageDocumentation
 */
import type { AboutInfo, KioskApi, PushEvents, Requests, TableView } from '../contract/kiosk';

/** Fixture name → the view (built when the fixtures script loads, so times are relative to now). */
export type DemoFixtures = Readonly<Record<string, () => TableView>>;

/** The hooks of demo mode on `window.__kioskDemo`. */
export interface DemoHooks {
  readonly fixtures: readonly string[];
  readonly kiosk: DemoKiosk;
  /** Pushes a view as a host would. */
  push(view: TableView): void;
  /** Shows the identify overlay for `seconds`. */
  identify(seconds: number): void;
  /** Shows the about overlay for `seconds`, with what `info` says (a demo's host facts by default). */
  about(seconds: number, info?: AboutInfo): void;
  /** Resolves once every component has rendered the last change (Lit's `updateComplete`, shadow roots included). */
  rendered(): Promise<void>;
  /** As `rendered()`, then waits for the next animation frame (the frame that shows it). */
  settle(): Promise<void>;
  /** How many Lit elements (shadow roots included) have an update pending now. */
  pending(): number;
}

type Listener = (...args: unknown[]) => void;

export class DemoKiosk implements KioskApi {
  private readonly listeners = new Map<keyof PushEvents, Set<Listener>>();

  /** What the demo host answers to `kiosk:about`. */
  aboutInfo: AboutInfo = {
    product: 'baccarat-board',
    version: 'demo',
    build: null,
    displayId: 'demo',
    tableId: 'demo',
    brokers: [],
    configFile: null,
    startedAt: new Date().toISOString(),
    runtime: { kind: 'browser', node: 'none (demo)' },
    trust: { requireSignatures: false, controllerKeys: 0, pitKeys: 0 },
  };

  constructor(private view: TableView | null) {}

  on<K extends keyof PushEvents>(channel: K, listener: PushEvents[K]): () => void {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  request<K extends keyof Requests>(channel: K, ..._args: Parameters<Requests[K]>): Promise<ReturnType<Requests[K]>> {
    const answer = channel === 'table:view' ? this.view : channel === 'kiosk:about' ? this.aboutInfo : null;
    return Promise.resolve(answer as ReturnType<Requests[K]>);
  }

  /** Pushes a view to the subscribers (and keeps it as the snapshot). */
  push(view: TableView): void {
    this.view = view;
    for (const fn of this.listeners.get('table:view') ?? []) fn(view);
  }

  /** Sends the identify command. */
  identify(seconds: number): void {
    for (const fn of this.listeners.get('kiosk:identify') ?? []) fn(seconds);
  }

  /** Sends the about command. */
  about(seconds: number, info?: AboutInfo): void {
    if (info) this.aboutInfo = info;
    for (const fn of this.listeners.get('kiosk:about') ?? []) fn(seconds);
  }
}

interface Updatable {
  readonly updateComplete: Promise<boolean>;
  readonly isUpdatePending: boolean;
}

/** `root` and every Lit element under it, shadow roots included. */
function litElements(root: Element): Updatable[] {
  const elements: Updatable[] = [];
  const walk = (node: Element | ShadowRoot) => {
    for (const el of node.querySelectorAll('*')) {
      if ('updateComplete' in el) elements.push(el as unknown as Updatable);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  if ('updateComplete' in root) elements.push(root as unknown as Updatable);
  if (root.shadowRoot) walk(root.shadowRoot);
  return elements;
}

/** Waits until `root` and every Lit element under it (shadow roots included) has no update pending. */
export async function settled(root: Element): Promise<void> {
  for (let pass = 0; pass < 10; pass++) {
    const done = await Promise.all(litElements(root).map((e) => e.updateComplete));
    if (done.every(Boolean)) return;
  }
}

/** Loads demo-fixtures.js next to the page (a classic script: works from file:// and under the CSP). */
function loadFixtures(): Promise<DemoFixtures> {
  if (window.__kioskFixtures) return Promise.resolve(window.__kioskFixtures);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('demo-fixtures.js', document.baseURI).href;
    script.onload = () => (window.__kioskFixtures ? resolve(window.__kioskFixtures) : reject(new Error('no fixtures')));
    script.onerror = () => reject(new Error('demo-fixtures.js did not load'));
    document.head.append(script);
  });
}

/** Sets up demo mode with the named fixture (or the first one) and installs `window.__kioskDemo`. */
export async function startDemo(name: string, app: Element): Promise<DemoKiosk> {
  const fixtures = await loadFixtures();
  const names = Object.keys(fixtures);
  const make = fixtures[name] ?? fixtures[names[0] ?? ''];
  if (!fixtures[name]) console.warn(`demo: no fixture '${name}'; fixtures are ${names.join(', ')}`);
  const kiosk = new DemoKiosk(make ? make() : null);
  window.__kioskDemo = {
    fixtures: names,
    kiosk,
    push: (view) => kiosk.push(view),
    identify: (seconds) => kiosk.identify(seconds),
    about: (seconds, info) => kiosk.about(seconds, info),
    rendered: () => settled(document.querySelector('kiosk-app') ?? app),
    pending: () => litElements(document.querySelector('kiosk-app') ?? app).filter((e) => e.isUpdatePending).length,
    settle: async () => {
      await settled(document.querySelector('kiosk-app') ?? app);
      await new Promise<void>((r) => requestAnimationFrame(() => r()));
    },
  };
  return kiosk;
}
