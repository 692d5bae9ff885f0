/**
 * Where an emailed team invitation leads: the app's team-invitation page on one of the project's
 * trusted domains (the server refuses any other address). A project without a trusted domain has
 * nowhere to send the invitee, and the page says so instead.
 */

/** A trusted domain as the project config gives it. */
export interface TrustedDomain {
  domain: string;
  handlerPath: string;
}

/** The team-invitation page under `domain`'s handler path, e.g. `https://app.example/handler/team-invitation`. */
export function invitationCallbackUrl({ domain, handlerPath }: TrustedDomain): string {
  const base = domain.replace(/\/+$/, '');
  const handler = `/${handlerPath.replace(/^\/+|\/+$/g, '')}`;
  return `${base}${handler === '/' ? '' : handler}/team-invitation`;
}
