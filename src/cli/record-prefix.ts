/**
 * The start of an HTTP error body, as the recorder prints it: whitespace runs made one space, trimmed, at most
 * PRINTED characters. Only that much is kept: the body itself goes to the file as it arrives, and a server that
 * answers 500 with 500 MB of text costs the recorder one read plus PRINTED characters, not the body (184 MB of
 * strings at 52 MB received, before).
 *
 * Contract: `push(bytes)` takes the body's reads in order (UTF-8, decoded across reads); once PRINTED characters are
 * known, later reads are not decoded at all. `text()` is exactly `body.replace(/\s+/g, ' ').trim().slice(0, PRINTED)`
 * of the whole body. `retained` is the number of characters held (for tests: never more than one read's text plus
 * PRINTED).
 */
export const PRINTED = 200;

export class PrintedPrefix {
  private kept = '';
  private full = false;
  private readonly decoder = new TextDecoder();

  constructor(private readonly limit = PRINTED) {}

  push(bytes: Uint8Array): void {
    if (this.full) return;
    this.kept = (this.kept + this.decoder.decode(bytes, { stream: true })).replace(/\s+/g, ' ').trimStart();
    // one character past the limit tells whether the limit's last character is followed by more (trim keeps it then)
    if (this.kept.length > this.limit) {
      this.kept = this.kept.slice(0, this.limit);
      this.full = true;
    }
  }

  /** The printed start of the body (call once the body has ended). */
  text(): string {
    if (this.full) return this.kept;
    return (this.kept + this.decoder.decode()).replace(/\s+/g, ' ').trim().slice(0, this.limit);
  }

  get retained(): number {
    return this.kept.length;
  }
}
