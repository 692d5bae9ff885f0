/** The adapter renders on a server: no browser globals, no requests, loading state until the client takes over. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../core/app.js';
import { passkey } from '../../plugins/passkey/index.js';
import { PasskeySignInButton } from '../../plugins/passkey/screens.js';
import { password } from '../../plugins/password/index.js';
import { passwordScreens } from '../../plugins/password/screens.js';
import {
  FullPage,
  SignetHandler,
  SignetProvider,
  useProject,
  useSessionStatus,
  useUser,
} from '../../react/index.js';

function makeApp() {
  const fetch = vi.fn(async () => {
    throw new Error('no request may happen during a server render');
  });
  const app = createApp({
    projectId: 'p',
    publishableClientKey: 'pck_x',
    baseUrl: 'http://api.invalid',
    tokenStore: 'memory',
    plugins: [password()],
    fetch,
  });
  return { app, fetch };
}

const screens = [passwordScreens()];

/** Prints what the hooks return. */
function Probe() {
  const user = useUser({ or: 'throw' });
  return <p>{`${useSessionStatus()}|${user === null}|${useProject() === null}`}</p>;
}

describe('server rendering', () => {
  it('runs without window or document', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the sign-in page as a skeleton and makes no request', () => {
    const { app, fetch } = makeApp();
    const html = renderToString(
      <SignetProvider app={app} screens={screens}>
        <SignetHandler path="/handler/sign-in" />
      </SignetProvider>,
    );
    expect(html).toContain('signet-page');
    expect(html).toContain('signet-skeleton');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives hooks their loading values', () => {
    const { app } = makeApp();
    const html = renderToString(
      <SignetProvider app={app}>
        <Probe />
      </SignetProvider>,
    );
    expect(html).toContain('loading|true|true');
  });

  it('renders the error page from the query as text, and a not-found card for unknown routes', () => {
    const { app } = makeApp();
    const render = (path: string, search?: string) =>
      renderToString(
        <SignetProvider app={app} screens={screens}>
          <SignetHandler path={path} search={search} />
        </SignetProvider>,
      );
    const error = render('/handler/error', '?errorCode=SOME_CODE&message=%3Cb%3Ebad%3C%2Fb%3E');
    expect(error).toContain('SOME_CODE');
    expect(error).toContain('&lt;b&gt;bad&lt;/b&gt;');
    expect(render('/handler/error')).toContain('An unknown error occurred');
    expect(render('/handler/nope')).toContain('Page not found');
    expect(render('/elsewhere')).toContain('Page not found');
  });

  it('renders a skeleton when it must read the location itself', () => {
    const { app } = makeApp();
    const html = renderToString(
      <SignetProvider app={app}>
        <SignetHandler />
      </SignetProvider>,
    );
    expect(html).toContain('signet-skeleton');
  });
});

describe('FullPage', () => {
  it('does not nest the container when a page wraps itself', () => {
    const html = renderToString(
      <FullPage>
        <FullPage>
          <p>inner</p>
        </FullPage>
      </FullPage>,
    );
    expect(html.match(/signet-page/g)).toHaveLength(1);
  });
});

describe('the passkey button', () => {
  it('leaves the passkey button out of the server’s HTML, so hydration matches whatever the browser supports', () => {
    const isSupported = vi.fn(() => true);
    const app = createApp({
      projectId: 'p',
      publishableClientKey: 'pck_x',
      baseUrl: 'http://api.invalid',
      tokenStore: 'memory',
      plugins: [passkey({ webauthn: { isSupported, create: vi.fn(), get: vi.fn() } })],
    });
    const html = renderToString(
      <SignetProvider app={app}>
        <PasskeySignInButton />
      </SignetProvider>,
    );
    expect(html).not.toContain('Sign in with Passkey');
    expect(isSupported).not.toHaveBeenCalled();
  });
});
