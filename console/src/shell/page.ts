/** What every console page receives, and how the route list describes it. */
import type { ComponentType } from 'react';

/** Props of a page: the parameters of its path (`projectId`, `userId`, ...). */
export interface PageProps {
  params: Record<string, string>;
}

/** A page module, loaded the first time its route is visited. */
export type PageModule = { default: ComponentType<PageProps> };

/** One entry of the route list. */
export interface ConsoleRoute {
  /** The path under `/console`, with `:name` parameters. */
  path: string;
  /** The page's title, for the tab and the heading of its loading state. */
  title: string;
  /** Loads the page (its own chunk: charts and editors come only with their pages). */
  load: () => Promise<PageModule>;
  /** Where the page sits in a project's sidebar; pages without it are reached by links. */
  nav?: { label: string; order: number };
}
