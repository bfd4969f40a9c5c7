// Minimal-handler ceiling: the SQL an endpoint runs, rows returned raw (no Fastify plugins, no zod
// serialisation, no access hook). Same database as the API run (started after the API has stopped,
// on the same PGlite DATA_DIR, or beside it on PostgreSQL).
// Usage: node bench/raw-server.mjs <port>   env: DATABASE_URL or DATA_DIR, JWT_SECRET
import path from 'node:path';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

const port = Number(process.argv[2] ?? 3152);
const key = new TextEncoder().encode(process.env.JWT_SECRET ?? '');

let query;
let close;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
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

// The two queries GET /api/auth/me runs: the access hook's user lookup, then the profile with both joins.
const ACTOR_SQL = 'SELECT id, role, email, first_name, last_name, is_active, token_version, is_temporary_password FROM users WHERE id = $1';
const PROFILE_SQL = `SELECT u.*, s.*, p.* FROM users u
  LEFT JOIN student_profiles s ON s.user_id = u.id
  LEFT JOIN professional_profiles p ON p.user_id = u.id WHERE u.id = $1`;

const app = Fastify({ logger: false });
app.get('/raw/me', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return reply.status(401).send({ success: false });
  const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
  const [actor] = await query(ACTOR_SQL, [payload.sub]);
  if (!actor) return reply.status(401).send({ success: false });
  const rows = await query(PROFILE_SQL, [payload.sub]);
  return { success: true, data: rows[0] };
});
await app.listen({ host: '127.0.0.1', port });
process.send?.({ ready: true, port });
const stop = () => app.close().then(close).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
