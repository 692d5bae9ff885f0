/** Sender names as mail headers need them, and addresses as Inbucket's API shows them. */
import { describe, expect, it } from 'vitest';
import { inbucketAddress } from '../../server/src/email/mailbox-app.js';
import { mailbox } from '../../server/src/email/send-email.js';

describe('mail addresses', () => {
  it('puts a plain name before the address and quotes one with specials', () => {
    expect(mailbox('Acme', 'noreply@acme.test')).toBe('Acme <noreply@acme.test>');
    expect(mailbox('Stack Dashboard', 'noreply@example.com')).toBe('Stack Dashboard <noreply@example.com>');
    expect(mailbox('Acme, Inc.', 'noreply@acme.test')).toBe('"Acme, Inc." <noreply@acme.test>');
    expect(mailbox('Say "hi"', 'a@b.test')).toBe('"Say \\"hi\\"" <a@b.test>');
    expect(mailbox('', 'a@b.test')).toBe('a@b.test');
  });

  it('shows addresses as Inbucket does: the name always quoted, a bare address in angle brackets', () => {
    expect(inbucketAddress('Acme <noreply@acme.test>')).toBe('"Acme" <noreply@acme.test>');
    expect(inbucketAddress('"Acme, Inc." <noreply@acme.test>')).toBe('"Acme, Inc." <noreply@acme.test>');
    expect(inbucketAddress('ada@example.com')).toBe('<ada@example.com>');
    expect(inbucketAddress('<ada@example.com>')).toBe('<ada@example.com>');
  });
});
