// The growing byte buffer under both of the provider's encoders: MessagePack (msgpack-io.ts) and
// protobuf (proto/encode.ts). It doubles when a write does not fit; finish() copies out what was
// written.

export class ByteWriter {
  protected buf = new Uint8Array(256);
  protected view = new DataView(this.buf.buffer);
  protected pos = 0;

  /** Makes room for `n` more bytes at `pos`. */
  protected ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}
