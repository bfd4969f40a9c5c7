// Data at scale for the performance suite (issue 7): a seeded, reproducible generator.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres SCALE=0.1 npx tsx bench/generate.ts
//     [--scale 0.1] [--seed 7] [--db mb_bench_s010] [--keep]
//   npx tsx bench/generate.ts --pglite .tmp/bench/pglite-s0100-v2/db --scale 0.1     (embedded PGlite instead)
//   Default names carry DATA_VERSION (bench/data-version.mjs): mb_bench_s<scale×1000>_v<N>.
//
// Creates a fresh PostgreSQL database (mb_bench_<name>, dropped first if it exists), migrates it with the
// API's own migrations, then fills it with multi-row INSERT … SELECT FROM generate_series (no data
// crosses the wire). At SCALE=1: 20,000 students, 2,000 professionals (3 weekly availability rules each),
// 5,000 workshops / ~100,000 registrations, 200,000 ideas / 1,000,000 likes, 2,000 R&D projects /
// 50,000 applications, 500,000 notifications. Every count is multiplied by SCALE (at least 1).
//
// Reproducible: the values come from setseed(<seed derived from --seed by a JS PRNG>) + random() on one
// session with parallel query off, and the ids are built from the row number; the time axis is anchored
// at BENCH_ANCHOR (default: today, 00:00 UTC) so "upcoming" workshops stay upcoming. Same seed + same
// anchor + same scale = the same rows.
//
// Every account's password is Bench@123. The bench signs in as student1@bench.local, who also gets a
// heavy notification inbox (0.4 % of all notifications, 2,000 at SCALE=1).
// Prints a JSON summary (counts, durations per table) to stdout; the database is left in place for the
// growth runs (bench/growth.mjs drops it with --drop, or: DROP DATABASE mb_bench_… WITH (FORCE)).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { mkdirSync, rmSync } from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/lib/password.ts';
import { mulberry32 } from './bench-lib.ts';
import { DATA_VERSION, benchDatabaseName } from './data-version.mjs';

export { DATA_VERSION };

export const BENCH_PASSWORD = 'Bench@123';

function parseArgs(argv: string[]) {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=');
    const next = argv[i + 1];
    out[k ?? ''] = v ?? (next && !next.startsWith('--') ? (i++, next) : 'true');
  }
  return out;
}

export function countsFor(scale: number) {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    students: Math.max(40, n(20_000)),
    professionals: Math.max(5, n(2_000)),
    workshops: n(5_000),
    ideas: n(200_000),
    projects: n(2_000),
    notifications: n(500_000),
  };
}

/** A 24-hex id: 8 hex of epoch seconds, a 4-hex table tag, 12 hex of the row number (unique per table). */
const idSql = (tag: string, epochExpr: string, nExpr: string) =>
  `(lpad(to_hex((${epochExpr})::bigint), 8, '0') || '${tag}' || lpad(to_hex((${nExpr})::bigint), 12, '0'))`;

/**
 * Topic vocabularies shared by students' interests and what they act on (data version 2): a student's
 * interests are one workshop category, one R&D field and one mentor expertise, and most of their
 * registrations, applications and connection requests are in those (decision 623).
 */
const WORKSHOP_CATEGORIES = ['Technology', 'Business', 'Design', 'Science', 'Career'];
const PROJECT_FIELDS = ['Artificial Intelligence', 'Environmental Engineering', 'Biotechnology', 'Mechanical Engineering', 'Machine Learning'];
const EXPERTISE = ['Software Development', 'Data Science', 'Product', 'Design', 'Cloud', 'Security'];
const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
/** Share of a student's registrations / applications / requests drawn from their own interests. */
const IN_INTEREST = 0.8;

/**
 * Zipf-like popularity with the total kept: `total` items spread over `n` things with weight 1/rank^s
 * (rank: a seeded permutation, so popularity is not the creation order), each at least 1 and at most
 * `cap`, water-filled so the sum is exactly `total`.
 */
