/**
 * Helpers for the renderer's browser tests: mount a component in a sized box, wait for Lit (and the road's
 * ResizeObserver) to settle, and query its shadow root.
 */
import { parseShoe } from '../../baccarat/notation';
import { roadmap, type Roadmap } from '../../baccarat/roads/roadmap';
import '../../assets/tokens.css';

/** The roadmap of a shoe written in notation (throws on a typo: tests only). */
export function mapOf(shoe: string): Roadmap {
  const r = parseShoe(shoe);
  if (!r.ok) throw new Error(r.error);
  return roadmap(r.value);
}

/** Mounts `el` in a box of the given size (px) and waits until it has rendered and been measured. */
export async function mount<T extends HTMLElement>(el: T, width = 960, height = 240): Promise<T> {
  const box = document.createElement('div');
  box.style.width = `${width}px`;
  box.style.height = `${height}px`;
  box.style.position = 'relative';
  box.style.containerType = 'size';
  box.append(el);
  el.style.width = '100%';
  el.style.height = '100%';
  document.body.append(box);
  await settle(el);
  return el;
}

/** Waits for pending Lit updates (twice: the ResizeObserver's measurement triggers one more) and a frame. */
export async function settle(el: HTMLElement): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
    await new Promise<void>((r) => requestAnimationFrame(() => r()));
  }
}

/** All elements matching `selector` in the element's shadow root. */
export const $$ = (el: HTMLElement, selector: string): Element[] => [
  ...(el.shadowRoot?.querySelectorAll(selector) ?? []),
];

/** The text of the shadow root, whitespace collapsed. */
export const textOf = (el: HTMLElement): string => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Removes everything mounted by the tests. */
export function cleanup(): void {
  document.body.replaceChildren();
}
