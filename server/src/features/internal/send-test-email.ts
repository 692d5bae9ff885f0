/**
 * `POST /internal/send-test-email` for admins (wire.md §4.11): sends one test email through an
 * email config the admin is editing, before it is saved, and says whether it went out. A failure
 * is an answer (`success: false` with a message), never an error status: the caller is asking
 * exactly that question.
 */

import * as v from 'valibot';
import { TestEmailResultSchema } from '../../../../wire/email-admin.js';
import { escapeHtml, type RenderedEmail } from '../../email/render.js';
import { type SmtpFailure, sendEmail } from '../../email/send-email.js';
import { smtpErrorMessage } from '../../email/smtp-error-message.js';
import { defineRoute } from '../../http/route.js';
import { readEmailConfig, standardByDefaultEmailConfigField } from '../email-config-field.js';
import { emailField } from '../fields.js';

/** The wire's limit on the whole send (wire.md §4.11); nodemailer's own timeouts are per step. */
const TEST_EMAIL_TIMEOUT_MS = 10_000;

function testEmail(projectName: string): RenderedEmail {
  const line = `This is a test email from ${projectName}, sent to check its email settings. If you can read it, they work.`;
  return {
    subject: `Test email from ${projectName}`,
    text: `${line}\n`,
    html: `<p>${escapeHtml(line)}</p>`,
  };
}

/** Resolves with `promise`'s value, or with `fallback` once `ms` have passed. */
async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the test email and records it like any other (shared config: the development outbox;
 * standard: SMTP), so `/internal/emails` shows it with its error.
 */
export const sendTestEmailRoute = defineRoute({
  method: 'POST',
  path: '/internal/send-test-email',
  summary: 'Sends a test email through an SMTP config',
  response: TestEmailResultSchema,
  access: ['admin'],
  body: v.strictObject({
    recipient_email: emailField,
    // Stack's SDK sends the SMTP fields without `type`; a `type` as in the project config also works.
    email_config: standardByDefaultEmailConfigField,
  }),
  async handler({ ctx, auth, body, request, json }) {
    const config = readEmailConfig(request, 'body.email_config', body.email_config);
    const sending = sendEmail(ctx.mail, {
      projectId: auth.project.id,
      productionMode: auth.project.isProductionMode,
      config,
      projectDisplayName: auth.project.displayName,
      sharedSender: ctx.sharedEmailSender,
      to: body.recipient_email,
      email: testEmail(auth.project.displayName),
      now: ctx.now(),
    });
    const record = await within(sending, TEST_EMAIL_TIMEOUT_MS, null);
    if (record === null) {
      // The send goes on in the background and is recorded when it ends; only a failed record is news.
      sending.catch((error: Error) => ctx.log(`test email: recording failed: ${error.message}`));
      return json({
        success: false,
        error_message: `Timed out after ${TEST_EMAIL_TIMEOUT_MS / 1000} s. Make sure the email server is running and accepting connections.`,
      });
    }
    // sendEmail records what deliverSmtp resolved with; the shared config never fails.
    const failure = record.error as SmtpFailure | null;
    if (!failure || config.type === 'shared') return json({ success: true });
    return json({ success: false, error_message: smtpErrorMessage(config, failure) });
  },
});
