/** The handler's error page: shows an error passed in the query, else the unknown-error card. */
import { useApp } from './hooks.js';
import { MessageCard } from './message-card.js';
import { UnknownErrorCard } from './message-cards.js';

/** Longest message shown; the query is attacker-controlled, so keep it from filling the page. */
const MAX_MESSAGE_LENGTH = 300;

/** Shows `errorCode` and `message` from the query (as plain text), or a generic card. */
export function ErrorPage({ searchParams }: { searchParams: URLSearchParams }) {
  const { urls } = useApp();
  const code = searchParams.get('errorCode');
  const message = searchParams.get('message');
  if (!code && !message) return <UnknownErrorCard />;
  return (
    <MessageCard title="An error occurred" primary={{ label: 'Go home', href: urls.home }}>
      {message && <p>{message.slice(0, MAX_MESSAGE_LENGTH)}</p>}
      {code && (
        <p className="signet-error-code">
          Error code: <code>{code.slice(0, 100)}</code>
        </p>
      )}
    </MessageCard>
  );
}
