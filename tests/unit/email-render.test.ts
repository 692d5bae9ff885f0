import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../../server/src/email/default-templates.js';
import { renderEmail } from '../../server/src/email/render.js';

describe('email rendering', () => {
  it('puts the sign-in code on a line of its own and the link in both parts', () => {
    const t = DEFAULT_TEMPLATES.magic_link;
    const email = renderEmail(t.subject, t.content, {
      projectDisplayName: 'Acme',
      otp: 'AB12CD',
      magicLink: 'http://localhost:5173/handler/magic-link-callback?code=abc',
    });
    expect(email.subject).toBe('Sign in to Acme: Your code is AB12CD');
    expect(email.text.split('\n')).toContain('AB12CD');
    expect(email.text).toContain('http://localhost:5173/handler/magic-link-callback?code=abc');
    expect(email.html).toContain('href="http://localhost:5173/handler/magic-link-callback?code=abc"');
  });

  it('escapes values in the HTML part and keeps subjects on one line', () => {
    const email = renderEmail(
      'Hi {{ name }}\r\nBcc: x',
      {
        root: { type: 'EmailLayout', data: { childrenIds: ['t'] } },
        t: { type: 'Text', data: { props: { text: 'Hello {{ name }}' } } },
      },
      {
        name: '<script>alert(1)</script>',
      },
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&#60;script&#62;');
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('survives documents with loops and unknown blocks', () => {
    const email = renderEmail(
      's',
      { root: { type: 'EmailLayout', data: { childrenIds: ['root', 'x'] } }, x: { type: 'Mystery' } },
      {},
    );
    expect(email.html).toContain('<body>');
  });
});
