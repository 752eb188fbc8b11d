import { describe, expect, it } from 'vitest';
import { logLines } from './sync-log';

describe('sync log lines', () => {
  it('reads a supplier sync: the change summary and the unpublish', () => {
    expect(logLines({ changes: [{ variant_id: 'v1' }], change: 'Red: price 13.00 → 14.00; stock 5 → 0', unpublished: true })).toEqual([
      { kind: 'text', text: 'Red: price 13.00 → 14.00; stock 5 → 0' },
      { kind: 'unpublished' },
    ]);
    expect(logLines({ changes: [], change: null, unpublished: false })).toEqual([]);
  });

  it('reads a smart push and anything else as key: value', () => {
    expect(logLines({ destinations: ['s1', 'tiktok'] })).toEqual([{ kind: 'destinations', keys: ['s1', 'tiktok'] }]);
    expect(logLines({ from: 10, extra: { a: 1 } })).toEqual([
      { kind: 'text', text: 'from: 10' },
      { kind: 'text', text: 'extra: {"a":1}' },
    ]);
    expect(logLines(null)).toEqual([]);
  });

  it('reads what smart push had the model write, without showing its codes', () => {
    expect(logLines({ style: 'storytelling', tone: 'expert', language: 'de' })).toEqual([
      { kind: 'written', style: 'storytelling', tone: 'expert', language: 'de' },
    ]);
  });
});
