import { describe, expect, it } from 'vitest';
import { takeEvents } from './sse';

describe('takeEvents', () => {
  it('keeps an event cut between two chunks for the next one', () => {
    const first = takeEvents('event: delta\ndata: {"field":"title","text":"Wa"}\n\n: keep-alive\n\nevent: del');
    expect(first.events).toEqual([{ event: 'delta', data: '{"field":"title","text":"Wa"}' }]);
    const second = takeEvents(`${first.rest}ta\r\ndata: a\r\ndata: b\r\n\r\n`);
    expect(second).toEqual({ events: [{ event: 'delta', data: 'a\nb' }], rest: '' });
  });
});
