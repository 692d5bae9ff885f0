/**
 * `useTopBar`: a bar shown above the host's layout sets `--signet-top-bars` on the document's root
 * to its height (the sum of every bar shown), which full pages subtract from the viewport; the
 * variable goes when the last bar does. happy-dom lays nothing out, so each bar's height is given.
 */
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTopBar } from '../../react/index.js';

afterEach(cleanup);

/** A bar of `height` pixels. */
function Bar({ height }: { height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useTopBar(ref);
  return (
    <div
      ref={(element) => {
        ref.current = element;
        if (element) element.getBoundingClientRect = () => ({ height }) as DOMRect;
      }}
    />
  );
}

const reserved = () => document.documentElement.style.getPropertyValue('--signet-top-bars');

describe('useTopBar', () => {
  it('reserves the height of every bar shown, and nothing once none is', () => {
    expect(reserved()).toBe('');
    const first = render(<Bar height={56} />);
    expect(reserved()).toBe('56px');
    const second = render(<Bar height={30} />);
    expect(reserved()).toBe('86px');
    first.unmount();
    expect(reserved()).toBe('30px');
    second.unmount();
    expect(reserved()).toBe('');
  });
});
