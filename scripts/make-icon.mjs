// Draws the extension icon, icon.png (128×128 RGBA): a magnifying glass over a small robot
// head on a dark rounded square. Only Node built-ins: shapes are signed-distance functions,
// anti-aliased by 4×4 supersampling, and the PNG is written by hand (zlib for IDAT).
//
// Usage: node scripts/make-icon.mjs [output]   (default: icon.png in the repository root)
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const SAMPLES = 4;
const output = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'icon.png'));

// ── shapes: signed distance, negative inside ──────────────────────────────────────────
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r;
const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  const inside = Math.min(Math.max(x0 + r - x, x - (x1 - r), y0 + r - y, y - (y1 - r)), 0);
  return Math.hypot(dx, dy) + inside - r;
};
const segment = (ax, ay, bx, by, r) => (x, y) => {
  const vx = bx - ax;
  const vy = by - ay;
  const t = Math.min(Math.max(((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy), 0), 1);
  return Math.hypot(x - (ax + t * vx), y - (ay + t * vy)) - r;
};
const minus = (a, b) => (x, y) => Math.max(a(x, y), -b(x, y));
const union = (...shapes) => (x, y) => Math.min(...shapes.map((shape) => shape(x, y)));
const within = (clip, shape) => (x, y) => Math.max(clip(x, y), shape(x, y));

// ── the drawing, back to front: [shape, colour(x, y) → [r, g, b, a]] ──────────────────
const solid = (hex, alpha = 1) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const rgba = [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
  return () => rgba;
};
const verticalGradient = (top, bottom) => {
  const a = solid(top)();
  const b = solid(bottom)();
  return (_x, y) => a.map((v, i) => (i === 3 ? 1 : v + ((b[i] - v) * y) / SIZE));
};

const lensCentre = [54, 54];
const lensInside = circle(...lensCentre, 29);
const layers = [
  [roundedRect(2, 2, 126, 126, 22), verticalGradient('#1d4066', '#0f2236')],
  // The glass: a faint tint inside the rim.
  [lensInside, solid('#9fd8ff', 0.16)],
  // The robot, clipped to the glass.
  [within(lensInside, segment(54, 30, 54, 38, 2.2)), solid('#e8f1f8')],
  [within(lensInside, circle(54, 29, 4)), solid('#f2b134')],
  [within(lensInside, roundedRect(35, 38, 73, 68, 8)), solid('#5fd3bc')],
  [within(lensInside, union(circle(46, 51, 4.5), circle(62, 51, 4.5))), solid('#0f2236')],
  [within(lensInside, roundedRect(45, 59, 63, 63, 2)), solid('#0f2236')],
  // Rim and handle.
  [minus(circle(...lensCentre, 36), lensInside), solid('#e8f1f8')],
  [segment(81, 81, 108, 108, 7.5), solid('#f2b134')],
];

// ── render with supersampling and "over" compositing ──────────────────────────────────
const pixels = Buffer.alloc(SIZE * SIZE * 4);
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const px = x + (sx + 0.5) / SAMPLES;
        const py = y + (sy + 0.5) / SAMPLES;
        // Premultiplied colour of this sample.
        let cr = 0;
        let cg = 0;
        let cb = 0;
        let ca = 0;
        for (const [shape, colour] of layers) {
          if (shape(px, py) > 0) continue;
          const [lr, lg, lb, la] = colour(px, py);
          cr = lr * la + cr * (1 - la);
          cg = lg * la + cg * (1 - la);
          cb = lb * la + cb * (1 - la);
          ca = la + ca * (1 - la);
        }
        r += cr;
        g += cg;
        b += cb;
        a += ca;
      }
    }
    const n = SAMPLES * SAMPLES;
    const alpha = a / n;
    const offset = (y * SIZE + x) * 4;
    // Back from premultiplied to straight alpha, as PNG stores it.
    pixels[offset] = alpha > 0 ? Math.round(r / n / alpha) : 0;
    pixels[offset + 1] = alpha > 0 ? Math.round(g / n / alpha) : 0;
    pixels[offset + 2] = alpha > 0 ? Math.round(b / n / alpha) : 0;
    pixels[offset + 3] = Math.round(alpha * 255);
  }
}

// ── PNG: signature, IHDR, IDAT (filter 0 per scanline), IEND ──────────────────────────
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // colour type: RGBA
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  pixels.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
}
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(output, png);
console.log(`make-icon: ${path.relative(process.cwd(), output) || output} (${SIZE}×${SIZE}, ${png.length} bytes)`);
