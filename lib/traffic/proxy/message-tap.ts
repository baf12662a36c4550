/**
 * An incremental reader of HTTP/1.1 messages (RFC 9112) over one direction of a connection: fed
 * the bytes as they pass, in chunks of any size, it says where each message's head ends and gives
 * the message with its body, keeping at most `bodyCap` bytes of it. It only reads: the bytes it is
 * fed are forwarded by the proxy whatever it makes of them. What it cannot read stops it for the
 * rest of the connection (`broken`): a reader that guessed would pair answers with the wrong
 * requests.
 */

export interface MessageHead {
  /** The request line or status line, as sent. */
  startLine: string;
  /** The header fields in order, names as sent. */
  headers: Array<[string, string]>;
  /** When the message's first byte arrived (ms since the epoch, the monitor's clock). */
  startedMs: number;
}

export interface TappedMessage extends MessageHead {
  body: Buffer;
  /** The body was longer than the cap: `body` holds its beginning. */
  truncated: boolean;
  /** The connection ended before the message did. */
  cut: boolean;
}

/** How the body of a message is delimited (RFC 9112 §6.3). */
export type BodyFraming =
  | { kind: 'none' }
  | { kind: 'length'; bytes: number }
  | { kind: 'chunked' }
  | { kind: 'until-close' };

export interface MessageEvents {
  /** A head was read: how is its body framed? A string: the message cannot be read (why). */
  head(head: MessageHead): BodyFraming | string;
  message(message: TappedMessage): void;
  /** The reading stops for the rest of the connection. */
  broken(reason: string): void;
}

/** Longer heads are not read (node:http itself refuses heads over 16 KiB by default). */
export const MAX_HEAD_BYTES = 256 * 1024;
const MAX_CHUNK_LINE = 4096;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

type State =
  | 'head'
  | 'length'
  | 'chunk-size'
  | 'chunk-data'
  | 'chunk-data-end'
  | 'trailers'
  | 'until-close'
  | 'broken';

export class MessageTap {
  #state: State = 'head';
  /** Bytes of a head, chunk-size line or trailer line not yet complete, as they came. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #head: MessageHead | undefined;
  #remaining = 0;
  #body: Buffer[] = [];
  #kept = 0;
  #truncated = false;
  #overlongHead = false;

  constructor(
    private readonly events: MessageEvents,
    private readonly bodyCap: number,
  ) {}

  get broken(): boolean {
    return this.#state === 'broken';
  }

  /**
   * Whether the bytes fed so far end inside a message head: begun and not ended, or longer than
   * the tap reads (then the rest of the connection counts as inside it).
   */
  get inHead(): boolean {
    return this.#overlongHead || (this.#state === 'head' && this.#pendingBytes > 0);
  }

  /** Whether a message has begun and not ended. */
  get inMessage(): boolean {
    return this.#head !== undefined;
  }

