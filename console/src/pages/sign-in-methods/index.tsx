/**
 * Sign-in methods: password, email codes, passkeys, sign-up, the OAuth providers with their keys
 * and callback URLs, what a same-email OAuth sign-in does, and account deletion by users.
 */
import { PageHeader } from '../../shell/states.js';
import { MergeSection } from './merge-section.js';
import { MethodsSection, SignUpSection, UserDeletionSection } from './methods-section.js';
import { ProvidersSection } from './providers-section.js';
import './sign-in-methods.css';

/** The sign-in methods page. */
export default function SignInMethodsPage() {
  return (
    <>
      <PageHeader
        title="Sign-in methods"
        description="How people sign up and sign in to your app. Changes apply at once."
      />
      <MethodsSection />
      <SignUpSection />
      <ProvidersSection />
      <MergeSection />
      <UserDeletionSection />
    </>
  );
}