export function zipfCounts(n: number, total: number, cap: number, s: number, rnd: () => number): number[] {
  const rank = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [rank[i], rank[j]] = [rank[j] as number, rank[i] as number];
  }
  const w = rank.map((r) => 1 / (r + 1) ** s);
  const counts = new Array<number>(n).fill(1);
  let left = total - n;
  if (left < 0 || n * cap < total) throw new Error(`zipfCounts: cannot place ${total} in ${n} × [1, ${cap}]`);
  while (left > 0) {
    const open = counts.map((c, i) => (c < cap ? i : -1)).filter((i) => i >= 0);
    const sum = open.reduce((a, i) => a + (w[i] as number), 0);
    let placed = 0;
    for (const i of open) {
      const add = Math.min(cap - (counts[i] as number), Math.floor((left * (w[i] as number)) / sum));
      counts[i] = (counts[i] as number) + add;
      placed += add;
    }
    if (placed === 0) {
      // Rounding leftovers: one each to the most popular open ones.
      for (const i of open.sort((a, b) => (w[b] as number) - (w[a] as number))) {
        if (placed >= left) break;
        counts[i] = (counts[i] as number) + 1;
        placed++;
      }
    }
    left -= placed;
  }
  return counts;
}

/** `count` primes above `from` (strides that are coprime with any smaller modulus). */
function primesAbove(from: number, count: number): number[] {
  const out: number[] = [];
  for (let n = from + 1; out.length < count; n++) {
    let prime = n > 1;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
    if (prime) out.push(n);
  }
  return out;
}

/** The little of a database client the generator needs: pg.Client and PGlite both fit behind it. */
interface SqlClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  end(): Promise<void>;
}

/**
 * Target: a PostgreSQL server (`url`, database `dbName` created there) or, with `pgliteDir`, an embedded
 * PGlite database in that directory (removed first; the API opens it with DATA_DIR=<parent of pgliteDir>
 * when pgliteDir ends in /db). The SQL is the same for both (PGlite is PostgreSQL 18 in WebAssembly).
 */
