/**
 * The server's rendering of a template draft, asked again ~300 ms after the admin stops typing:
 * one request per pause rather than one per key, and an answer to an older draft never replaces
 * a newer one.
 */
import { useEffect, useRef, useState } from 'react';
import type { EmailTemplateType, TemplatePreview } from 'signet/plugins/admin-emails';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { messageOf } from '../../shell/use-load.js';

/** How long the draft must stay unchanged before the preview is asked for. */
export const PREVIEW_DELAY_MS = 300;

/** The preview's state: the last rendering (kept while a newer one loads) and any error. */
export interface PreviewState {
  preview: TemplatePreview | null;
  loading: boolean;
  error: string | null;
}

/** Renders `subject` and `content` of `type` on the server, debounced. */
export function useTemplatePreview(
  type: EmailTemplateType,
  subject: string,
  content: Record<string, unknown>,
): PreviewState {
  const { app } = useProjectAdmin();
  const [state, setState] = useState<PreviewState>({ preview: null, loading: true, error: null });
  const ticket = useRef(0);
  const first = useRef(true);

  useEffect(() => {
    const mine = ++ticket.current;
    setState((s) => ({ ...s, loading: true }));
    // The first rendering is asked at once; later ones wait for a pause in typing.
    const delay = first.current ? 0 : PREVIEW_DELAY_MS;
    first.current = false;
    const timer = setTimeout(() => {
      app.emails.previewTemplate(type, { subject, content }).then(
        (preview) => mine === ticket.current && setState({ preview, loading: false, error: null }),
        (error: unknown) =>
          mine === ticket.current && setState((s) => ({ ...s, loading: false, error: messageOf(error) })),
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [app, type, subject, content]);

  return state;
}
