/**
 * Impersonation: the console makes an impersonation session for the user and opens the app, in a
 * new tab, signed in as them (the app's impersonate page takes the token from the link's fragment
 * and shows that it is impersonating). Nothing to paste anywhere. The app's address is remembered
 * per project in this browser. The link carries a live session token, so it is made only for an
 * origin the project trusts (`impersonationTarget`): an address on any other origin, typed or
 * remembered, is refused before a session is asked for.
 */
import { useState } from 'react';
import { impersonationLink } from 'signet/plugins/impersonation';
import { Actions, Button, Form, Note, Stack, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Link } from '../../router/link.js';
import { Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import { impersonationTarget } from './impersonation-target.js';
import type { UserSectionProps } from './user-context.js';

/** Where a project's app address is remembered. */
export const appUrlStorageKey = (projectId: string) => `signet-console:impersonation-app-url:${projectId}`;

/**
 * The app address to offer: the one remembered, the first trusted domain, or localhost when allowed.
 * A remembered address is offered as it is even when no longer trusted, so the refusal shows it.
 */
export function defaultAppUrl(
  projectId: string,
  config: { domains: ReadonlyArray<{ domain: string }>; allowLocalhost: boolean },
): string {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(appUrlStorageKey(projectId));
  } catch {
    // Storage can be off (private mode, policies); the defaults still work.
  }
  return remembered ?? config.domains[0]?.domain ?? (config.allowLocalhost ? 'http://localhost:5173' : '');
}

/** The field's message for an address the project does not trust; it names where the token would go. */
const untrustedMessage = (origin: string) =>
  `${origin} is not a trusted domain of this project, so no impersonation link is made for it.`;

/** The impersonate section. */
export function ImpersonateSection({
  app,
  projectId,
  user,
  onImpersonated,
}: Pick<UserSectionProps, 'app' | 'projectId' | 'user'> & { onImpersonated: () => void }) {
  const { project } = useProjectAdmin();
  const toast = useToast();
  const [appUrl, setAppUrl] = useState(() => defaultAppUrl(projectId, project.config));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Checked as the admin types, and for a remembered address from the start: an untrusted one is
  // named at once and the button stays off, so a planted or mistyped address is never used.
  const target = impersonationTarget(appUrl, project.config);
  const refusedOrigin = !target.ok && target.reason === 'untrusted' ? target.origin : null;

  const impersonate = async () => {
    if (busy) return;
    const address = appUrl.trim();
    // Before any token exists: the server is asked for one only for a trusted address.
    const checked = impersonationTarget(address, project.config);
    if (!checked.ok) {
      if (checked.reason === 'untrusted') return setError(untrustedMessage(checked.origin));
      if (checked.reason === 'credentials')
        return setError('Enter the app’s address without a user name or password.');
      return setError('Enter the app’s address, such as https://app.example.com.');
    }
    setBusy(true);
    setError(undefined);
    try {
      const result = await app.serverSessions.impersonate(user.id);
      if (result.status === 'error') return setError(result.error.message);
      const url = impersonationLink({
        appUrl: address,
        handlerPath: checked.handlerPath,
        refreshToken: result.data.refreshToken,
      });
      try {
        localStorage.setItem(appUrlStorageKey(projectId), address);
      } catch {
        // Not remembered; the impersonation itself still works.
      }
      window.open(url, '_blank', 'noopener');
      toast('Impersonation opened in a new tab');
      onImpersonated();
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Impersonate">
      <Stack>
        <Note>
          Opens your app in a new tab, signed in as this user for one hour. The app must use the kit’s
          impersonation plugin; the session is marked as an impersonation and shows a banner.
        </Note>
        <Form name="impersonate" onSubmit={impersonate}>
          <TextField
            label="App address"
            type="url"
            autoComplete="off"
            placeholder="https://app.example.com"
            value={appUrl}
            error={refusedOrigin ? untrustedMessage(refusedOrigin) : error}
            below={
              refusedOrigin && (
                <Link className="signet-link" to={`/projects/${encodeURIComponent(projectId)}/domains`}>
                  Trusted domains are set on the Domains page
                </Link>
              )
            }
            onChange={(event) => setAppUrl(event.target.value)}
          />
          <Actions>
            <Button type="submit" loading={busy} disabled={refusedOrigin !== null}>
              Impersonate this user
            </Button>
          </Actions>
        </Form>
      </Stack>
    </Section>
  );
}