export async function generate(opts: {
  url?: string;
  pgliteDir?: string;
  scale: number;
  seed: number;
  dbName: string;
  anchor: string;
  log?: (s: string) => void;
}) {
  const log = opts.log ?? ((s: string) => process.stderr.write(`${s}\n`));
  const c = countsFor(opts.scale);
  const rnd = mulberry32(opts.seed);
  const seedFor = () => Number((rnd() * 2 - 1).toFixed(6));
  const timings: Record<string, number> = {};
  const t0 = Date.now();

  let client: SqlClient;
  let dbUrl: string | undefined;
  if (opts.pgliteDir) {
    rmSync(opts.pgliteDir, { recursive: true, force: true });
    mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    const database = await openPglite(opts.pgliteDir);
    await database.migrate();
    timings.createAndMigrate = Date.now() - t0;
    const lite = database.pglite;
    if (!lite) throw new Error('openPglite returned no PGlite instance');
    client = {
      query: async <T>(text: string, params: unknown[] = []) => {
        const r = await lite.query<T>(text, params);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      },
      end: () => database.close(),
    };
    await lite.exec(`SET synchronous_commit = off; SET statement_timeout = 0`);
  } else {
    if (!opts.url) throw new Error('generate: give url (PostgreSQL) or pgliteDir');
    const admin = new pg.Client({ connectionString: opts.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${opts.dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${opts.dbName}`);
    await admin.end();
    const u = new URL(opts.url);
    u.pathname = `/${opts.dbName}`;
    dbUrl = u.toString();
    const database = openPostgres(dbUrl, { max: 1, statementTimeoutMs: 600_000 });
    await database.migrate();
    await database.close();
    timings.createAndMigrate = Date.now() - t0;
    const pgClient = new pg.Client({ connectionString: dbUrl });
    await pgClient.connect();
    await pgClient.query(`SET max_parallel_workers_per_gather = 0; SET synchronous_commit = off; SET statement_timeout = 0`);
    client = {
      query: async <T>(text: string, params: unknown[] = []) => {
        const r = await pgClient.query(text, params);
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      },
      end: () => pgClient.end(),
    };
  }
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const anchorEpoch = Math.floor(new Date(opts.anchor).getTime() / 1000);
  const A = `to_timestamp(${anchorEpoch})`;

  async function step(name: string, sqlText: string, params: unknown[] = []) {
    const started = Date.now();
    await client.query(`SELECT setseed(${seedFor()})`);
    // Integer parameters are inlined (typed literals keep the planner's estimates exact); strings stay bound.
    const bound: unknown[] = [];
    const text = sqlText.replace(/\$(\d+)/g, (_m, d: string) => {
      const v = params[Number(d) - 1];
      if (typeof v === 'number') return `${v}`;
      bound.push(v);
      return `$${bound.length}`;
    });
    const res = await client.query(text, bound);
    timings[name] = (timings[name] ?? 0) + (Date.now() - started);
    log(`  ${name}: ${res.rowCount ?? 0} rows, ${Date.now() - started} ms`);
  }

  const S = c.students;
  const P = c.professionals;
  log(`generate: scale ${opts.scale}, seed ${opts.seed}, anchor ${opts.anchor}, database ${opts.dbName}`);
  // Students are user numbers 1..S, professionals S+1..S+P, the admin S+P+1. created_at: the last 2 years.
  const userId = (nExpr: string) => idSql('0001', `${anchorEpoch} - 63072000 + (${nExpr}) * 60`, nExpr);
  await step(
    'users',
    `INSERT INTO users (id, role, email, password_hash, first_name, last_name, city, is_active, is_verified, created_at, updated_at)
     SELECT ${userId('g')},
            CASE WHEN g <= $1 THEN 'student' WHEN g <= $1 + $2 THEN 'professional' ELSE 'admin' END,
            CASE WHEN g <= $1 THEN 'student' || g WHEN g <= $1 + $2 THEN 'pro' || (g - $1) ELSE 'admin' END || '@bench.local',
            $3,
            (ARRAY['Aarav','Diya','Ishaan','Meera','Kabir','Anaya','Rohan','Sara','Vikram','Zoya','Arjun','Nisha'])[1 + floor(random() * 12)::int],
            (ARRAY['Sharma','Patel','Iyer','Khan','Reddy','Gupta','Singh','Das','Nair','Mehta'])[1 + floor(random() * 10)::int],
            (ARRAY['Pune','Delhi','Chennai','Bengaluru','Mumbai','Kolkata'])[1 + floor(random() * 6)::int],
            true, true, ${A} - interval '2 years' + g * interval '1 minute', ${A}
     FROM generate_series(1, $1 + $2 + 1) g`,
    [S, P, passwordHash],
  );
  await step(
    'student_profiles',
    `INSERT INTO student_profiles (user_id, university, course, department, year, roll_number, cgpa, interests)
     SELECT ${userId('g')},
            (ARRAY['IIT Bombay','Anna University','Delhi University','VIT Vellore','BITS Pilani','Jadavpur University'])[1 + floor(random() * 6)::int],
            (ARRAY['Computer Science','Electronics','Mechanical','Biotechnology','Design'])[1 + floor(random() * 5)::int],
            NULL, 1 + floor(random() * 4)::int, 'R' || g, round((5 + random() * 5)::numeric, 2),
            -- v2: one workshop category (u % 5), one R&D field (the fifth of the students u is in), one
            -- mentor expertise ((u / 5) % 6), u = g - 1: independent of each other, and what most of the
            -- student's registrations, applications and requests below are drawn from.
            jsonb_build_array(
              (${sqlArray(WORKSHOP_CATEGORIES)})[1 + (g - 1) % 5],
              (${sqlArray(PROJECT_FIELDS)})[1 + ((g - 1) * 5) / $1],
              (${sqlArray(EXPERTISE)})[1 + ((g - 1) / 5) % 6])
     FROM generate_series(1, $1) g`,
    [S],
  );
  await step(
    'professional_profiles',
    `INSERT INTO professional_profiles (user_id, title, company, expertise, experience_years, specializations, skills, location, hourly_rate, rating_sum, rating_count)
     SELECT ${userId('$1 + g')},
            (ARRAY['Senior Engineer','Data Scientist','Product Manager','Research Lead','Architect'])[1 + floor(random() * 5)::int],
            (ARRAY['Infosys','TCS','Wipro','Flipkart','Zoho','Freshworks','Razorpay'])[1 + floor(random() * 7)::int],
            (${sqlArray(EXPERTISE)})[1 + (g - 1) % 6],
            floor(random() * 25)::int,
            jsonb_build_array('Mentoring'), jsonb_build_array('TypeScript', 'SQL'),
            'Bengaluru', round((500 + random() * 4500)::numeric, 2), rc * (3 + floor(random() * 3)::int), rc
     FROM (SELECT g, floor(random() * 40)::int AS rc FROM generate_series(1, $2) g) s`,
    [S, P],
  );
  // Three weekly rules per professional (Mon/Wed/Fri mornings, local time in their zone).
  await step(
    'availability_rules',
    `INSERT INTO availability_rules (id, professional_id, is_recurring, day_of_week, start_time, end_time, timezone)
     SELECT ${idSql('0002', `${anchorEpoch}`, '(p - 1) * 3 + k')}, ${userId('$1 + p')}, true, (ARRAY[1,3,5])[k],
            (ARRAY['09:00','10:00','14:00'])[k], (ARRAY['12:00','13:00','18:00'])[k], 'Asia/Kolkata'
     FROM generate_series(1, $2) p, generate_series(1, 3) k`,
    [S, P],
  );
  // Workshops: 70 % published (from 30 days before the anchor to 150 days after), 25 % completed, 5 % draft.
  // Registrations: 10..30 per workshop (average 20), distinct students ((w * 7919 + k) mod S).
  // v2: registrations per workshop follow a Zipf-like popularity (the same total as v1's 10..30 each).
  const wsTotal = Array.from({ length: c.workshops }, (_, i) => Math.min(10 + ((i + 1) % 21), S)).reduce((a, b) => a + b, 0);
  const wsCap = Math.min(400, 5 * Math.floor(S / 5) - 5);
  const wsCounts = zipfCounts(c.workshops, wsTotal, wsCap, 0.9, mulberry32(opts.seed * 31 + 1));
  const wsCountsSql = `('{${wsCounts.join(',')}}'::int[])`;
  await step(
    'workshops',
    `INSERT INTO workshops (id, title, description, category, professional_id, date, start_time, end_time, timezone,
                           starts_at, ends_at, max_participants, registered_count, status, tags, created_by, created_at, updated_at)
     SELECT ${idSql('0003', `${anchorEpoch} - 31536000 + w * 600`, 'w')},
            'Workshop ' || w || ': ' || (ARRAY['Intro to ML','Cloud basics','Pitching ideas','Design thinking','Rust for students','Data viz'])[1 + (w % 6)],
            'A hands-on session number ' || w || ' covering fundamentals and practice.',
            (ARRAY['Technology','Business','Design','Science','Career'])[1 + (w % 5)],
            ${userId('$1 + 1 + (w % $2)')},
            (st AT TIME ZONE 'Asia/Kolkata')::date, to_char(st AT TIME ZONE 'Asia/Kolkata', 'HH24:MI'),
            to_char((st + interval '2 hours') AT TIME ZONE 'Asia/Kolkata', 'HH24:MI'), 'Asia/Kolkata',
            st, st + interval '2 hours', GREATEST(30 + floor(random() * 70)::int, ${wsCountsSql}[w] + floor(random() * 12)::int), ${wsCountsSql}[w],
            status, jsonb_build_array('bench', 'tag' || (w % 50)), ${userId('$1 + 1 + (w % $2)')},
            ${A} - interval '1 year' + w * interval '10 minutes', ${A}
     FROM (SELECT w, r,
                  CASE WHEN r < 0.70 THEN 'published' WHEN r < 0.95 THEN 'completed' ELSE 'draft' END AS status,
                  CASE WHEN r < 0.70 THEN ${A} + (random() * 180 - 30) * interval '1 day'
                       ELSE ${A} - (1 + random() * 300) * interval '1 day' END AS st
           FROM (SELECT w, random() AS r FROM generate_series(1, $3) w) x) y`,
    [S, P, c.workshops],
  );
  // v2: registration k of workshop w (category w % 5): the first IN_INTEREST share from students whose
  // interest is that category (u ≡ c mod 5), the rest from the other students. Within each part the
  // students are (offset + k × stride) mod size with a random offset and a random prime stride per
  // workshop: distinct, and scattered (not runs of neighbours, which would make co-registration an
  // artefact of the numbering). Popularity: the Zipf counts above.
  const strides = `(ARRAY[${primesAbove(Math.max(S, 1000), 16).join(',')}]::bigint[])`;
  await step(
    'workshop_registrations',
    `INSERT INTO workshop_registrations (id, workshop_id, student_id, status, created_at)
     SELECT ${idSql('0004', `${anchorEpoch} - 31536000 + w * 600`, 'w * 1024 + k')}, ${idSql('0003', `${anchorEpoch} - 31536000 + w * 600`, 'w')},
            ${userId(`1 + CASE WHEN k < inn
                          THEN (w % 5) + 5 * ((o1 + k * st) % gs)
                          ELSE 5 * (((o2 + (k - inn) * st) % (4 * (${'$1'} / 5))) / 4) + ((w % 5) + 1 + ((o2 + (k - inn) * st) % (4 * (${'$1'} / 5))) % 4) % 5 END`)},
            'registered', ${A} - interval '1 year' + w * interval '10 minutes' + k * interval '1 second'
     FROM (SELECT w, cnt, gs, LEAST(round(cnt * ${IN_INTEREST})::int, gs) AS inn, st,
                  floor(r1 * gs)::bigint AS o1, floor(r2 * 4 * (${'$1'} / 5))::bigint AS o2
           FROM (SELECT w, ${wsCountsSql}[w] AS cnt, ((${'$1'} - 1 - (w % 5)) / 5) + 1 AS gs,
                        ${strides}[1 + floor(random() * 16)::int] AS st, random() AS r1, random() AS r2
                 FROM generate_series(1, $2) w) a) x,
          generate_series(0, ${wsCap} - 1) k
     WHERE k < cnt`,
    [S, c.workshops],
  );
  // Ideas: created over the last 2 years; 70 % public; status mix; likes 0..10 per idea (average 5) from
  // distinct students ((i * 7919 + k) mod S), so likes_count is exact without a second pass.
  await step(
    'ideas',
    `INSERT INTO ideas (id, author_id, title, description, category, status, is_public, tags, likes_count, created_at, updated_at, submitted_at)
     SELECT ${idSql('0005', `${anchorEpoch} - 63072000 + i * ${Math.max(1, Math.floor(63_072_000 / c.ideas))}`, 'i')},
            ${userId('a')},
            (ARRAY['Smart','Green','Open','Low-cost','Campus','Community'])[1 + floor(random() * 6)::int] || ' ' ||
            (ARRAY['irrigation','library','transport','energy meter','tutoring','recycling','health kiosk'])[1 + floor(random() * 7)::int] || ' #' || i,
            'Idea ' || i || ': ' || repeat('a practical proposal with a plan, costs and impact. ', 3),
            (ARRAY['Technology','Environment','Education','Healthcare','Social'])[1 + floor(random() * 5)::int],
            CASE WHEN r < 0.10 THEN 'draft' WHEN r < 0.40 THEN 'under_review' WHEN r < 0.80 THEN 'approved'
                 WHEN r < 0.90 THEN 'rejected' WHEN r < 0.95 THEN 'shortlisted' ELSE 'implemented' END,
            random() < 0.7, jsonb_build_array('idea', 'topic' || (i % 100)), LEAST(i % 11, $1),
            ts, ts, ts
     FROM (SELECT i, random() AS r, 1 + floor(random() * $1)::int AS a, ${A} - interval '2 years' + i * (interval '2 years' / $2) AS ts
           FROM generate_series(1, $2) i) x`,
    [S, c.ideas],
  );
  const ideaIdExpr = (i: string) =>
    idSql('0005', `${anchorEpoch} - 63072000 + ${i} * ${Math.max(1, Math.floor(63_072_000 / c.ideas))}`, i);
  await step(
    'idea_likes',
    `INSERT INTO idea_likes (idea_id, user_id, created_at)
     SELECT ${ideaIdExpr('i')}, ${userId('1 + ((i * 7919 + k) % $1)')}, ${A} - interval '2 years' + i * (interval '2 years' / $2)
     FROM generate_series(1, $2) i, generate_series(0, 9) k
     WHERE k < LEAST(i % 11, $1)`,
    [S, c.ideas],
  );
  // R&D: 75 % active/public, one role each; 25 applications per active project from distinct students.
  await step(
    'rd_projects',
    `INSERT INTO rd_projects (id, title, summary, description, status, priority, field, visibility, supervisor, duration,
                             expected_end_date, application_deadline, tags, created_at, updated_at)
     SELECT ${idSql('0006', `${anchorEpoch} - 31536000 + p * 3600`, 'p')},
            'R&D project ' || p, 'Summary of research project ' || p, 'Research description ' || p,
            CASE WHEN p % 4 = 0 THEN (ARRAY['draft','paused','completed'])[1 + (p / 4) % 3] ELSE 'active' END,
            (ARRAY['low','medium','high','urgent'])[1 + floor(random() * 4)::int],
            (ARRAY['Artificial Intelligence','Environmental Engineering','Biotechnology','Mechanical Engineering','Machine Learning'])[1 + (p % 5)], 'public',
            jsonb_build_object('name', 'Dr. Supervisor ' || p, 'email', 'sup' || p || '@bench.local'), '6 months',
            (${A} + interval '1 year')::date, ${A} + (random() * 90 - 10) * interval '1 day',
            jsonb_build_array('research'), ${A} - interval '1 year' + p * interval '1 hour', ${A}
     FROM generate_series(1, $1) p`,
    [c.projects],
  );
  const projectIdExpr = (p: string) => idSql('0006', `${anchorEpoch} - 31536000 + ${p} * 3600`, p);
  await step(
    'rd_project_roles',
    `INSERT INTO rd_project_roles (id, project_id, title, description, max_positions, current_positions)
     SELECT ${idSql('0007', `${anchorEpoch}`, 'p')}, ${projectIdExpr('p')}, 'intern', 'Research intern', 10, 0
     FROM generate_series(1, $1) p`,
    [c.projects],
  );
  const appsPerProject = 25;
  // v2: applications per project follow a Zipf-like popularity (the same total as v1's 25 each); the first
  // IN_INTEREST share come from students whose R&D field interest is the project's (p % 5: the students in
  // that fifth of the numbering), the rest from the others; scattered as the registrations are.
  const appTotal = c.projects * Math.min(appsPerProject, S);
  const appCap = Math.min(200, Math.floor(S / 5) * 4);
  const appCounts = zipfCounts(c.projects, appTotal, appCap, 0.9, mulberry32(opts.seed * 31 + 2));
  const appCountsSql = `('{${appCounts.join(',')}}'::int[])`;
  await step(
    'rd_applications',
    `INSERT INTO rd_applications (id, project_id, role_id, student_id, status, motivation, created_at, updated_at)
     SELECT ${idSql('0008', `${anchorEpoch} - 31536000 + p * 3600`, 'p * 1024 + k')}, ${projectIdExpr('p')}, ${idSql('0007', `${anchorEpoch}`, 'p')},
            ${userId(`1 + CASE WHEN k < inn THEN lo + (o1 + k * st) % gs
                          ELSE (hi + (o2 + (k - inn) * st) % (${'$1'} - gs)) % ${'$1'} END`)},
            (ARRAY['pending','under-review','interview-scheduled','rejected','withdrawn'])[1 + floor(random() * 5)::int],
            'I would like to contribute to this research.', ${A} - interval '1 year' + p * interval '1 hour' + k * interval '1 second', ${A}
     FROM (SELECT p, cnt, lo, hi, hi - lo AS gs, LEAST(round(cnt * ${IN_INTEREST})::int, hi - lo, cnt) AS inn, st,
                  floor(r1 * (hi - lo))::bigint AS o1, floor(r2 * (${'$1'} - (hi - lo)))::bigint AS o2
           FROM (SELECT p, ${appCountsSql}[p] AS cnt, ((p % 5) * ${'$1'} + 4) / 5 AS lo, ((p % 5 + 1) * ${'$1'} + 4) / 5 AS hi,
                        ${strides}[1 + floor(random() * 16)::int] AS st, random() AS r1, random() AS r2
                 FROM generate_series(1, $2) p) a) x,
          generate_series(0, ${appCap} - 1) k
     WHERE k < cnt`,
    [S, c.projects],
  );
  // v2: connection requests, student → mentor: 35 % of students sent one (within the last 120 days), to
  // a mentor of their expertise interest IN_INTEREST of the time (skewed towards the first mentors of
  // that expertise: popularity), else to any mentor. Statuses: 45 % accepted, 15 % pending, 30 %
  // rejected, 10 % expired.
  await step(
    'connection_requests',
    `INSERT INTO connection_requests (id, student_id, professional_id, message, status, responded_at, created_at)
     SELECT ${idSql('000a', `${anchorEpoch} - 10368000 + g * 60`, 'g')}, ${userId('g')},
            ${userId(`$1 + 1 + CASE WHEN r1 < ${IN_INTEREST} THEN e + 6 * floor(((($2 - 1 - e) / 6) + 1) * r2 * r2)::int
                                   ELSE floor($2 * r2)::int END`)},
            'I would like your advice on my path.',
            CASE WHEN r3 < 0.45 THEN 'accepted' WHEN r3 < 0.60 THEN 'pending' WHEN r3 < 0.90 THEN 'rejected' ELSE 'expired' END,
            CASE WHEN r3 < 0.45 OR r3 >= 0.60 THEN ts + (1 + r2 * 96) * interval '1 hour' END, ts
     FROM (SELECT g, ((g - 1) / 5) % 6 AS e, random() AS r0, random() AS r1, random() AS r2, random() AS r3,
                  ${A} - interval '120 days' + random() * interval '119 days' AS ts
           FROM generate_series(1, $3) g) x
     WHERE r0 < 0.35`,
    [S, P, S],
  );
  // Notifications: 0.4 % to student 1 (the bench user), the rest spread over all students; 80 % read.
  const heavy = Math.max(1, Math.round(c.notifications * 0.004));
  await step(
    'notifications',
    `INSERT INTO notifications (id, user_id, type, sub_type, title, message, is_read, priority, metadata, created_at)
     SELECT ${idSql('0009', `${anchorEpoch} - 31536000 + g * ${Math.max(1, Math.floor(31_536_000 / c.notifications))}`, 'g')},
            ${userId('CASE WHEN g <= $2 THEN 1 ELSE a END')},
            (ARRAY['workshop','idea','connection','session','rd-project','system'])[1 + (g % 6)], 'info',
            'Notification ' || g, 'Something happened that you may want to look at (' || g || ').',
            random() < 0.8, 'normal', '{}'::jsonb,
            ${A} - interval '1 year' + g * (interval '1 year' / $3)
     FROM (SELECT g, 1 + floor(random() * $1)::int AS a FROM generate_series(1, $3) g) x`,
    [S, heavy, c.notifications],
  );
  const vacuumStarted = Date.now();
  await client.query('VACUUM ANALYZE');
  timings.vacuumAnalyze = Date.now() - vacuumStarted;
  const counts = (
    await client.query<{ t: string; n: string }>(`
      SELECT 'users' t, count(*) n FROM users UNION ALL SELECT 'availability_rules', count(*) FROM availability_rules
      UNION ALL SELECT 'workshops', count(*) FROM workshops UNION ALL SELECT 'workshop_registrations', count(*) FROM workshop_registrations
      UNION ALL SELECT 'ideas', count(*) FROM ideas UNION ALL SELECT 'idea_likes', count(*) FROM idea_likes
      UNION ALL SELECT 'rd_projects', count(*) FROM rd_projects UNION ALL SELECT 'rd_applications', count(*) FROM rd_applications
      UNION ALL SELECT 'notifications', count(*) FROM notifications UNION ALL SELECT 'connection_requests', count(*) FROM connection_requests`)
  ).rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.t]: Number(r.n) }), {});
  const size = (await client.query<{ s: string }>(`SELECT pg_size_pretty(pg_database_size(current_database())) s`)).rows[0]?.s;
  await client.end();
  const totalMs = Date.now() - t0;
  log(`generate: done in ${(totalMs / 1000).toFixed(1)} s, database size ${size}`);
  return {
    dataVersion: DATA_VERSION,
    database: opts.pgliteDir ?? opts.dbName,
    url: dbUrl,
    scale: opts.scale,
    seed: opts.seed,
    anchor: opts.anchor,
    counts,
    size,
    totalMs,
    timings,
  };
}

export function todayAnchor(): string {
  return `${new Date().toISOString().slice(0, 10)}T00:00:00Z`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const url = process.env.BENCH_DATABASE_URL;
  const pgliteDir = args.pglite ? path.resolve(args.pglite) : undefined;
  if (!url && !pgliteDir) {
    console.error(
      'Set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres), or give --pglite <dir> for an embedded database.',
    );
    process.exit(2);
  }
  const scale = Number(args.scale ?? process.env.SCALE ?? 0.01);
  const seed = Number(args.seed ?? process.env.BENCH_SEED ?? 7);
  const dbName = args.db ?? benchDatabaseName(String(Math.round(scale * 1000)).padStart(4, '0'));
  if (!/^mb_bench_[a-z0-9_]+$/.test(dbName)) throw new Error('the database name must start with mb_bench_');
  generate({ url, pgliteDir, scale, seed, dbName, anchor: process.env.BENCH_ANCHOR ?? todayAnchor() })
    .then((summary) => console.log(JSON.stringify(summary, null, 2)))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(1);
    });
}
