import { describe, expect, it } from 'vitest';
import { resolveWorkplace } from './workplaces';

const list = [
  { id: 'a', name: 'A', currency: 'USD' },
  { id: 'b', name: 'B', currency: 'EUR' },
];

describe('workplace selection', () => {
  it('uses the stored id when it is one of the account workplaces, else the first', () => {
    expect(resolveWorkplace(list, 'b')?.id).toBe('b');
    expect(resolveWorkplace(list, 'zzz')?.id).toBe('a');
    expect(resolveWorkplace(list, null)?.id).toBe('a');
    expect(resolveWorkplace([], 'a')).toBeUndefined();
  });
});
