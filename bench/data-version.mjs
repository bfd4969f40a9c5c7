// The version of the data bench/generate.ts makes. Cached generated databases and PGlite directories carry
// it in their names (mb_bench_s<scale>_v<N>, .tmp/bench/pglite-s<scale>-v<N>), so a change to the generator
// that changes the rows (raise it!) regenerates them instead of silently reusing stale ones.
// v2 (issue 14): interests correlate with registrations, applications and connection requests; skewed
// (Zipf-like) popularity; connection requests student → mentor.
export const DATA_VERSION = 2;

/** The PostgreSQL source database for a scale tag ("0100" for 0.1). */
export const benchDatabaseName = (scaleTag) => `mb_bench_s${scaleTag}_v${DATA_VERSION}`;
/** The PGlite source directory (relative to the repository) for a scale tag. */
export const benchPgliteDir = (scaleTag) => `.tmp/bench/pglite-s${scaleTag}-v${DATA_VERSION}/db`;
