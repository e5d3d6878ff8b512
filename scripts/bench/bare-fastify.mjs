// The floor for API throughput: a bare Fastify route, in its own process, answering what user_info answers.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
// The same body user_info answers for the demo user, so both runs move the same bytes.
const user = {
  id: 1, account_id: 1, email: 'demo@example.com', uid: 'demo@example.com', provider: 'email', name: 'Alex Morgan',
  phone: '+1 415 555 0142', image: null, confirmed: true, onboarding_finished: true, tariff_plan: 'Trial', holder_id: 0,
  created_at: '2026-11-22T08:58:41.099Z',
};
// …and the same headers (the echoed devise_token_auth headers, nosniff, no-store), so the ratio
// measures what the API does per request, not the load generator parsing a longer answer.
const headers = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'access-token': 'cighDcNzAi8jN1xbePgkuga7pyqFeoqLY1gj0pP5Pvc',
  'token-type': 'Bearer',
  client: 'BylUa06PqRcjjbgMb5kpLA',
  expiry: '1796547541',
  uid: 'demo@example.com',
};
app.get('/bare', async (_req, reply) => {
  reply.headers(headers);
  return { data: user };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
