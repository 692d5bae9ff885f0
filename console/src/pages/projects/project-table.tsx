/** The owner's projects as a table: each name opens the project's overview. */
import type { OwnedProject } from 'signet/plugins/owner-projects';
import { Badge } from 'signet/react';
import { Link } from '../../router/link.js';
import { TableFrame } from '../../shell/table-frame.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A creation time as a short date, with the exact instant in `dateTime`. */
function CreatedAt({ millis }: { millis: number }) {
  const date = new Date(millis);
  return <time dateTime={date.toISOString()}>{dateFormat.format(date)}</time>;
}

/** The table of `projects`, in the order given. */
export function ProjectTable({ projects }: { projects: readonly OwnedProject[] }) {
  return (
    <TableFrame
      caption="Your projects"
      columns={['Name', 'Project ID', 'Users', 'Created', 'Mode']}
      className="console-projects-table"
    >
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
    </TableFrame>
  );
}
