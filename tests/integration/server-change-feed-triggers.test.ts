/**
 * What the database announces on the change feed (migrations 0005, 0016, 0017 and 0018), on each
 * backend: a session's refresh, revocation and deletion reach every process, its creation does not
 * (no process can keep anything about a session before it exists), a user's deletion names that
 * user alone (its password, removed with it, no longer clears every project), and a new team
 * announces nothing while a changed one still names its project. A marker change after each
 * write shows what that write announced, without waiting out a timeout.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, type SqlSession } from '../../server/src/db/database.js';
import { migrate } from '../../server/src/db/migrate.js';
import { CHANGE_CHANNEL } from '../../server/src/services/auth-cache/change-feed.js';
import { seed } from '../../server/src/services/seed.js';
import { createPostgresDatabase, postgresAvailable } from '../support/server.js';

interface Opened {
  database: DatabaseHandle;
  drop(): Promise<void>;
}

const kinds: Array<{ name: string; open(): Promise<Opened> }> = [
  {
    name: 'pglite',
    async open() {
      return { database: await openDatabase({ kind: 'pglite' }, () => {}), drop: async () => {} };
    },
  },
];
if (postgresAvailable()) {
  kinds.push({
    name: 'postgres',
    async open() {
      const created = await createPostgresDatabase();
      return {
        database: await openDatabase({ kind: 'postgres', url: created.url }, () => {}),
        drop: created.drop,
      };
    },
  });
}

describe.each(kinds)('the change feed on $name', (kind) => {
  let opened: Opened;
  let projectId: string;
  let userId: string;
  /** Every announcement heard, parsed (the triggers' JSON has spaces a string comparison would trip on). */
  const heard: Array<{ p: string; u: string | null }> = [];
  let stopListening: () => Promise<void>;

  /** Runs `work` on a session of its own, released after. */
  async function inSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
    const session = await opened.database.session();
    try {
      return await work(session);
    } finally {
      await session.release();
    }
  }

  /**
   * Runs `sql` (its own transaction), then a marker change; resolves with what came before the
   * marker. The marker is a change to the project (announced as the project alone) or, for a write
   * that may announce just that, to the test's user.
   */
  async function announcedBy(
    sql: string,
    params: unknown[],
    marker: 'project' | 'user' = 'project',
  ): Promise<Array<(typeof heard)[number]>> {
    heard.length = 0;
    await inSession(async (session) => {
      await session.query(sql, params);
      if (marker === 'project') {
        await session.query('UPDATE projects SET display_name = display_name WHERE id = $1', [projectId]);
      } else {
        await session.query('UPDATE users SET display_name = display_name WHERE id = $1', [userId]);
      }
    });
    const markerUser = marker === 'project' ? null : userId;
    const isMarker = (change: (typeof heard)[number]) => change.p === projectId && change.u === markerUser;
    await expect.poll(() => heard.some(isMarker), { timeout: 5000 }).toBe(true);
    return heard.slice(0, heard.findIndex(isMarker));
  }

  beforeAll(async () => {
    opened = await kind.open();
    await inSession(migrate);
    const seeded = await seed(opened.database.db, { now: Date.now });
    projectId = seeded.dev.projectId;
    userId = randomUUID();
    await inSession((session) =>
      session.query('INSERT INTO users (id, project_id, created_at) VALUES ($1, $2, now())', [
        userId,
        projectId,
      ]),
    );
    stopListening = await opened.database.listen(
      CHANGE_CHANNEL,
      (payload) => heard.push(JSON.parse(payload)),
      () => {},
    );
  });

  afterAll(async () => {
    await stopListening?.();
    await opened?.database.close();
    await opened?.drop();
  });

  const sessionId = randomUUID();

  it('a new session announces nothing', async () => {
    const announced = await announcedBy(
      `INSERT INTO refresh_tokens (id, project_id, user_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, now(), now() + interval '1 day')`,
      [sessionId, projectId, userId, `hash-${sessionId}`],
    );
    expect(announced).toEqual([]);
  });

  it("a session's refresh or expiry change announces its user", async () => {
    const announced = await announcedBy(
      "UPDATE refresh_tokens SET expires_at = now() + interval '2 days' WHERE id = $1",
      [sessionId],
    );
    expect(announced).toEqual([{ p: projectId, u: userId }]);
  });

  it("a session's deletion (sign-out, revocation) announces its user", async () => {
    const announced = await announcedBy('DELETE FROM refresh_tokens WHERE id = $1', [sessionId]);
    expect(announced).toEqual([{ p: projectId, u: userId }]);
  });

  it('a change to the user still announces the user', async () => {
    const announced = await announcedBy("UPDATE users SET display_name = 'Renamed' WHERE id = $1", [userId]);
    expect(announced).toEqual([{ p: projectId, u: userId }]);
  });

  it('a new team announces nothing; a change to a team announces its project', async () => {
    const teamId = randomUUID();
    const made = await announcedBy(
      "INSERT INTO teams (id, project_id, display_name, created_at) VALUES ($1, $2, 'Made', now())",
      [teamId, projectId],
      'user',
    );
    expect(made).toEqual([]);
    const renamed = await announcedBy(
      "UPDATE teams SET display_name = 'Renamed' WHERE id = $1",
      [teamId],
      'user',
    );
    expect(renamed).toEqual([{ p: projectId, u: null }]);
    const deleted = await announcedBy('DELETE FROM teams WHERE id = $1', [teamId], 'user');
    expect(deleted).toEqual([{ p: projectId, u: null }]);
  });

  it("a user's deletion announces that user alone, its password too", async () => {
    const doomed = randomUUID();
    // Made through `announcedBy` too, so their own announcements are heard before the checks.
    await announcedBy('INSERT INTO users (id, project_id, created_at) VALUES ($1, $2, now())', [
      doomed,
      projectId,
    ]);
    await announcedBy(
      "INSERT INTO password_credentials (user_id, password_hash, updated_at) VALUES ($1, 'x', now())",
      [doomed],
    );
    // A password changed while its user is there names the user and its project.
    expect(
      await announcedBy("UPDATE password_credentials SET password_hash = 'y' WHERE user_id = $1", [doomed]),
    ).toEqual([{ p: projectId, u: doomed }]);
    const announced = await announcedBy('DELETE FROM users WHERE id = $1', [doomed]);
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.filter((change) => !(change.p === projectId && change.u === doomed))).toEqual([]);
  });
});