  feed(chunk: Buffer, now: number): void {
    let at = 0;
    while (at < chunk.length && this.#state !== 'broken') at = this.#step(chunk, at, now);
  }

  /** The connection ended: a body delimited by the close is complete, any other is cut. */
  end(): void {
    if (this.#state === 'broken') return;
    if (this.#state === 'until-close') return this.#complete(false);
    if (this.#state === 'head') {
      if (this.#head !== undefined) this.#break('the connection ended inside a message head');
      return;
    }
    this.#complete(true);
  }

  #step(chunk: Buffer, at: number, now: number): number {
    switch (this.#state) {
      case 'head':
        return this.#readHead(chunk, at, now);
      case 'length': {
        const take = Math.min(this.#remaining, chunk.length - at);
        this.#keep(chunk.subarray(at, at + take));
        this.#remaining -= take;
        if (this.#remaining === 0) this.#complete(false);
        return at + take;
      }
      case 'chunk-size':
        return this.#readLine(chunk, at, (line) => this.#chunkSize(line));
      case 'chunk-data': {
        const take = Math.min(this.#remaining, chunk.length - at);
        this.#keep(chunk.subarray(at, at + take));
        this.#remaining -= take;
        if (this.#remaining === 0) this.#state = 'chunk-data-end';
        return at + take;
      }
      case 'chunk-data-end':
        return this.#readLine(chunk, at, (line) =>
          line.length === 0
            ? (this.#state = 'chunk-size')
            : this.#break('chunk data longer than its size'),
        );
      case 'trailers':
        return this.#readLine(chunk, at, (line) => {
          if (line.length === 0) this.#complete(false);
        });
      case 'until-close':
        this.#keep(chunk.subarray(at));
        return chunk.length;
      case 'broken':
        return chunk.length;
    }
  }

  #readHead(chunk: Buffer, at: number, now: number): number {
    if (this.#pendingBytes === 0) {
      // Blank lines before a request line are ignored (RFC 9112 §2.2).
      while (at < chunk.length && (chunk[at] === 0x0d || chunk[at] === 0x0a)) at += 1;
      if (at === chunk.length) return at;
      this.#head = { startLine: '', headers: [], startedMs: now };
    }
    const scanned = this.#scan(chunk, at, HEAD_END, MAX_HEAD_BYTES);
    if (typeof scanned === 'string') {
      if (scanned === 'too long') {
        this.#overlongHead = true;
        this.#break(`a message head longer than ${MAX_HEAD_BYTES} bytes`);
      }
      return chunk.length;
    }
    const head = parseHead(scanned.bytes.toString('latin1', 0, scanned.bytes.length - 4));
    if (typeof head === 'string') {
      this.#break(head);
      return chunk.length;
    }
    this.#head = { ...head, startedMs: this.#head!.startedMs };
    const framing = this.events.head(this.#head);
    if (typeof framing === 'string') {
      this.#break(framing);
      return chunk.length;
    }
    this.#frame(framing);
    return scanned.next;
  }

  /**
   * Reads up to and including `pattern`, across chunks: the bytes before this chunk are kept as
   * they came and joined once, so a head sent a byte at a time costs linear work.
   */
  #scan(
    chunk: Buffer,
    at: number,
    pattern: Buffer,
    max: number,
  ): { bytes: Buffer; next: number } | 'more' | 'too long' {
    let end = -1;
    if (this.#pendingBytes > 0) {
      // The pattern may straddle the boundary: look at the last bytes kept and the first new ones.
      const tail = lastBytes(this.#pending, pattern.length - 1);
      const edge = Buffer.concat([tail, chunk.subarray(at, at + pattern.length - 1)]);
      const i = edge.indexOf(pattern);
      if (i >= 0) end = at + i + pattern.length - tail.length;
    }
    if (end < 0) {
      const i = chunk.indexOf(pattern, at);
      if (i >= 0) end = i + pattern.length;
    }
    if (end < 0) {
      this.#pending.push(Buffer.from(chunk.subarray(at)));
      this.#pendingBytes += chunk.length - at;
      if (this.#pendingBytes > max) return 'too long';
      return 'more';
    }
    const bytes =
      this.#pendingBytes === 0
        ? chunk.subarray(at, end)
        : Buffer.concat([...this.#pending, chunk.subarray(at, end)]);
    this.#pending = [];
    this.#pendingBytes = 0;
    if (bytes.length > max) return 'too long';
    return { bytes, next: end };
  }

  #frame(framing: BodyFraming): void {
    switch (framing.kind) {
      case 'none':
        return this.#complete(false);
      case 'length':
        this.#remaining = framing.bytes;
        if (framing.bytes === 0) return this.#complete(false);
        this.#state = 'length';
        return;
      case 'chunked':
        this.#state = 'chunk-size';
        return;
      case 'until-close':
        this.#state = 'until-close';
        return;
    }
  }

  #chunkSize(line: Buffer): void {
    const size = /^([0-9a-fA-F]{1,15})[ \t]*(?:;.*)?$/s.exec(line.toString('latin1'));
    if (!size) return this.#break(`a chunk size that is not hexadecimal`);
    this.#remaining = parseInt(size[1]!, 16);
    this.#state = this.#remaining === 0 ? 'trailers' : 'chunk-data';
  }

  /** Reads one CRLF-terminated line (across chunks) and hands it, without the CRLF, to `done`. */
  #readLine(chunk: Buffer, at: number, done: (line: Buffer) => unknown): number {
    const scanned = this.#scan(chunk, at, CRLF, MAX_CHUNK_LINE);
    if (typeof scanned === 'string') {
      if (scanned === 'too long') this.#break(`a chunk line longer than ${MAX_CHUNK_LINE} bytes`);
      return chunk.length;
    }
    done(scanned.bytes.subarray(0, scanned.bytes.length - 2));
    return scanned.next;
  }

  #keep(bytes: Buffer): void {
    const room = this.bodyCap - this.#kept;
    if (bytes.length > room) this.#truncated = true;
    const kept = bytes.length > room ? bytes.subarray(0, Math.max(0, room)) : bytes;
    if (kept.length > 0) {
      this.#body.push(kept);
      this.#kept += kept.length;
    }
  }

  #complete(cut: boolean): void {
    const head = this.#head!;
    const message: TappedMessage = {
      ...head,
      body: this.#body.length === 1 ? this.#body[0]! : Buffer.concat(this.#body),
      truncated: this.#truncated,
      cut,
    };
    this.#head = undefined;
    this.#body = [];
    this.#kept = 0;
    this.#truncated = false;
    this.#state = 'head';
    this.events.message(message);
  }

  #break(reason: string): void {
    if (this.#state === 'broken') return;
    this.#state = 'broken';
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#head = undefined;
    this.#body = [];
    this.events.broken(reason);
  }
}

/** The last `n` bytes of a list of buffers. */
function lastBytes(list: readonly Buffer[], n: number): Buffer {
  const parts: Buffer[] = [];
  let have = 0;
  for (let i = list.length - 1; i >= 0 && have < n; i -= 1) {
    const part = list[i]!.subarray(-(n - have));
    parts.unshift(part);
    have += part.length;
  }
  return Buffer.concat(parts);
}

/** The start line and header fields of a head (without its final CRLF CRLF). */
function parseHead(text: string): Omit<MessageHead, 'startedMs'> | string {
  const lines = text.split('\r\n');
  const startLine = lines[0]!;
  const headers: Array<[string, string]> = [];
  for (const line of lines.slice(1)) {
    // An obsolete line folding continues the previous field (RFC 9112 §5.2).
    if ((line.startsWith(' ') || line.startsWith('\t')) && headers.length > 0) {
      const last = headers[headers.length - 1]!;
      last[1] = `${last[1]} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0 || /[\s]/.test(line.slice(0, colon)))
      return `a header line that is not a field: ${JSON.stringify(line.slice(0, 60))}`;
    headers.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  return { startLine, headers };
}
