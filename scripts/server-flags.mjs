// The Node.js flags the API server runs with, wherever the built server is started: `npm start`
// (scripts/start.mjs), the benchmarks (scripts/bench.mjs) and the fault drills (scripts/drills/lib.mjs).
// A production launch uses the same: `node --max-old-space-size=512 --max-semi-space-size=8
// apps/api/dist/server.js` (docs/operations.md, docs/decisions/370-server-heap.md).
//
// Why: with V8's defaults on a large machine (a heap limit of several GB, 16 MB semi-spaces) the API
// collects garbage lazily: its resident memory grew from 150 MB to 264–292 MB in four runs of five under a
// read load while its live data never passed ~75 MB. A smaller young generation and an explicit
// old-space limit keep it at ~166 MB in every run with the same throughput; 512 MB leaves room for the largest requests (bulk uploads,
// exports stream in pages).
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=8'];
