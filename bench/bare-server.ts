import Fastify from 'fastify';

/**
 * The baseline of the read benchmarks: a bare Fastify route (no logger, no plugins) answering a
 * small JSON body, in a process of its own like the portal. Listens on PORT, on loopback.
 */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
