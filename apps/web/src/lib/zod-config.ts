import { config } from 'zod/v4/core';

// zod 4 compiles fast object parsers with `new Function`, probing for it when a schema is built.
// The CSP (script-src 'self', no 'unsafe-eval') blocks that probe and the browser reports a
// securitypolicyviolation on every page. Parse without the compiled fast path. Imported first by
// main.tsx, before any module builds a schema.
config({ jitless: true });
