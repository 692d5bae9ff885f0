/**
 * A brand button's hover colour (product-spec §2): its colour with the HSL lightness moved by 10
 * points — darker for a light colour, lighter for a dark one, so the change shows on white and on
 * black alike.
 */

/** `#rgb` or `#rrggbb` as hue (0–360), saturation and lightness (0–100). */
export function hexToHsl(hex: string): [number, number, number] {
  let digits = hex.replace(/^#/, '');
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l * 100];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

/** Hue, saturation and lightness back to `#rrggbb`. */
export function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const chroma = (1 - Math.abs(2 * light - 1)) * sat;
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = light - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** `hex` with its lightness 10 points further from the middle's other side (clamped to 0–100). */
export function hoverShade(hex: string, points = 10): string {
  const [h, s, l] = hexToHsl(hex);
  const shifted = l > 50 ? l - points : l + points;
  return hslToHex(h, s, Math.min(100, Math.max(0, shifted)));
}
