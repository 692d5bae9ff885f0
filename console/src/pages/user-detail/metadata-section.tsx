/**
 * The user's three metadata fields as JSON editors: client (the user reads and writes it), client
 * read-only (the user reads it) and server (only the server reads it). The editor is loaded with
 * this section, not with the console.
 */
import { lazy, Suspense } from 'react';
import type { ServerUserUpdate } from 'signet/plugins/server-users';
import { LoadingRows, Section } from '../../shell/states.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import type { UserSectionProps } from './user-context.js';

const JsonEditor = lazy(() =>
  import('../../components/json-editor/index.js').then((module) => ({ default: module.JsonEditor })),
);

const FIELDS = [
  {
    key: 'clientMetadata',
    label: 'Client metadata',
    description: 'The user can read and change it from the app.',
  },
  {
    key: 'clientReadOnlyMetadata',
    label: 'Client read-only metadata',
    description: 'The user can read it; only the server changes it.',
  },
  {
    key: 'serverMetadata',
    label: 'Server metadata',
    description: 'Only the server reads and changes it.',
  },
] as const satisfies ReadonlyArray<{ key: keyof ServerUserUpdate; label: string; description: string }>;

/** The metadata section. */
export function MetadataSection({ app, user, onUser }: UserSectionProps) {
  const toast = useToast();
  return (
    <Section title="Metadata">
      <Suspense fallback={<LoadingRows label="Loading the editors" rows={3} />}>
        {FIELDS.map((field) => (
          <JsonEditor
            key={field.key}
            label={field.label}
            description={field.description}
            value={user[field.key]}
            onSave={async (value) => {
              try {
                const result = await app.serverUsers.update(user.id, { [field.key]: value });
                if (result.status === 'error') return result.error.message;
                onUser(result.data);
                toast(`${field.label} saved`);
                return null;
              } catch (error) {
                return messageOf(error);
              }
            }}
          />
        ))}
      </Suspense>
    </Section>
  );
}
