import { describe, expect, it } from 'vitest';
import { StreamLimits } from './stream-limits.ts';

describe('StreamLimits', () => {
  it("replaces a learner's oldest stream beyond their share, and only theirs", () => {
    const limits = new StreamLimits(2, 10);
    const replaced: string[] = [];
    const open = (learner: string, name: string) =>
      limits.open(learner, 'address', () => replaced.push(name));
    open('ana', 'ana-1');
    const second = open('ana', 'ana-2');
    open('ben', 'ben-1');
    open('ana', 'ana-3');
    expect(replaced).toEqual(['ana-1']);
    expect(limits.size).toBe(3);
    // A stream that closed by itself is not replaced later.
    second?.release();
    second?.release();
    open('ana', 'ana-4');
    expect(replaced).toEqual(['ana-1']);
    open('ana', 'ana-5');
    expect(replaced).toEqual(['ana-1', 'ana-3']);
    expect(limits.size).toBe(3);
  });

  it('refuses a stream from a full address until one of its streams ends', () => {
    const limits = new StreamLimits(10, 2);
    const first = limits.open('ana', 'a', () => {});
    expect(limits.open('ben', 'a', () => {})).not.toBeNull();
    expect(limits.open('cy', 'a', () => {})).toBeNull();
    expect(limits.open('cy', 'b', () => {})).not.toBeNull();
    first?.release();
    expect(limits.open('cy', 'a', () => {})).not.toBeNull();
    expect(limits.size).toBe(3);
  });
});
