// The shoe's record at its end as a patron sees it: the QR code the element draws, rasterised by Chromium and read
// by a decoder (jsQR), and the digest in groups an eye can compare.
import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import { useLanguage } from '../localization';
import { digestLines, type ShoeRecord, type ShoeRecordView } from './shoe-record';
import './shoe-record';

const DIGEST = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const RECORD: ShoeRecordView = {
  shoeId: 'T12-2026-11-24-07',
  digest: DIGEST,
  url: `https://records.casino.example/T12/T12-2026-11-24-07?digest=${DIGEST}`,
};

async function mount(record: ShoeRecordView | null, language: ShoeRecord['language'] = 'en'): Promise<ShoeRecord> {
  await useLanguage(language);
  const el = document.createElement('shoe-record');
  el.style.cssText = 'width: 800px; height: 240px; --kiosk-text-min: 10px';
  el.record = record;
  el.language = language;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** The element's QR code drawn by Chromium as an image would be, then decoded. */
async function scan(el: ShoeRecord): Promise<string | null> {
  const qr = el.shadowRoot!.querySelector('svg.qr')!;
  const source = new XMLSerializer().serializeToString(qr);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const side = 400;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = side;
  const g = canvas.getContext('2d')!;
  g.drawImage(image, 0, 0, side, side);
  const pixels = g.getImageData(0, 0, side, side);
  return jsQR(pixels.data, side, side, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

afterEach(() => document.body.replaceChildren());

describe('<shoe-record>', () => {
  it('draws a QR code that reads back as the record address', async () => {
    const el = await mount(RECORD);
    expect(await scan(el)).toBe(RECORD.url);
  });

  it('shows the whole digest in eight groups of eight, and no QR code without an address', async () => {
    const el = await mount({ ...RECORD, url: null });
    expect(el.shadowRoot!.querySelector('svg.qr')).toBeNull();
    const text = el.shadowRoot!.querySelector('[data-id="digest"]')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(text).toBe('9f86d081 884c7d65 9a2feaa0 c55ad015 a3bf4f1b 2b0b822c d15d6c15 b0f00a08');
    expect(el.shadowRoot!.textContent).toContain("This shoe's record digest");
  });

  it('takes no room when there is no record', async () => {
    const el = await mount(null);
    expect(el.hasAttribute('has-record')).toBe(false);
    expect(el.getBoundingClientRect().height).toBe(0);
    el.record = RECORD;
    await el.updateComplete;
    expect(el.hasAttribute('has-record')).toBe(true);
  });

  it('labels it in English and Chinese together', async () => {
    const el = await mount(RECORD, 'en+zh-Hant');
    const text = el.shadowRoot!.textContent!;
    expect(text).toContain("Scan to check this shoe's record");
    expect(text).toContain('掃碼核對本靴記錄');
    // What it is, said to assistive technology in both languages too.
    const group = el.shadowRoot!.querySelector('[role=group]')!.getAttribute('aria-label');
    expect(group).toContain('Shoe record');
    expect(group).toContain('本靴記錄');
  });

  it('splits a digest for reading without losing a character', () => {
    expect(digestLines(DIGEST).join(' ').replaceAll(' ', '')).toBe(DIGEST);
    expect(digestLines('abc')).toEqual(['abc', '']);
  });
});

describe('<shoe-record stacked> (the sign column’s foot)', () => {
  it('puts the title over the code and the digest beside it in four lines of two groups, none lost', async () => {
    const el = await mount(RECORD);
    el.stacked = true;
    await el.updateComplete;
    const lines = [...el.shadowRoot!.querySelectorAll('[data-id="digest"] > div')].map((d) => d.textContent);
    expect(lines).toEqual(digestLines(DIGEST, 4));
    expect(lines.every((l) => l!.split(' ').length === 2)).toBe(true);
    expect(lines.join('').replaceAll(' ', '')).toBe(DIGEST);
    const [title, qr] = ['.title', 'svg.qr'].map((q) => el.shadowRoot!.querySelector(q)!.getBoundingClientRect());
    expect(qr!.top).toBeGreaterThanOrEqual(title!.bottom - 1);
    expect(await scan(el)).toBe(RECORD.url);
  });
});
