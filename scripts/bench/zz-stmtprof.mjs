import pg from 'pg';
const stats = new Map();
const orig = pg.Client.prototype.query;
let total = 0;
pg.Client.prototype.query = function (config, values, cb) {
  const text = typeof config === 'string' ? config : config?.text ?? '';
  const key = text.replace(/\s+/g, ' ').slice(0, 90);
  const t0 = performance.now();
  const r = orig.call(this, config, values, cb);
  if (r && typeof r.then === 'function') r.then(() => { const s = stats.get(key) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t0; stats.set(key, s); total++; }, () => {});
  return r;
};
globalThis.__stmtStats = stats;
const { runIngestBench } = await import('/work/wt/ingest-speed/scripts/bench/inbox-ingest.mjs');
stats.clear();
const r = await runIngestBench(Number(process.env.N ?? 1000));
console.log(r.map(x => `${x.kind} ${x.oursRate?.toFixed(0)} msg/s`));
const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 45);
for (const [k, s] of rows) console.log(String(s.n).padStart(7), s.ms.toFixed(0).padStart(7), (s.ms / s.n).toFixed(2).padStart(6), k);
