/** `POST /check-feature-support` (wire.md §4.11): what the SDK calls for a feature a server lacks. */

import { defineRoute } from '../http/route.js';

/** Answers, in plain text, that the named feature is not supported. */
export const checkFeatureSupportRoute = defineRoute({
  method: 'POST',
  path: '/check-feature-support',
  summary: 'Says, in text, that a feature is not supported',
  response: 'text',
  access: 'optional',
  // Writes nothing.
  writes: 'none',
  async handler({ rawBody, text }) {
    const name = (rawBody as { feature_name?: unknown } | undefined)?.feature_name;
    const feature = typeof name === 'string' && name.length > 0 ? name : 'This feature';
    return text(`${feature} is not yet supported. Please reach out to Stack support for more information.`);
  },
});
