// Draws the add-in icons (a desk under a room outline on the brand blue) as PNGs at the sizes the
// manifest names. Run once with `node scripts/make-icons.mjs`; the PNGs are committed in assets/.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 32, 64, 80, 128];
const BLUE = [15, 108, 189, 255]; // Fluent brand blue (#0f6cbd)
const WHITE = [255, 255, 255, 255];
const CLEAR = [0, 0, 0, 0];

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) Buffer.from(pixel(x / size, y / size)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Unit-square geometry: a desk top, two legs and a screen.
function desk(x, y) {
  const deskTop = y >= 0.42 && y <= 0.52 && x >= 0.18 && x <= 0.82;
  const legs = y > 0.52 && y <= 0.8 && ((x >= 0.24 && x <= 0.32) || (x >= 0.68 && x <= 0.76));
  const screen = y >= 0.2 && y <= 0.36 && x >= 0.38 && x <= 0.62;
  return deskTop || legs || screen;
}

// The desk in white on a rounded brand-blue tile.
function icon(x, y) {
  const r = 0.18;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return CLEAR;
  return desk(x, y) ? WHITE : BLUE;
}

// The unified manifest's outline icon: white on transparent only (Microsoft's rule for it).
const outline = (x, y) => (desk(x, y) ? WHITE : CLEAR);

mkdirSync('assets', { recursive: true });
for (const size of SIZES) writeFileSync(`assets/icon-${size}.png`, png(size, icon));
// The unified manifest's app package: a 192 px colour icon and a 32 px outline.
writeFileSync('assets/icon-color-192.png', png(192, icon));
writeFileSync('assets/icon-outline-32.png', png(32, outline));
console.log(`wrote ${SIZES.map((s) => `assets/icon-${s}.png`).join(', ')}, icon-color-192.png, icon-outline-32.png`);
