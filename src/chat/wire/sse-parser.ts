/**
 * A Server-Sent Events decoder that follows the WHATWG "event stream interpretation" rules, fed
 * with the raw bytes of each network read. Pure and synchronous: it returns the events each read
 * completes, so the same code runs in a browser, in Node and in table tests.
 */

export interface SseEvent {
  /** The `event:` field, or 'message' when the event named none. */
  type: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last event ID seen so far in the stream (it carries over to later events). */
  lastEventId: string;
}

export interface SseParser {
  /** Decodes one read; returns the events it completed, in order. */
  feed(chunk: Uint8Array): SseEvent[];
  /**
   * The body has ended. A half-finished event (no blank line after it) is dropped, as the
   * standard requires, so this never returns events; it resets the parser for reuse.
   */
  end(): void;
  /** The reconnection time the stream asked for (`retry:`), in ms. */
  readonly retryMs: number | undefined;
  /** The last event ID buffer, for a caller that reconnects with Last-Event-ID. */
  readonly lastEventId: string;
  /**
   * One event (its data so far plus a line with no end yet) grew past `maxEventChars`: the events
   * before it were returned, nothing after it is read.
   */
  readonly overflowed: boolean;
}

export interface SseParserOptions {
  /** The largest event kept in memory, in characters. */
  maxEventChars?: number;
}

/**
 * A body that never ends its line would otherwise be buffered until memory runs out. The cap is
 * as large as a whole (not streamed) completion may be: a real event is a few hundred bytes, and
 * even one carrying an image stays far below it.
 */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

const LF = '\n';
const CR = '\r';
const NUL = '\0';
/** A data field with its one space: how nearly every line of a chat stream starts. */
const DATA_FIELD = 'data: ';
/** Only ASCII digits make a valid `retry:` value; anything else is ignored. */
const RETRY_VALUE = /^[0-9]+$/;
/** Any line terminator: CR LF, a lone LF or a lone CR. */
const LINE_END = /\r\n|\n|\r/g;

export function createSseParser({ maxEventChars = MAX_EVENT_CHARS }: SseParserOptions = {}): SseParser {
  // A fresh decoder strips one leading BOM itself (its ignoreBOM is false), even a BOM split
  // across reads; stream mode keeps a multi-byte character split across reads whole.
  let decoder = new TextDecoder('utf-8');
  /** Text of the current line that has no terminator yet. */
  let partialLine = '';
  /** The previous read ended in a CR: an LF opening this read belongs to that same line end. */
  let skipLeadingLf = false;
  /**
   * The data lines so far joined with LF. The standard appends each value and a LF and drops the
   * last LF at dispatch; counting the lines gives the same data without rebuilding the string.
   */
  let dataBuffer = '';
  let dataLines = 0;
  let eventType = '';
  let lastEventIdBuffer = '';
  let lastEventId = '';
  let retryMs: number | undefined;
  let overflowed = false;

  const dispatch = (events: SseEvent[]) => {
    lastEventId = lastEventIdBuffer;
    if (dataLines > 0) events.push({ type: eventType || 'message', data: dataBuffer, lastEventId });
    dataBuffer = '';
    dataLines = 0;
    eventType = '';
  };

  const processField = (field: string, value: string) => {
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        dataBuffer = dataLines === 0 ? value : dataBuffer + LF + value;
        dataLines += 1;
        break;
      case 'id':
        if (!value.includes(NUL)) lastEventIdBuffer = value;
        break;
      case 'retry':
        if (RETRY_VALUE.test(value)) retryMs = Number.parseInt(value, 10);
        break;
      // Unknown fields (and field names differing in case) are ignored.
    }
  };

  const processLine = (line: string, events: SseEvent[]) => {
    // Measured as the line with its field name, so a line cut anywhere by the reads (see feed) counts the same.
    if (overflowed || line.length + dataBuffer.length >= maxEventChars) {
      overflowed = true;
      return;
    }
    if (line === '') return dispatch(events);
    const colon = line.indexOf(':');
    if (colon === 0) return; // a comment, often a keep-alive
    if (colon < 0) return processField(line, '');
    // Exactly one space after the colon is part of the syntax, not of the value.
    const valueStart = line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1;
    processField(line.slice(0, colon), line.slice(valueStart));
  };

  return {
    feed(chunk) {
      const events: SseEvent[] = [];
      if (overflowed) return events;
      let text = decoder.decode(chunk, { stream: true });
      if (text === '') return events;
      if (skipLeadingLf && text[0] === LF) text = text.slice(1);
      skipLeadingLf = false;
      let start = 0;
      if (!text.includes(CR)) {
        // Most servers end lines with LF alone: a plain search finds them fastest.
        for (let end = text.indexOf(LF); end !== -1; end = text.indexOf(LF, start)) {
          // The usual line, an event's first `data: ` line whole in this read: its value is cut
          // from the read at once (no line string, field and value cut from it in turn).
          if (partialLine === '' && dataLines === 0 && !overflowed && end - start < maxEventChars && text.startsWith(DATA_FIELD, start)) {
            dataBuffer = text.slice(start + DATA_FIELD.length, end);
            dataLines = 1;
            start = end + 1;
            continue;
          }
          const line = partialLine === '' ? text.slice(start, end) : partialLine + text.slice(start, end);
          partialLine = '';
          start = end + 1;
          processLine(line, events);
        }
      } else {
        LINE_END.lastIndex = 0;
        for (let match = LINE_END.exec(text); match; match = LINE_END.exec(text)) {
          const line = partialLine + text.slice(start, match.index);
          partialLine = '';
          start = LINE_END.lastIndex;
          // A CR at the very end may be the first half of a CR LF split across two reads.
          if (match[0] === CR && start === text.length) skipLeadingLf = true;
          processLine(line, events);
        }
      }
      partialLine += text.slice(start);
      if (partialLine.length + dataBuffer.length >= maxEventChars) overflowed = true;
      if (overflowed) partialLine = dataBuffer = '';
      return events;
    },
    end() {
      decoder = new TextDecoder('utf-8');
      partialLine = '';
      skipLeadingLf = false;
      dataBuffer = '';
      dataLines = 0;
      eventType = '';
    },
    get retryMs() {
      return retryMs;
    },
    get lastEventId() {
      return lastEventId;
    },
    get overflowed() {
      return overflowed;
    },
  };
}
