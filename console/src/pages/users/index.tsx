/**
 * The Users page: the project's users a page at a time, searched on the server (by id, email or
 * name), sorted by sign-up and filtered by verified email, password and OAuth provider; users can
 * be selected and deleted together, and created. Every row leads to the user's page.
 */
import { useCallback, useMemo, useState } from 'react';
import { Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { navigate, useLocation } from '../../router/router.js';
import type { PageProps } from '../../shell/page.js';
import { EmptyState, LoadStatus, PageHeader, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { BulkDelete } from './bulk-delete.js';
import { CreateUserForm } from './create-user-form.js';
import { hasFilters, readListParams, type UserListParams, writeListParams } from './list-params.js';
import { ListToolbar } from './list-toolbar.js';
import { useUserPages } from './use-user-pages.js';
import { UsersTable } from './users-table.js';
import './users.css';

const CREATE_BUTTON_ID = 'console-users-create';

/** The selection of a list nothing was selected on (never changed: a selection is a new set). */
const NOTHING_SELECTED: Set<string> = new Set();

/** Closing the create form brings focus back to the button that opened it, not the page's top. */
const focusCreateButton = () => setTimeout(() => document.getElementById(CREATE_BUTTON_ID)?.focus(), 0);

export default function UsersPage(_: PageProps) {
  const { app, project, projectId, reload: reloadProject } = useProjectAdmin();
  const toast = useToast();
  const { path, search } = useLocation();
  const params = useMemo(() => readListParams(new URLSearchParams(search)), [search]);
  const { page, pageNumber, hasNext, hasPrevious, next, previous } = useUserPages(app, params);
  const [creating, setCreating] = useState(false);
  const users = page.data?.items;
  // Selection is per page: a new page, search or reload starts with nothing selected. It is kept
  // with the list it was made on rather than cleared by an effect, which could run after a click
  // made on the new list and undo it.
  const [selection, setSelection] = useState<{ of: typeof users; ids: Set<string> }>({
    of: undefined,
    ids: NOTHING_SELECTED,
  });
  const selected = selection.of === users ? selection.ids : NOTHING_SELECTED;
  const setSelected = useCallback((ids: Set<string>) => setSelection({ of: users, ids }), [users]);

  const setParams = useCallback(
    (next: UserListParams, options: { replace: boolean }) => navigate(path + writeListParams(next), options),
    [path],
  );
  const providers = project.config.oauthProviders.map((provider) => provider.id);
  const searching = Boolean(params.q.trim()) || hasFilters(params);

  return (
    <>
      <PageHeader
        title="Users"
        description={`${project.userCount.toLocaleString()} ${project.userCount === 1 ? 'user' : 'users'} in ${project.displayName}.`}
        actions={
          !creating && (
            <Button id={CREATE_BUTTON_ID} onClick={() => setCreating(true)}>
              Create user
            </Button>
          )
        }
      />
      {creating && (
        <Section title="Create a user">
          <CreateUserForm
            app={app}
            onCancel={() => {
              setCreating(false);
              focusCreateButton();
            }}
            onCreated={(user) => {
              setCreating(false);
              focusCreateButton();
              toast(`Created ${user.primaryEmail ?? 'the user'}`);
              page.reload();
              // The user count in the header comes with the project.
              void reloadProject().catch(() => {});
            }}
          />
        </Section>
      )}
      <ListToolbar params={params} providers={providers} onChange={setParams} />
      {users && users.length > 0 && (
        <BulkDelete
          app={app}
          users={users.filter((user) => selected.has(user.id))}
          onDone={() => {
            setSelected(new Set());
            page.reload();
            void reloadProject().catch(() => {});
          }}
        />
      )}
      <LoadStatus of={page} loading="Loading users" what="The users" />
      {users && users.length === 0 && (
        <EmptyState title={searching ? 'No user matches' : hasPrevious ? 'No more users' : 'No users yet'}>
          {searching
            ? 'Try another search or clear the filters.'
            : 'Users appear here when they sign up, or create one with “Create user”.'}
        </EmptyState>
      )}
      {users && users.length > 0 && (
        <UsersTable projectId={projectId} users={users} selected={selected} onSelectedChange={setSelected} />
      )}
      {(hasPrevious || hasNext) && (
        <nav className="console-users-pager" aria-label="Pages of users">
          <Button variant="secondary" disabled={!hasPrevious} onClick={previous}>
            Previous
          </Button>
          <span className="console-muted">Page {pageNumber}</span>
          <Button variant="secondary" disabled={!hasNext || page.status !== 'ready'} onClick={next}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
