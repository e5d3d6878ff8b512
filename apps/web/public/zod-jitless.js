// Zod compiles object parsers with `new Function` when it may, and probes for it; the page's
// Content-Security-Policy forbids eval, so the probe alone is a reported violation. Zod reads this
// global config, which must exist before any schema is built: hence a classic script that runs
// before the app's module scripts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
