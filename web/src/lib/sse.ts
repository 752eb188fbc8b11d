/** One Server-Sent Event: its name (`message` when unnamed) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The whole events at the start of `buffer` (each ends with a blank line) and the unfinished
 * rest, to be prefixed to the next chunk. Comments (`:` lines, the keep-alives) are skipped.
 */
export function takeEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const text = buffer.replace(/\r\n?/g, '\n');
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}
