/**
 * A QR code's modules for a text, at error-correction level M (what `QrCode` draws), written for
 * that one level so it carries one level's tables. It follows ISO/IEC 18004 step by step and makes
 * the same choices as the usual reference encoders (the smallest version, one segment in the
 * tightest mode of numeric, alphanumeric or UTF-8 bytes, the mask of the lowest penalty, the
 * first on a tie), so a text gives the same symbol as before, module for module;
 * tests/unit/qr-matrix.test.ts holds it to that.
 */

/** Error-correction codewords per block at level M, for versions 1 to 40. */
const ECC_PER_BLOCK = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];

/** Blocks at level M, for versions 1 to 40. */
const BLOCKS = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29,
  31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** Product of two bytes in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The Reed–Solomon codewords of `data` for a generator of `degree`. */
function reedSolomon(data: number[], degree: number): number[] {
  const divisor = new Array<number>(degree).fill(0);
  divisor[degree - 1] = 1;
  for (let i = 0, root = 1; i < degree; i++, root = gfMultiply(root, 2)) {
    for (let j = 0; j < degree; j++) {
      divisor[j] = gfMultiply(divisor[j]!, root) ^ (divisor[j + 1] ?? 0);
    }
  }
  const remainder = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ remainder.shift()!;
    remainder.push(0);
    divisor.forEach((coefficient, i) => {
      remainder[i]! ^= gfMultiply(coefficient, factor);
    });
  }
  return remainder;
}

/** Modules a version has for data and error correction (all but the function patterns). */
function rawModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version > 1) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version > 6) modules -= 36;
  }
  return modules;
}

const dataCodewords = (version: number) =>
  (rawModules(version) >> 3) - ECC_PER_BLOCK[version - 1]! * BLOCKS[version - 1]!;

/** The text's segment: its mode indicator, its character-count widths, its count and its bits. */
function segmentOf(text: string) {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  if (/^\d*$/.test(text)) {
    for (let i = 0; i < text.length; i += 3) {
      const digits = text.slice(i, i + 3);
      put(Number(digits), digits.length * 3 + 1);
    }
    return { mode: 1, countBits: [10, 12, 14], count: text.length, bits };
  }
  if (/^[A-Z0-9 $%*+./:-]*$/.test(text)) {
    const at = (i: number) => ALPHANUMERIC.indexOf(text.charAt(i));
    let i = 0;
    for (; i + 2 <= text.length; i += 2) put(at(i) * 45 + at(i + 1), 11);
    if (i < text.length) put(at(i), 6);
    return { mode: 2, countBits: [9, 11, 13], count: text.length, bits };
  }
  // UTF-8 by way of encodeURI, which also refuses a lone surrogate as the reference encoders do.
  let count = 0;
  for (const [char, hex] of encodeURI(text).matchAll(/%([0-9A-F]{2})|./g)) {
    put(hex ? Number.parseInt(hex, 16) : char.charCodeAt(0), 8);
    count++;
  }
  return { mode: 4, countBits: [8, 16, 16], count, bits };
}

/** The data and error-correction codewords of `text`, interleaved, and the version they fill. */
function codewordsOf(text: string) {
  const segment = segmentOf(text);
  let version = 1;
  let countBits = 0;
  for (; ; version++) {
    if (version > 40) throw new RangeError('Data too long');
    countBits = segment.countBits[Math.floor((version + 7) / 17)]!;
    // An empty text is no segment at all.
    const used =
      text === '' ? 0 : segment.count < 2 ** countBits ? 4 + countBits + segment.bits.length : Infinity;
    if (used <= dataCodewords(version) * 8) break;
  }
  const capacity = dataCodewords(version) * 8;
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  if (text !== '') {
    put(segment.mode, 4);
    put(segment.count, countBits);
    bits.push(...segment.bits);
  }
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data: number[] = [];
  bits.forEach((bit, i) => {
    data[i >>> 3] = (data[i >>> 3] ?? 0) | (bit << (7 - (i & 7)));
  });

  // Split into blocks (the short ones first), each with its error correction, then interleave.
  const blocks = BLOCKS[version - 1]!;
  const eccLength = ECC_PER_BLOCK[version - 1]!;
  const total = rawModules(version) >> 3;
  const shortBlocks = blocks - (total % blocks);
  const shortData = Math.floor(total / blocks) - eccLength;
  const dataBlocks: number[][] = [];
  for (let i = 0, at = 0; i < blocks; i++) {
    const length = shortData + (i < shortBlocks ? 0 : 1);
    dataBlocks.push(data.slice(at, at + length));
    at += length;
  }
  const eccBlocks = dataBlocks.map((block) => reedSolomon(block, eccLength));
  const codewords: number[] = [];
  for (let i = 0; i <= shortData; i++)
    for (const block of dataBlocks) if (i < block.length) codewords.push(block[i]!);
  for (let i = 0; i < eccLength; i++) for (const block of eccBlocks) codewords.push(block[i]!);
  return { version, codewords };
}

