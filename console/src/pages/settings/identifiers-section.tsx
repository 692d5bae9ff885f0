/** What an app needs to know about the project: its id and the JWKS URL that verifies its tokens. */
import { useProjectAdmin } from '../../admin/admin-context.js';
import { CopyField } from '../../shell/copy-button.js';
import { Section } from '../../shell/states.js';

/** The JWKS of a project's access tokens on the server at `apiOrigin` (wire.md §3). */
export function jwksUrl(apiOrigin: string, projectId: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/api/v1/projects/${encodeURIComponent(projectId)}/.well-known/jwks.json`;
}

/** Project id and JWKS URL, each with Copy. */
export function IdentifiersSection() {
  const { project } = useProjectAdmin();
  return (
    <Section title="Keys for your app">
      <p className="console-muted">
        Your app names the project by its id; a backend verifies the project's access tokens with the keys at
        the JWKS URL.
      </p>
      <CopyField label="Project ID" value={project.id} />
      <CopyField label="JWKS URL" value={jwksUrl(window.location.origin, project.id)} />
    </Section>
  );
}
