// The floor for the cable (scripts/bench/cable.mjs): a bare `ws` server that LISTENs on the same
// PostgreSQL channel and, on each NOTIFY, broadcasts a frame of the same shape and size as the cable's
// event to every client. No protocol, no authentication, no rows read, no order kept: the least a
// WebSocket fan-out of database commits can do.
import pg from 'pg';
import { WebSocketServer } from 'ws';

const { PORT, DATABASE_URL, EVENT_DATA } = process.env;
const identifier = JSON.stringify(JSON.stringify({ channel: 'AccountChannel' }));
const wss = new WebSocketServer({ port: Number(PORT), host: '127.0.0.1', perMessageDeflate: false, handleProtocols: (p) => (p.has('actioncable-v1-json') ? 'actioncable-v1-json' : false) });
wss.on('connection', (ws) => ws.send('{"type":"welcome"}'));
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
client.on('notification', (n) => {
  const seq = Number(n.payload.split(':')[1]);
  const frame = `{"identifier":${identifier},"message":${JSON.stringify({ type: 'event', seq, name: 'mailbox_changed', data: JSON.parse(EVENT_DATA), at: new Date().toISOString() })}}`;
  for (const ws of wss.clients) ws.send(frame);
});
await client.query('LISTEN live_events');
process.send?.('ready');
