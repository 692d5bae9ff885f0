/**
 * The Projects page (`/projects`): the signed-in owner's projects, searched by name or id and
 * sorted by name or age, each opening its overview; and the form that creates one, which then
 * opens the new project. An owner without projects sees the form straight away.
 */
import './projects.css';
import { useEffect, useState } from 'react';
import type { OwnedProject } from 'signet/plugins/owner-projects';
import { Button, TextField } from 'signet/react';
import { navigate, useSearchParams } from '../../router/router.js';
import { useOwner } from '../../shell/owner-context.js';
import { EmptyState, LoadStatus, PageHeader, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { CreateProjectForm } from './create-project-form.js';
import { isProjectSort, PROJECT_SORTS, type ProjectSort, searchAndSortProjects } from './project-order.js';
import { ProjectTable } from './project-table.js';

/** A list whose load began this recently is not fetched again when the page opens. */
const FRESH_LIST_MS = 2_000;

/** The Projects page. */
export default function ProjectsPage() {
  const { projects } = useOwner();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  // The list may have changed on another page (production mode switched, a project renamed):
  // fetched again on every visit, the last answer shown meanwhile; but not on arriving here with
  // the console, whose own first load of the list has only just begun.
  const { reloadIfOlder } = projects;
  useEffect(() => reloadIfOlder(FRESH_LIST_MS), [reloadIfOlder]);

  const created = (project: OwnedProject) => {
    toast(`Project “${project.displayName}” created`);
    setCreating(false);
    projects.reload();
    navigate(`/projects/${encodeURIComponent(project.id)}`);
  };

  const none = projects.status === 'ready' && projects.data.length === 0;
  const formOpen = creating || none;
  return (
    <>
      <PageHeader
        title="Projects"
        description="The projects you own. Open one to manage its users, sign-in methods and settings."
        actions={
          !formOpen &&
          projects.status === 'ready' && <Button onClick={() => setCreating(true)}>Create project</Button>
        }
      />
      {none && (
        <EmptyState title="You have no projects yet">
          Create your first project to start adding users.
        </EmptyState>
      )}
      {formOpen && (
        <Section title="Create a project">
          <CreateProjectForm onCreated={created} onCancel={none ? undefined : () => setCreating(false)} />
        </Section>
      )}
      <LoadStatus of={projects} loading="Loading your projects" what="Your projects" />
      {projects.status === 'ready' && !none && <ProjectList projects={projects.data} />}
    </>
  );
}

/** The search box, the order and the table. */
function ProjectList({ projects }: { projects: readonly OwnedProject[] }) {
  // Kept in the address (?q=, ?sort=), so Back and a shared link come back to the same view.
  const params = useSearchParams();
  const query = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: ProjectSort = isProjectSort(sortParam) ? sortParam : 'newest';
  const change = (name: 'q' | 'sort', value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    const search = next.toString();
    navigate(`/projects${search ? `?${search}` : ''}`, { replace: true });
  };
  const shown = searchAndSortProjects(projects, query, sort);
  return (
    <Section title="Your projects">
      <div className="console-toolbar console-projects-toolbar">
        <TextField
          label="Search projects"
          type="search"
          placeholder="Name or project ID"
          autoComplete="off"
          value={query}
          onChange={(event) => change('q', event.target.value, '')}
        />
        <label className="console-projects-sort">
          <span className="signet-label">Sort by</span>
          <select value={sort} onChange={(event) => change('sort', event.target.value, 'newest')}>
            {Object.entries(PROJECT_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="console-visually-hidden" role="status">
        {query.trim() ? `${shown.length} of ${projects.length} projects match` : ''}
      </p>
      {shown.length === 0 ? (
        <EmptyState title={`No project matches “${query.trim()}”`}>
          Search by a project's name or ID.
        </EmptyState>
      ) : (
        <ProjectTable projects={shown} />
      )}
    </Section>
  );
}
