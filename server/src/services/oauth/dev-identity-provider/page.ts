/** The development identity provider's sign-in page: any email and name, allow or deny. */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The forwarded parameters of the authorization request, kept as hidden fields. */
const FORWARDED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

/** The page for provider `name`, the request's parameters, and an error to show, if any. */
export function signInPage(name: string, params: Record<string, string>, error?: string): string {
  const hidden = FORWARDED.filter((key) => params[key] !== undefined)
    .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(params[key]!)}">`)
    .join('\n      ');
  const title = `Sign in to ${escapeHtml(name)} (development)`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f4f5; margin: 0; display: grid; place-items: center; min-height: 100vh; }
    main { background: #fff; border-radius: 12px; padding: 28px; width: min(380px, calc(100vw - 32px)); box-shadow: 0 1px 3px #0002; }
    h1 { font-size: 20px; margin: 0 0 6px; }
    p { color: #52525b; font-size: 14px; margin: 0 0 18px; }
    label { display: block; font-size: 14px; margin: 12px 0 4px; }
    input[type=email], input[type=text] { width: 100%; box-sizing: border-box; padding: 9px 10px; border: 1px solid #d4d4d8; border-radius: 8px; font-size: 15px; }
    .check { display: flex; gap: 8px; align-items: center; margin-top: 14px; }
    .actions { display: flex; flex-direction: row-reverse; gap: 10px; margin-top: 20px; }
    button { flex: 1; padding: 10px; border-radius: 8px; border: 1px solid #18181b; font-size: 15px; cursor: pointer; }
    button[value=allow] { background: #18181b; color: #fff; }
    button[value=deny] { background: #fff; }
    .error { color: #b91c1c; font-size: 14px; margin-top: 8px; }
  </style>
</head>
<body>
  <main>
    <h1>${title}</h1>
    <p>signet's development identity provider stands in for ${escapeHtml(name)} while the project uses shared keys. Any email signs in; nothing is sent.</p>
    <!-- Continue comes first so that Enter allows; the row is reversed to show Deny on the left. -->
    <form method="post">
      ${hidden}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(params.email ?? '')}">
      <label for="name">Name</label>
      <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(params.name ?? '')}">
      <label class="check"><input type="checkbox" name="email_verified" checked> ${escapeHtml(name)} has verified this email</label>
      ${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
      <div class="actions">
        <button type="submit" name="decision" value="allow">Continue</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      </div>
    </form>
  </main>
</body>
</html>`;
}
