/**
 * A provider's icon, fetched on first render from its own module (so only enabled providers' icons
 * are downloaded). Drawn in the button's text colour; an unknown provider has none.
 */
import { useEffect, useState } from 'react';
import { providerLook } from './providers.js';

/** The icon of `provider`, or nothing for a provider the kit does not know. */
export function ProviderIcon({ provider }: { provider: string }) {
  const look = providerLook(provider);
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    if (!look) return;
    let live = true;
    look
      .icon()
      .then((icon) => {
        if (live) setPath(icon.path);
      })
      .catch(() => {
        // A chunk that fails to load leaves the button with its name only.
      });
    return () => {
      live = false;
    };
  }, [look]);
  if (!look) return null;
  // The box is there from the first render, so the label does not move when the path arrives.
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      data-provider-icon={provider}
    >
      {path && <path d={path} fill="currentColor" />}
    </svg>
  );
}
