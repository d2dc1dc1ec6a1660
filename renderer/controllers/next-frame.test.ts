import { describe, expect, it, vi } from 'vitest';
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

  it('runs the callbacks asked for before a frame together, two animation frames for all, in the order asked', async () => {
    const log: string[] = [];
    const asked = vi.spyOn(window, 'requestAnimationFrame');
    try {
      inNextFrame(() => log.push('a'));
      inNextFrame(() => log.push('dropped')).cancel();
      inNextFrame(() => log.push('b'));
      await frame();
      await frame();
      expect(log).toEqual(['a', 'b']);
      // the two frames' own, and the two this test asked for
      expect(asked).toHaveBeenCalledTimes(4);
    } finally {
      asked.mockRestore();
    }
  });

  it('asked for once the frame being produced has begun, runs a frame after those asked for before it', async () => {
    const log: string[] = [];
    inNextFrame(() => log.push('before'));
    requestAnimationFrame(() => inNextFrame(() => log.push('during')));
    await frame();
    expect(log).toEqual([]);
    await frame();
    expect(log).toEqual(['before']);
    await frame();
    expect(log).toEqual(['before', 'during']);
  });
});
