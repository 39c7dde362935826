/**
 * The few DER (ASN.1 Distinguished Encoding Rules) encoders an X.509 certificate needs. Node
 * can generate keys and sign, but not write certificates; these ~80 lines spare the emulator a
 * dependency of several megabytes (`@peculiar/x509` and its 17 packages, or `node-forge`).
 * Everything is encoded, never parsed: the certificates are read back with Node's own
 * `X509Certificate`.
 */

/** A tag-length-value triple with a definite length (X.690 §8.1). */
export function tlv(tag: number, content: Uint8Array): Buffer {
  const n = content.length;
  let head: number[];
  if (n < 0x80) head = [tag, n];
  else {
    const bytes: number[] = [];
    for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    head = [tag, 0x80 | bytes.length, ...bytes];
  }
  return Buffer.concat([Buffer.from(head), content]);
}

/** `SEQUENCE { …items }`. */
export function sequence(...items: Uint8Array[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

/** `SET { …items }` (one item each here, so no sorting is needed). */
export function set(...items: Uint8Array[]): Buffer {
  return tlv(0x31, Buffer.concat(items));
}

/** An unsigned big-endian `INTEGER`: a leading 0 byte keeps a high first bit positive. */
export function unsignedInteger(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const trimmed = bytes.subarray(start);
  const needsPad = (trimmed[0] ?? 0) >= 0x80;
  return tlv(0x02, needsPad ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

/** A small non-negative `INTEGER` (a version, a path length). */
export function smallInteger(value: number): Buffer {
  return unsignedInteger(Buffer.from([value]));
}

/** `BOOLEAN`. */
export function boolean(value: boolean): Buffer {
  return tlv(0x01, Buffer.from([value ? 0xff : 0]));
}

/** `OBJECT IDENTIFIER` from its dotted form (`2.5.29.30`). */
export function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes: number[] = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128))
      groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** `UTF8String`. */
export function utf8String(text: string): Buffer {
  return tlv(0x0c, Buffer.from(text, 'utf8'));
}

/** `OCTET STRING`. */
export function octetString(bytes: Uint8Array): Buffer {
  return tlv(0x04, bytes);
}

/** `BIT STRING` of whole bytes, or of `bits` significant bits of a one-byte flag set. */
export function bitString(bytes: Uint8Array, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes]));
}

/** A context-specific tag `[n]`: constructed (EXPLICIT, or IMPLICIT over a SEQUENCE) or primitive. */
export function context(n: number, content: Uint8Array, constructed: boolean): Buffer {
  return tlv((constructed ? 0xa0 : 0x80) | n, content);
}

/** X.509 `Time`: `UTCTime` until 2049, `GeneralizedTime` after (RFC 5280 §4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // 2025-03-01T12:00:00.000Z
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(digits.slice(2), 'ascii'))
    : tlv(0x18, Buffer.from(digits, 'ascii'));
}
