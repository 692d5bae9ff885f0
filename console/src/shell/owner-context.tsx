/**
 * The signed-in owner's side of the console: the internal project's app (for `ownerProjects`) and
 * the list of their projects, loaded once and reloaded after one is created or deleted.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { OwnedProject, OwnerProjectsApi } from 'signet/plugins/owner-projects';
import type { Loaded } from './use-load.js';

/** What `useOwner` gives. */
export interface Owner {
  ownerProjects: OwnerProjectsApi;
  projects: Loaded<OwnedProject[]>;
}

const OwnerContext = createContext<Owner | null>(null);

/** Gives the console below it the owner's projects. */
export function OwnerProvider({ value, children }: { value: Owner; children: ReactNode }) {
  return <OwnerContext.Provider value={value}>{children}</OwnerContext.Provider>;
}

/** The owner's projects and the `ownerProjects` calls. */
export function useOwner(): Owner {
  const value = useContext(OwnerContext);
  if (!value) throw new Error('useOwner is used outside the signed-in console');
  return value;
}
