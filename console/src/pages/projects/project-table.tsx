/** The owner's projects as a table: each name opens the project's overview. */
import type { OwnedProject } from 'signet/plugins/owner-projects';
import { Badge } from 'signet/react';
import { Link } from '../../router/link.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A creation time as a short date, with the exact instant in `dateTime`. */
function CreatedAt({ millis }: { millis: number }) {
  const date = new Date(millis);
  return <time dateTime={date.toISOString()}>{dateFormat.format(date)}</time>;
}

/** The table of `projects`, in the order given. */
export function ProjectTable({ projects }: { projects: readonly OwnedProject[] }) {
  return (
    <div className="console-table-wrap">
      <table className="console-table console-projects-table">
        <caption className="console-visually-hidden">Your projects</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Project ID</th>
            <th scope="col">Users</th>
            <th scope="col">Created</th>
            <th scope="col">Mode</th>
          </tr>
        </thead>
        <tbody>
          {projects.map((project) => (
            <tr key={project.id}>
              <th scope="row" className="console-projects-name">
                <Link to={`/projects/${encodeURIComponent(project.id)}`}>
                  {project.displayName || project.id}
                </Link>
                {project.description && (
                  <span className="console-muted console-projects-description">{project.description}</span>
                )}
              </th>
              <td>
                <code className="console-projects-id">{project.id}</code>
              </td>
              <td>{project.userCount.toLocaleString()}</td>
              <td>
                <CreatedAt millis={project.createdAtMillis} />
              </td>
              <td>
                {project.isProductionMode ? <Badge tone="ok">Production</Badge> : <Badge>Development</Badge>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
