// The company look-up's cost per address (issue 28): the offline IP-to-ASN and country tables (modules/tracking/ip-db.ts)
// loaded once, then 200,000 look-ups of random public IPv4 addresses and 50,000 IPv6, each the ASN and the country.
// Prints one JSON line for scripts/bench.mjs. Run with `node --import tsx scripts/bench/ip-lookup.ts`.
import { ipDatabase } from '../../apps/api/src/modules/tracking/ip-db';

const t0 = performance.now();
const db = await ipDatabase();
const loadMs = performance.now() - t0;
const rnd = (n: number) => Math.floor(Math.random() * n);
const v4 = Array.from({ length: 200_000 }, () => `${1 + rnd(223)}.${rnd(256)}.${rnd(256)}.${rnd(256)}`);
const v6 = Array.from({ length: 50_000 }, () => `2${rnd(16).toString(16)}${rnd(256).toString(16).padStart(2, '0')}:${rnd(65536).toString(16)}:${rnd(65536).toString(16)}::${rnd(65536).toString(16)}`);
let found = 0;
for (const ip of v4.slice(0, 10_000)) db.asn(ip); // warm-up
const t1 = performance.now();
for (const ip of v4) if (db.asn(ip) && db.country(ip)) found++;
const v4Us = ((performance.now() - t1) * 1000) / v4.length;
const t2 = performance.now();
for (const ip of v6) if (db.asn(ip) && db.country(ip)) found++;
const v6Us = ((performance.now() - t2) * 1000) / v6.length;
console.log(JSON.stringify({ loadMs, v4Us, v6Us, found, ranges: db.size, heapMb: process.memoryUsage().heapUsed / 1e6 }));
