/**
 * Saving a change to the project config from any settings page: the update call, the saved config
 * shared with every page (`setProject`), a toast, and the refusal in words for the form to show.
 */
import { useCallback, useState } from 'react';
import type { AdminProjectUpdate } from 'signet/plugins/admin-project';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';

/** What `useProjectUpdate` gives: `save` and whether a save is under way. */
export interface ProjectUpdater {
  /**
   * Saves `change`; on success shares the saved config and shows `success` as a toast. Resolves to
   * the server's refusal in words, or null when saved. Never rejects.
   */
  save(change: AdminProjectUpdate, success: string): Promise<string | null>;
  saving: boolean;
}

/** Saves changes to the current project. */
export function useProjectUpdate(): ProjectUpdater {
  const { app, project, setProject } = useProjectAdmin();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (change: AdminProjectUpdate, success: string) => {
      setSaving(true);
      try {
        // The server stores "" as the description when a PATCH leaves it out (wire.md §4.11), so
        // every change carries the current one unless it changes it.
        const result = await app.adminProject.update({ description: project.description, ...change });
        if (result.status === 'error') return result.error.message;
        setProject(result.data);
        toast(success);
        return null;
      } catch (error) {
        return messageOf(error);
      } finally {
        setSaving(false);
      }
    },
    [app, project.description, setProject, toast],
  );
  return { save, saving };
}
