/**
 * A test page, not part of the example: the sign-in page of an app whose screens fill the
 * second-factor slot with a screen of its own, so the e2e tests can see the slot hand the pending
 * attempt to any screen, not only the totp plugin's. Served by the dev server at /test-pages/second-factor.html;
 * `vite build` builds only index.html, so it never ships.
 */
import 'signet/react/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from 'signet';
import { password } from 'signet/plugins/password';
import { passwordScreens } from 'signet/plugins/password/screens';
import {
  AuthPage,
  Button,
  defineScreens,
  FullPage,
  MessageCard,
  type SecondFactorProps,
  SignetProvider,
  useApp,
} from 'signet/react';

/** What a second-factor plugin's screen would be given: the pending attempt. */
function TestSecondFactor({ attempt }: SecondFactorProps) {
  const app = useApp();
  return (
    <MessageCard title="Test second factor">
      <p data-testid="attempt">
        A {attempt.method} sign-in waits for its second factor (attempt code of {attempt.attemptCode.length}{' '}
        characters, {attempt.isNewUser ? 'new' : 'existing'} account).
      </p>
      <Button variant="secondary" onClick={() => app.cancelPendingSignIn()}>
        Cancel
      </Button>
    </MessageCard>
  );
}

const env = import.meta.env;
if (!env.VITE_SIGNET_PROJECT_ID || !env.VITE_SIGNET_API_URL) throw new Error('Start it with npm start.');
const app = createApp({
  projectId: env.VITE_SIGNET_PROJECT_ID,
  publishableClientKey: env.VITE_SIGNET_PUBLISHABLE_CLIENT_KEY,
  baseUrl: env.VITE_SIGNET_API_URL,
  plugins: [password()],
  redirectMethod: 'none',
});
const screens = [
  passwordScreens(),
  defineScreens({ id: 'test-second-factor', secondFactor: { Component: TestSecondFactor } }),
];

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SignetProvider app={app} screens={screens}>
      <FullPage>
        <AuthPage type="sign-in" />
      </FullPage>
    </SignetProvider>
  </StrictMode>,
);
