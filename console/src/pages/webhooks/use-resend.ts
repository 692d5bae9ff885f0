/** Sending a message to an endpoint, with a toast either way and the sender's button busy meanwhile. */
import { useState } from 'react';
import type { WebhookAttempt } from 'signet/plugins/admin-webhooks';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';

/**
 * `resend(attempt)` sends the attempt's message to the attempt's endpoint again; `sendTo(message,
 * endpoint)` sends a message to any endpoint (one it never reached too); then `after()`. `resending` is
 * the attempt's id, or the message's, while it is being sent.
 */
export function useResend(after: () => void) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [resending, setResending] = useState<string | null>(null);
  const send = async (key: string, messageId: string, endpointId: string, done: string) => {
    setResending(key);
    try {
      await app.webhooks.resend(messageId, endpointId);
      toast(done);
      after();
    } catch (error) {
      toast(`The message could not be sent. ${messageOf(error)}`, 'error');
    } finally {
      setResending(null);
    }
  };
  return {
    resending,
    resend: (attempt: WebhookAttempt) =>
      send(attempt.id, attempt.messageId, attempt.endpointId, 'Message sent again'),
    sendTo: (messageId: string, endpointId: string) => send(messageId, messageId, endpointId, 'Message sent'),
  };
}
