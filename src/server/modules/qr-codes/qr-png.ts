import { deflateSync } from 'node:zlib';
import qrcode from 'qrcode-generator';

/** The modules of a text's QR code (error correction M, as qrSvg draws it): true is dark. */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_row, row) =>
    Array.from({ length: count }, (_col, col) => qr.isDark(row, col)),
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_value, n) => {
  let c = n;
  for (let bit = 0; bit < 8; bit += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, 'ascii'), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/**
 * The QR code of a text as a greyscale PNG: `scale` pixels a module, with the standard four-module
 * quiet zone, so a phone reads it printed at any size and an image editor opens it as it is.
 */
export function qrPng(text: string, scale = 8): Uint8Array {
  const modules = qrModules(text);
  const margin = 4;
  const size = (modules.length + margin * 2) * scale;
  // each row: filter byte 0, then one byte a pixel (0 black, 255 white)
  const raw = new Uint8Array(size * (size + 1)).fill(255);
  for (let y = 0; y < size; y += 1) {
    raw[y * (size + 1)] = 0;
    const row = modules[Math.floor(y / scale) - margin];
    if (!row) continue;
    for (let x = 0; x < size; x += 1)
      if (row[Math.floor(x / scale) - margin]) raw[y * (size + 1) + 1 + x] = 0;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter method, no interlace
  const parts = [
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
