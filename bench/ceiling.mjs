// The ceiling: a bare Fastify route, no plugins, no database. Started as a child by scripts/bench.mjs
// so it runs in its own process like the API does. Usage: node bench/ceiling.mjs <port>
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3151);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port });
process.send?.({ ready: true, port });
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
