// Minimal-handler ceilings: the SQL an endpoint runs, rows returned raw (no Fastify plugins, no zod
// validation or serialisation, no access hook, no logging). Same database as the API run (started after
// the API has stopped: PGlite allows one process per data directory; PostgreSQL the same way for symmetry).
// Usage: node bench/raw-server.mjs <port>   env: DATABASE_URL or DATA_DIR, JWT_SECRET, RAW_SQL_FILE
//
// GET /raw/me        : the two queries of GET /api/auth/me.
// GET /raw/<list>    : for each list in RAW_SQL_FILE (written by bench/capture-sql.ts from the real
//                      services), JWT verify + the access hook's user lookup (the API does both for a
//                      signed-in student) + the list's captured statements, in order, with their captured
//                      parameters; the answer is the rows of every statement as JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

const port = Number(process.argv[2] ?? 3152);
const key = new TextEncoder().encode(process.env.JWT_SECRET ?? '');

let query;
let close;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  // The API's pool size (apps/api/src/db/client.ts).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async (text, params) => (await pool.query(text, params)).rows;
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(process.env.DATA_DIR ?? './data', 'db'), { extensions: { btree_gist, pg_trgm } });
  query = async (text, params) => (await db.query(text, params)).rows;
  close = () => db.close();
}

// The access hook's user lookup, then the profile with both joins (GET /api/auth/me).
const ACTOR_SQL =
  'SELECT id, role, email, first_name, last_name, is_active, token_version, is_temporary_password FROM users WHERE id = $1';
const PROFILE_SQL = `SELECT u.*, s.*, p.* FROM users u
  LEFT JOIN student_profiles s ON s.user_id = u.id
  LEFT JOIN professional_profiles p ON p.user_id = u.id WHERE u.id = $1`;

async function actorOf(request, reply) {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) {
    reply.status(401).send({ success: false });
    return undefined;
  }
  const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
  const [actor] = await query(ACTOR_SQL, [payload.sub]);
  if (!actor) reply.status(401).send({ success: false });
  return actor;
}

const app = Fastify({ logger: false });
app.get('/raw/me', async (request, reply) => {
  const actor = await actorOf(request, reply);
  if (!actor) return reply;
  const rows = await query(PROFILE_SQL, [actor.id]);
  return { success: true, data: rows[0] };
});

const captured = process.env.RAW_SQL_FILE ? JSON.parse(readFileSync(process.env.RAW_SQL_FILE, 'utf8')) : {};
// Student lists and admin lists (the admin's token: the same access lookup by id).
const lists = [...(captured.lists ?? []), ...(captured.adminLists ?? [])];
for (const list of lists) {
  app.get(`/raw/${list.key}`, async (request, reply) => {
    const actor = await actorOf(request, reply);
    if (!actor) return reply;
    const data = [];
    for (const s of list.statements) data.push(await query(s.sql, s.params));
    return { success: true, data };
  });
}

await app.listen({ host: '127.0.0.1', port });
process.send?.({ ready: true, port });
const stop = () =>
  app
    .close()
    .then(close)
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
