import * as v from 'valibot';
import { HEADER } from '../../../../../../wire/headers.js';
import { knownError } from '../../../../errors.js';
import { defineRoute } from '../../../../http/route.js';
import { issueAccessToken, touchLiveSession } from '../../../../services/sessions.js';
import { emptyBody } from '../../../fields.js';

/** `POST /auth/sessions/current/refresh`: a new access token for `x-stack-refresh-token`. */
export const refreshCurrentRoute = defineRoute({
  method: 'POST',
  path: '/auth/sessions/current/refresh',
  summary: 'A new access token for the session of the refresh token',
  response: v.object({ access_token: v.string() }),
  access: ['client', 'server', 'admin'],
  // A refresh stamps its session's use and its user's activity: the rest of the project's users
  // stay in memory.
  writes: 'user',
  body: emptyBody,
  async handler({ ctx, auth, request, json, wroteUser }) {
    const refreshToken = request.headers.get(HEADER.refreshToken);
    const session = refreshToken ? await touchLiveSession(ctx, auth.project.id, refreshToken) : undefined;
    if (!session) throw knownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    wroteUser(session.userId);
    return json({ access_token: await issueAccessToken(ctx, session) });
  },
});
