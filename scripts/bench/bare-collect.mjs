// The floor for the page-view endpoint: a bare Fastify route, in its own process, that reads the same text body as
// JSON and answers 202 with nothing, as POST /api/v1/tracking/events does.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
app.post('/bare', async (req, reply) => {
  JSON.parse(String(req.body));
  reply.header('access-control-allow-origin', '*');
  return reply.code(202).send();
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
