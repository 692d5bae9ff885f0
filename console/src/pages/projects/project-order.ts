/**
 * Searching and sorting the owner's projects on the client: an owner has a handful of projects,
 * all loaded at once, so the list is filtered where it is shown.
 */
import type { OwnedProject } from 'signet/plugins/owner-projects';

/** The orders the list offers. */
export const PROJECT_SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
} as const;

/** One of the list's orders. */
export type ProjectSort = keyof typeof PROJECT_SORTS;

/** Whether `value` (from the address bar) names an order. */
export const isProjectSort = (value: string | null): value is ProjectSort =>
  value !== null && Object.hasOwn(PROJECT_SORTS, value);

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The projects whose name or id contains `query` (case and surrounding spaces ignored), in the
 * order `sort`; ties keep a stable order by id so the list never reshuffles between renders.
 */
export function searchAndSortProjects(
  projects: readonly OwnedProject[],
  query: string,
  sort: ProjectSort,
): OwnedProject[] {
  const needle = query.trim().toLocaleLowerCase();
  const found = needle
    ? projects.filter(
        (project) =>
          project.displayName.toLocaleLowerCase().includes(needle) ||
          project.id.toLocaleLowerCase().includes(needle),
      )
    : [...projects];
  const tieBreak = (a: OwnedProject, b: OwnedProject) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return found.sort((a, b) => {
    const order =
      sort === 'name'
        ? byName.compare(a.displayName, b.displayName)
        : sort === 'oldest'
          ? a.createdAtMillis - b.createdAtMillis
          : b.createdAtMillis - a.createdAtMillis;
    return order || tieBreak(a, b);
  });
}
