/**
 * What the console needs to know before it starts: the internal project's id and publishable
 * client key. The server that serves the console answers them at `/console/config.json`, so one
 * build works on any server.
 */

/** The console's start-up facts. */
export interface ConsoleConfig {
  projectId: string;
  publishableClientKey?: string;
}

/** Reads `/console/config.json`; throws in words when the server does not answer it. */
export async function loadConfig(): Promise<ConsoleConfig> {
  const response = await fetch('/console/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`The server did not give the console its settings (HTTP ${response.status}).`);
  const json = (await response.json()) as Partial<ConsoleConfig>;
  if (typeof json.projectId !== 'string') throw new Error('The console settings have no project id.');
  return { projectId: json.projectId, publishableClientKey: json.publishableClientKey };
}
