/**
 * The kit's Button and ButtonLink hand a `ref` to their element, so an app can focus one (after
 * an error, say) or anchor a popover to it, while keeping everything else the props ask for.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, ButtonLink } from '../../react/index.js';

afterEach(cleanup);

describe('refs to the kit’s buttons', () => {
  it('reaches the <button>, which keeps its type, loading state and click handler', () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button ref={ref} onClick={onClick}>
        Save
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Save' }));
    expect(ref.current?.type).toBe('button');
    ref.current?.focus();
    expect(document.activeElement).toBe(ref.current);
    fireEvent.click(ref.current as HTMLButtonElement);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button ref={ref} onClick={onClick} loading>
        Save
      </Button>,
    );
    expect(ref.current?.disabled).toBe(true);
    expect(ref.current?.getAttribute('aria-busy')).toBe('true');
  });

  it('reaches the <a> of a ButtonLink, which stays a link to its href', () => {
    const ref = createRef<HTMLAnchorElement>();
    render(
      <ButtonLink ref={ref} href="/handler/sign-in" variant="secondary">
        Sign in
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(ref.current).toBe(link);
    expect(link.getAttribute('href')).toBe('/handler/sign-in');
    expect(link.className).toContain('signet-button--secondary');
  });
});
