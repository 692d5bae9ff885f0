/** The SMTP connection settings a project's email config turns into. */
import { describe, expect, it } from 'vitest';
import { smtpTransportOptions } from '../../server/src/email/send-email.js';

const config = (host: string, port = 587) => ({
  type: 'standard' as const,
  host,
  port,
  username: 'mailer',
  password: 'secret',
  sender_name: 'App',
  sender_email: 'noreply@example.com',
});

describe('SMTP transport options', () => {
  it('checks the certificate of any server that is not this machine', () => {
    for (const host of ['smtp.example.com', '10.0.0.5', 'localhost.example.com']) {
      expect(smtpTransportOptions(config(host)).tls.rejectUnauthorized, host).toBe(true);
    }
  });

  it('accepts a self-signed certificate from a development server on this machine', () => {
    for (const host of ['localhost', 'mail.localhost', '127.0.0.1', '::1', '[::1]']) {
      expect(smtpTransportOptions(config(host)).tls.rejectUnauthorized, host).toBe(false);
    }
  });

  it('uses implicit TLS on 465 only, and logs in when a username is set', () => {
    expect(smtpTransportOptions(config('smtp.example.com', 465)).secure).toBe(true);
    expect(smtpTransportOptions(config('smtp.example.com', 587)).secure).toBe(false);
    expect(smtpTransportOptions(config('smtp.example.com')).auth).toEqual({ user: 'mailer', pass: 'secret' });
    expect(smtpTransportOptions({ ...config('smtp.example.com'), username: '' }).auth).toBeUndefined();
  });
});
