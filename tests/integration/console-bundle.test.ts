/**
 * The console's initial load stays within its budget (bench/console-size.mjs) and carries no
 * page-only package: the charts come with the overview page only. A production Vite build, measured
 * as the bench measures it, so CI fails where the bench would.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module of the bench, without types.
import { CONSOLE_INITIAL_BUDGET_BYTES, measureConsole } from '../../bench/console-size.mjs';

describe('the console bundle', () => {
  it('loads within its budget at first, with the chart library only on the overview page', async () => {
    const { initialBytes, pages, initialModules } = await measureConsole();
    expect(initialBytes).toBeLessThanOrEqual(CONSOLE_INITIAL_BUDGET_BYTES);
    expect(initialModules.filter((m: string) => m.includes('/node_modules/chart.js/'))).toEqual([]);
    expect(Object.keys(pages).sort()).toEqual(
      expect.arrayContaining(['overview', 'projects', 'users', 'user-detail', 'settings']),
    );
  }, 120_000);
});
