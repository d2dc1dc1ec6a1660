import { describe, expect, it } from 'vitest';
import { inNextFrame } from './next-frame';

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

describe('inNextFrame', () => {
  it('runs in the frame after the one being produced, once', async () => {
    const log: string[] = [];
    requestAnimationFrame(() => log.push('this frame'));
    inNextFrame(() => log.push('follow'));
    await frame();
    expect(log).toEqual(['this frame']);
    await frame();
    expect(log).toEqual(['this frame', 'follow']);
    await frame();
    expect(log).toEqual(['this frame', 'follow']);
  });

  it('cancel() drops it; now() runs it at once, and never twice', async () => {
    const log: string[] = [];
    inNextFrame(() => log.push('dropped')).cancel();
    const next = inNextFrame(() => log.push('now'));
    next.now();
    expect(log).toEqual(['now']);
    next.now();
    next.cancel();
    await frame();
    await frame();
    expect(log).toEqual(['now']);
  });
});