/** Whether mask `mask` flips the module at column x, row y. */
function masked(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

/** The penalty of a symbol (ISO/IEC 18004 §7.8.3): runs, 2×2 blocks, finder-like runs, balance. */
function penalty(modules: boolean[][]): number {
  const size = modules.length;
  let score = 0;
  /** Runs of one line; `history` holds the last seven run lengths, newest first. */
  const line = (at: (i: number) => boolean) => {
    const history = [0, 0, 0, 0, 0, 0, 0];
    const finderLike = () => {
      const n = history[1]!;
      const core = n > 0 && history[2] === n && history[3] === n * 3 && history[4] === n && history[5] === n;
      return (
        (core && history[0]! >= n * 4 && history[6]! >= n ? 1 : 0) +
        (core && history[6]! >= n * 4 && history[0]! >= n ? 1 : 0)
      );
    };
    const push = (length: number) => {
      history.pop();
      // The light border counts in front of the first run.
      history.unshift(history[0] === 0 ? length + size : length);
    };
    let color = false;
    let run = 0;
    for (let i = 0; i < size; i++) {
      if (at(i) === color) {
        run++;
        if (run === 5) score += 3;
        else if (run > 5) score++;
      } else {
        push(run);
        if (!color) score += finderLike() * 40;
        color = at(i);
        run = 1;
      }
    }
    if (color) {
      push(run);
      run = 0;
    }
    push(run + size);
    score += finderLike() * 40;
  };
  for (let y = 0; y < size; y++) line((x) => modules[y]![x]!);
  for (let x = 0; x < size; x++) line((y) => modules[y]![x]!);
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const color = modules[y]![x];
      if (color) dark++;
      if (
        y < size - 1 &&
        x < size - 1 &&
        color === modules[y]![x + 1] &&
        color === modules[y + 1]![x] &&
        color === modules[y + 1]![x + 1]
      )
        score += 3;
    }
  }
  const total = size * size;
  return score + (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
}

/**
 * The dark modules of `text`'s QR code at level M, row by row, with a quiet zone of `border`
 * light modules around it. Throws a RangeError when the text does not fit version 40.
 */
export function qrMatrix(text: string, border: number): boolean[][] {
  const { version, codewords } = codewordsOf(text);
  const size = version * 4 + 17;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, dark: boolean) => {
    modules[y]![x] = dark;
    reserved[y]![x] = true;
  };

  // Timing patterns, then finders and alignment patterns over them.
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const square = (cx: number, cy: number, reach: number, dark: (distance: number) => boolean) => {
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, dark(Math.max(Math.abs(dx), Math.abs(dy))));
      }
    }
  };
  for (const [x, y] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    square(x, y, 4, (d) => d !== 2 && d !== 4);
  }
  if (version > 1) {
    const count = Math.floor(version / 7) + 2;
    const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
    const positions = [6];
    for (let at = size - 7; positions.length < count; at -= step) positions.splice(1, 0, at);
    positions.forEach((x, i) => {
      positions.forEach((y, j) => {
        // Not where a finder is.
        if (!((i === 0 && j === 0) || (i === 0 && j === count - 1) || (i === count - 1 && j === 0)))
          square(x, y, 2, (d) => d !== 1);
      });
    });
  }

  /** Format information for level M and `mask`, both copies, and the dark module. */
  const drawFormat = (mask: number) => {
    let remainder = mask;
    for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
    const bits = ((mask << 10) | remainder) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i < 6; i++) set(8, i, bit(i));
    set(8, 7, bit(6));
    set(8, 8, bit(7));
    set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
    set(8, size - 8, true);
  };
  drawFormat(0);
  if (version > 6) {
    let remainder = version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }

  // The codewords, in two-column strips from the right, up and down in turn.
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - step : step;
        if (!reserved[y]![x] && i < codewords.length * 8) {
          modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  const applyMask = (mask: number) => {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++)
        if (!reserved[y]![x] && masked(mask, x, y)) modules[y]![x] = !modules[y]![x];
    }
  };
  let best = 0;
  let lowest = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    applyMask(mask);
    drawFormat(mask);
    const score = penalty(modules);
    if (score < lowest) {
      best = mask;
      lowest = score;
    }
    applyMask(mask);
  }
  applyMask(best);
  drawFormat(best);

  const light = () => new Array<boolean>(size + border * 2).fill(false);
  const edge = Array.from({ length: border }, light);
  return [
    ...edge,
    ...modules.map((row) => [
      ...new Array<boolean>(border).fill(false),
      ...row,
      ...new Array<boolean>(border).fill(false),
    ]),
    ...Array.from({ length: border }, light),
  ];
}
