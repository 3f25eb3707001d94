/** xxHash32 (Yann Collet's XXH32 specification), for the LZ4 frame header and content checksums. */
const P1 = 0x9e3779b1;
const P2 = 0x85ebca77;
const P3 = 0xc2b2ae3d;
const P4 = 0x27d4eb2f;
const P5 = 0x165667b1;

const rotl = (x: number, r: number): number => ((x << r) | (x >>> (32 - r))) >>> 0;
const u32 = (b: Uint8Array, i: number): number =>
  ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24)) >>> 0;
const round = (acc: number, lane: number): number =>
  Math.imul(rotl((acc + Math.imul(lane, P2)) >>> 0, 13), P1) >>> 0;

export function xxh32(data: Uint8Array, seed: number): number {
  const len = data.length;
  let i = 0;
  let h: number;
  if (len >= 16) {
    let v1 = (seed + P1 + P2) >>> 0;
    let v2 = (seed + P2) >>> 0;
    let v3 = seed >>> 0;
    let v4 = (seed - P1) >>> 0;
    for (; i + 16 <= len; i += 16) {
      v1 = round(v1, u32(data, i));
      v2 = round(v2, u32(data, i + 4));
      v3 = round(v3, u32(data, i + 8));
      v4 = round(v4, u32(data, i + 12));
    }
    h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) >>> 0;
  } else {
    h = (seed + P5) >>> 0;
  }
  h = (h + len) >>> 0;
  for (; i + 4 <= len; i += 4) {
    h = Math.imul(rotl((h + Math.imul(u32(data, i), P3)) >>> 0, 17), P4) >>> 0;
  }
  for (; i < len; i++) {
    h = Math.imul(rotl((h + Math.imul(data[i] ?? 0, P5)) >>> 0, 11), P1) >>> 0;
  }
  h = Math.imul(h ^ (h >>> 15), P2) >>> 0;
  h = Math.imul(h ^ (h >>> 13), P3) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
