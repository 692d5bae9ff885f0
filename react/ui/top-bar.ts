/**
 * Room for bars the kit shows above a host's layout (a plugin's banner): full pages
 * (`FullPage`, `.signet-page`) fill the viewport below the host's header
 * (`--signet-page-offset`) and below these bars, so a page with a banner does not scroll by the
 * banner's height.
 */
import { type RefObject, useEffect } from 'react';

/** The variable `.signet-page` subtracts besides the host's offset (theme.css). */
const TOP_BARS_VARIABLE = '--signet-top-bars';

/** The height of each bar shown now. */
const heights = new Map<Element, number>();

/** Sets the variable to the bars' total height on the document's root, or removes it when none. */
function publish(): void {
  let total = 0;
  for (const height of heights.values()) total += height;
  const root = document.documentElement.style;
  if (total > 0) root.setProperty(TOP_BARS_VARIABLE, `${total}px`);
  else root.removeProperty(TOP_BARS_VARIABLE);
}

/**
 * Declares the element of `ref` a bar above every page while the calling component is mounted:
 * its height, kept up to date as it wraps or changes, is left free by full pages. For a plugin's
 * banner rendered at the top of the host's layout.
 */
export function useTopBar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      heights.set(element, element.getBoundingClientRect().height);
      publish();
    };
    // Measured at once too: where ResizeObserver is missing, this is the only measure.
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      heights.delete(element);
      publish();
    };
  }, [ref]);
}
