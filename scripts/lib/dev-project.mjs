/**
 * The development project `npm start` seeds into the server: an id and keys generated on first
 * run and kept in a gitignored file, so the app and the server agree across restarts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Crockford base32, lowercase: no i, l, o, u, so keys read back without ambiguity. */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
const KEY_BODY_LENGTH = 45;
const KEY_PATTERN = (prefix) => new RegExp(`^${prefix}_[${CROCKFORD}]{${KEY_BODY_LENGTH}}$`);

/**
 * A key like `pck_` + 45 random Crockford characters. 256 is a multiple of 32, so taking each
 * byte modulo 32 keeps every character equally likely.
 * @param {'pck' | 'ssk' | 'sak'} prefix
 */
export function generateKey(prefix) {
  const bytes = randomBytes(KEY_BODY_LENGTH);
  let body = '';
  for (const byte of bytes) body += CROCKFORD[byte % 32];
  return `${prefix}_${body}`;
}

/**
 * @typedef {{ projectId: string, publishableClientKey: string, secretServerKey: string, superSecretAdminKey: string }} DevProject
 */

/** @returns {DevProject} */
export function generateDevProject() {
  return {
    projectId: randomUUID(),
    publishableClientKey: generateKey('pck'),
    secretServerKey: generateKey('ssk'),
    superSecretAdminKey: generateKey('sak'),
  };
}

/** @param {unknown} value @returns {value is DevProject} */
function isDevProject(value) {
  if (!value || typeof value !== 'object') return false;
  const v = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof v.projectId === 'string' &&
    /^[0-9a-f-]{36}$/.test(v.projectId) &&
    typeof v.publishableClientKey === 'string' &&
    KEY_PATTERN('pck').test(v.publishableClientKey) &&
    typeof v.secretServerKey === 'string' &&
    KEY_PATTERN('ssk').test(v.secretServerKey) &&
    typeof v.superSecretAdminKey === 'string' &&
    KEY_PATTERN('sak').test(v.superSecretAdminKey)
  );
}

/**
 * Reads the project from `file`, or generates one and saves it (readable by the owner only: it
 * holds the admin key).
 * @param {string} file
 * @returns {Promise<{ project: DevProject, created: boolean }>}
 */
export async function loadOrCreateDevProject(file) {
  let text = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  if (text !== null) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!isDevProject(parsed)) {
      throw new Error(`${file} is not a valid development project; delete it to generate a new one.`);
    }
    return { project: parsed, created: false };
  }
  const project = generateDevProject();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(project, null, 2)}\n`, { mode: 0o600 });
  return { project, created: true };
}

/**
 * The environment the server reads to seed the project (allowing localhost, with password
 * sign-in and sign-up on).
 * @param {DevProject} project
 */
export function serverSeedEnv(project) {
  return {
    SIGNET_SEED_DEV_PROJECT_ID: project.projectId,
    SIGNET_SEED_DEV_PROJECT_PUBLISHABLE_CLIENT_KEY: project.publishableClientKey,
    SIGNET_SEED_DEV_PROJECT_SECRET_SERVER_KEY: project.secretServerKey,
    SIGNET_SEED_DEV_PROJECT_SUPER_SECRET_ADMIN_KEY: project.superSecretAdminKey,
    // The first account made in the console owns the development project.
    SIGNET_SEED_DEV_PROJECT_OWNER: 'first-sign-up',
  };
}

/**
 * The environment the example app reads through Vite. Only public values: Vite inlines them into
 * the browser bundle.
 * @param {DevProject} project
 * @param {string} apiUrl
 */
export function appEnv(project, apiUrl) {
  return {
    VITE_SIGNET_PROJECT_ID: project.projectId,
    VITE_SIGNET_PUBLISHABLE_CLIENT_KEY: project.publishableClientKey,
    VITE_SIGNET_API_URL: apiUrl,
  };
}
