/** Resending a message to an endpoint, with a toast either way and the row's button busy meanwhile. */
import { useState } from 'react';
import type { WebhookAttempt } from 'signet/plugins/admin-webhooks';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';

/** `resend(attempt)` sends the attempt's message to the attempt's endpoint again; then `after()`. */
export function useResend(after: () => void) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [resending, setResending] = useState<string | null>(null);
  const resend = async (attempt: WebhookAttempt) => {
    setResending(attempt.id);
    try {
      await app.webhooks.resend(attempt.messageId, attempt.endpointId);
      toast('Message sent again');
      after();
    } catch (error) {
      toast(`The message could not be sent again. ${messageOf(error)}`, 'error');
    } finally {
      setResending(null);
    }
  };
  return { resending, resend };
}
