/// <reference types="node" />
/** Opens a URL in the user's browser with the platform's opener, as a command-line tool does. */
import { spawn } from 'node:child_process';

/**
 * The opener and its arguments for `platform`. Never through a shell: a URL's `&` would end the
 * command there. On Windows `start` is a shell built-in, so the URL handler is called directly.
 */
export function openerFor(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/**
 * Tries to open `url` in a browser and never fails: without a desktop (SSH, a container) there is
 * no opener, and the user opens the printed link by hand instead.
 */
export function openInBrowser(url: string): void {
  const [command, args] = openerFor(process.platform, url);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener: the link was printed.
  }
}
