// The floor for API throughput: a bare Fastify route answering a small JSON body, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ data: { id: 1, email: 'demo@example.com', name: 'Alex Morgan' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
