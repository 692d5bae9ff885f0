/**
 * The shared email config's sender address comes from STACK_EMAIL_SENDER (the `sharedEmailSender`
 * option), as on a Stack backend; the project's name is the sender's name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../support/outbox.js';
import { raw, signUp } from '../support/raw-api.js';
import { backends, type RunningServer } from '../support/server.js';

describe.each(backends())('the shared sender on $name', (backend) => {
  let running: RunningServer;
  let mailbox: string;
  beforeAll(async () => {
    running = await backend.create({ sharedEmailSender: 'noreply@example.com' });
    mailbox = (await running.server.listenMailbox(0)).url;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('sends shared-config mail from the configured address under the project name', async () => {
    const dev = running.server.seeded.dev;
    const user = await signUp(running.url, dev);
    const [message] = await readMailbox(mailbox, user.email);
    const name = (await raw(running.url, '/projects/current', { keys: dev })).json.display_name;
    // As Inbucket shows a sender: the name quoted.
    expect(message?.from).toBe(`"${name}" <noreply@example.com>`);
  });
});
