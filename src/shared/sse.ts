// A reader of text/event-stream (the HTML standard's "event stream interpretation"), for a stream read
// with fetch: EventSource cannot send an Authorization header, and a token never goes in a URL.

export interface SseEvent {
  /** 'message' when the stream names none */
  event: string;
  data: string;
  /** the stream's last event id once this event was read ('' when none was ever given) */
  lastEventId: string;
}

/** Feed it the stream's text as it arrives; it calls `onEvent` for each complete event. */
export function sseParser(onEvent: (event: SseEvent) => void, opts: { onRetry?: (ms: number) => void } = {}) {
  let buffer = '';
  let lastEventId = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), lastEventId });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) opts.onRetry?.(Number(value));
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const newline = buffer.startsWith('\r\n', end) ? 2 : 1;
        // a lone \r at the end may be the first half of \r\n: wait for more
        if (buffer[end] === '\r' && newline === 1 && end === buffer.length - 1) break;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + newline);
      }
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
