/**
 * The provider buttons of the sign-in and sign-up pages (product-spec §2): one per provider the
 * project enables, 'Sign in with GitHub' or 'Sign up with GitHub', in the provider's colours with
 * a hover shade 10 lightness points away, a 'last' badge on the provider last chosen here. A click
 * records the provider and leaves for it; the spinner stays while the browser goes.
 */
import { useState } from 'react';
import {
  type AuthKind,
  Button,
  type ButtonBrand,
  Column,
  FieldError,
  useAuthSubmit,
  usePluginApi,
  useProject,
  useSignalValue,
} from '../../react/index.js';
import { hoverShade } from './hover-shade.js';
import { oauth } from './index.js';
import { ProviderIcon } from './provider-icon.js';
import { providerLook, providerName } from './providers.js';

/** A known provider's colours for its button, the hover shade computed; none for an unknown one. */
function brand(provider: string): ButtonBrand | undefined {
  const look = providerLook(provider);
  if (!look) return undefined;
  return {
    background: look.background,
    foreground: look.foreground,
    hover: hoverShade(look.background),
    bordered: look.bordered,
  };
}

/** One provider's button. */
export function OAuthButton({ provider, kind }: { provider: string; kind: AuthKind }) {
  const api = usePluginApi(oauth);
  const lastUsed = useSignalValue(api.lastUsed, null);
  const [message, setMessage] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { pending, submit } = useAuthSubmit(async () => {
    setMessage(null);
    try {
      await api.signIn(provider);
      // The browser is on its way to the provider: keep the spinner until the page goes.
      setLeaving(true);
    } catch (error) {
      setMessage(`Could not start signing in with ${providerName(provider)}: ${(error as Error).message}`);
    }
  });
  return (
    <Column>
      <Button
        variant="secondary"
        brand={brand(provider)}
        badge={lastUsed === provider && 'last'}
        data-provider={provider}
        loading={pending || leaving}
        onClick={() => void submit()}
      >
        {!(pending || leaving) && <ProviderIcon provider={provider} />}
        <span>
          {kind === 'sign-up' ? 'Sign up' : 'Sign in'} with {providerName(provider)}
        </span>
      </Button>
      <FieldError>{message}</FieldError>
    </Column>
  );
}

/** Every enabled provider's button, in the project's order. */
export function OAuthButtons({ kind }: { kind: AuthKind }) {
  const providers = useProject()?.config.oauthProviders ?? [];
  return (
    <Column>
      {providers.map((provider) => (
        <OAuthButton key={provider} provider={provider} kind={kind} />
      ))}
    </Column>
  );
}
