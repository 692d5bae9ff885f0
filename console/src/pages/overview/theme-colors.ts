/**
 * The theme's colours for canvas drawing. A canvas cannot use CSS variables, so they are read with
 * getComputedStyle, and read again when the system switches between light and dark.
 */
import { useEffect, useState } from 'react';

/** The colours a chart draws with. */
export interface ChartColors {
  primary: string;
  fg: string;
  muted: string;
  border: string;
  surface: string;
}

const FALLBACK: ChartColors = {
  primary: '#2f5bea',
  fg: '#111827',
  muted: '#5b6472',
  border: '#d5d9e0',
  surface: '#ffffff',
};

/** The current values of the theme's `--signet-color-*` variables on `element`. */
export function readChartColors(element: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: keyof ChartColors) =>
    style.getPropertyValue(`--signet-color-${name}`).trim() || FALLBACK[name];
  return {
    primary: read('primary'),
    fg: read('fg'),
    muted: read('muted'),
    border: read('border'),
    surface: read('surface'),
  };
}

const DARK = '(prefers-color-scheme: dark)';

/** The chart colours, updated when the colour scheme changes. */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readChartColors);
  useEffect(() => {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK) : null;
    if (!query) return;
    const update = () => setColors(readChartColors());
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return colors;
}
