/** The project picker of the header: the owner's projects, and a way back to the full list. */
import type { OwnedProject } from 'signet/plugins/owner-projects';
import { navigate } from '../router/router.js';

/** A select of `projects` that opens the chosen one's overview. */
export function ProjectSwitcher({ projects, current }: { projects: OwnedProject[]; current?: string }) {
  return (
    <label className="console-switcher">
      <span className="console-visually-hidden">Project</span>
      <select
        value={current ?? ''}
        onChange={(event) => {
          const id = event.target.value;
          navigate(id ? `/projects/${encodeURIComponent(id)}` : '/projects');
        }}
      >
        <option value="">All projects</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.displayName}
          </option>
        ))}
      </select>
    </label>
  );
}
