// `npm start`: build when the build is missing or older than the sources, then run the API server,
// which migrates, seeds the demo account (embedded database) and serves the web app on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIsStale, npmRun, root } from './lib.mjs';

if (buildIsStale()) {
  console.log('Building the web app, the extension and the API (first start or sources changed)…');
  const code = await npmRun('build');
  if (code !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(code);
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/api/main.mjs')], {
  stdio: 'inherit',
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
