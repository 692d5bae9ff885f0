/** `GET /api/v1`: a text welcome that also says how the request was authenticated. */
import { defineRoute } from '../http/route.js';

/** The API root. */
export const welcomeRoute = defineRoute({
  method: 'GET',
  path: '',
  summary: "The API's welcome text, and how the request was authenticated",
  response: 'text',
  access: 'optional',
  // Nothing to wait for: answered in the turn the request arrived (see http/maybe-promise).
  handler({ auth, text }) {
    if (!auth) return text(ANONYMOUS);
    const type = auth.type[0]!.toUpperCase() + auth.type.slice(1);
    const user = auth.user
      ? (auth.user.channels.find((c) => c.isPrimary)?.value ?? auth.user.row.id)
      : 'None';
    // The reference indents the details under the access type by two spaces.
    return text(`${WELCOME}\n\nAuthentication: ${type}\n  Project: ${auth.project.id}\n  User: ${user}`);
  },
});

const WELCOME =
  'Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.';

/** The whole answer to an anonymous request, the same every time. */
const ANONYMOUS = `${WELCOME}\n\nAuthentication: None`;
