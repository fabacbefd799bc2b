// The floor of bench/server-start: a bare node process that starts a Fastify server answering
// GET /health and nothing else, on $PORT. What any Fastify server costs before it does anything.
import Fastify from 'fastify';

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
