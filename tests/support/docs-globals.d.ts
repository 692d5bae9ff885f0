/**
 * What the code blocks of the README and docs/ take as given (a block is a fragment of an app, not
 * a whole program): the app of "Embed it in your app" (README.md, docs/kit/react.md), the plugin
 * of docs/writing-a-plugin.md and the form values the fragments use.
 */
import type { PluginFactory, Result, SignetApp, SignetPlugin } from '../../core/index.js';
import type { contactChannels } from '../../plugins/contact-channels/index.js';
import type { magicLink } from '../../plugins/magic-link/index.js';
import type { password as passwordPlugin } from '../../plugins/password/index.js';

declare global {
  const app: SignetApp<
    [ReturnType<typeof passwordPlugin>, ReturnType<typeof magicLink>, ReturnType<typeof contactChannels>]
  >;
  /** The plugin factory of docs/writing-a-plugin.md, for the screens block after it. */
  const greeting: PluginFactory<
    'greeting',
    [],
    SignetPlugin<
      'greeting',
      { hello(): Promise<Result<{ text: string }, 'GREETING_REFUSED'>> },
      'GREETING_REFUSED',
      'greetingPage'
    >
  >;
  const email: string;
  const password: string;
}
