/**
 * `/handler/account-settings` (product-spec §2): one page made of the sections in the
 * account-sections slot — the core's own (profile, delete account) and whatever the app's plugins
 * contribute (emails, password, sessions, ...), ordered by `order` and shown by `when`. The page
 * knows none of them. Signed out, it offers sign-in.
 */
import { useProject, useSessionStatus, useSignetContext, useUser } from '../hooks.js';
import { SignedOutCard, UnknownErrorCard } from '../message-cards.js';
import { slotEntries } from '../screens.js';
import { Skeleton } from '../ui/skeleton.js';
import { CORE_ACCOUNT_SCREENS } from './core-sections.js';

/** The account-settings page. */
export function AccountSettingsPage() {
  const { screens, loadError } = useSignetContext();
  const project = useProject();
  const status = useSessionStatus();
  const user = useUser();
  if (!project || status === 'loading') return loadError ? <UnknownErrorCard /> : <Skeleton />;
  if (!user) return <SignedOutCard />;
  const sections = slotEntries([CORE_ACCOUNT_SCREENS, ...screens], (s) => s.accountSections, {
    project,
    user,
    kind: null,
  });
  return (
    <div className="signet-account">
      <header className="signet-account-header">
        <h1 className="signet-account-title">Account settings</h1>
        <nav className="signet-account-nav" aria-label="Account settings sections">
          {sections.map((section) => (
            <a key={section.id} className="signet-account-nav-link" href={`#${section.id}`}>
              {section.title}
            </a>
          ))}
        </nav>
      </header>
      <div className="signet-account-sections">
        {sections.map(({ id, title, description, Component }) => (
          <section key={id} id={id} className="signet-account-section" aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`} className="signet-account-section-title">
              {title}
            </h2>
            {description && <p className="signet-account-section-description">{description}</p>}
            <Component user={user} />
          </section>
        ))}
      </div>
    </div>
  );
}
