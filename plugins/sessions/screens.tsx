/**
 * The sessions plugin's screens: the 'Active sessions' section of account settings — every
 * session of the user with this one marked, when each began and was last used, and revoking one or
 * all the others. `<SignetProvider screens={[sessionsScreens()]}>`.
 */

import { useCallback, useEffect, useState } from 'react';
import {
  Actions,
  Badge,
  Button,
  ConfirmButton,
  FieldError,
  Item,
  ItemList,
  Note,
  type ScreenContribution,
  Spinner,
  Stack,
  usePluginApi,
} from '../../react/index.js';
import { type ActiveSession, sessions } from './index.js';

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The user's sessions, revocable. */
export function ActiveSessionsSection() {
  const api = usePluginApi(sessions);
  const [items, setItems] = useState<ActiveSession[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setItems(await api.list());
      setLoadError(null);
    } catch (failure) {
      setLoadError(`The sessions could not be loaded: ${(failure as Error).message}`);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);
  /** Runs a revocation, says why it failed if it did, and shows the list as it is now. */
  const revoking = async (run: () => Promise<string | null>) => {
    setActionError(null);
    try {
      setActionError(await run());
    } catch (failure) {
      setActionError(`The session could not be revoked: ${(failure as Error).message}`);
    }
    await load();
  };

  if (loadError)
    return (
      <Stack>
        <FieldError>{loadError}</FieldError>
        <Actions>
          <Button variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </Actions>
      </Stack>
    );
  if (!items) return <Spinner />;
  const others = items.filter((s) => !s.isCurrent);
  return (
    <Stack>
      <ItemList label="Active sessions">
        {items.map((session) => (
          <Item
            key={session.id}
            data={session.isCurrent ? { 'data-current': 'true' } : undefined}
            title={
              <>
                {session.isCurrent ? 'This browser' : 'Another browser or device'}
                {session.isCurrent && <Badge>Current</Badge>}
              </>
            }
            actions={
              !session.isCurrent && (
                <ConfirmButton
                  label="Revoke"
                  question="Sign this session out?"
                  confirmLabel="Yes, revoke"
                  onConfirm={() =>
                    revoking(async () => {
                      const result = await api.revoke(session.id);
                      return result.status === 'error' ? result.error.message : null;
                    })
                  }
                />
              )
            }
          >
            <Note>
              Signed in {when(session.createdAt)}
              {session.lastUsedAt !== null && ` · last used ${when(session.lastUsedAt)}`}
            </Note>
          </Item>
        ))}
      </ItemList>
      <FieldError>{actionError}</FieldError>
      {others.length > 0 && (
        <Actions>
          <ConfirmButton
            label="Revoke all other sessions"
            question={`Sign out ${others.length} other session${others.length === 1 ? '' : 's'}?`}
            confirmLabel="Yes, revoke all others"
            onConfirm={() =>
              revoking(async () => {
                await api.revokeOthers();
                return null;
              })
            }
          />
        </Actions>
      )}
    </Stack>
  );
}

/** The sessions plugin's contribution to the screens. */
/* @__NO_SIDE_EFFECTS__ */
export function sessionsScreens(): ScreenContribution {
  return {
    id: 'sessions',
    plugin: sessions,
    accountSections: [
      { id: 'sessions', title: 'Active sessions', order: 40, Component: ActiveSessionsSection },
    ],
  };
}
