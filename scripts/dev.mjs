// `npm run dev`: the API with reload on change (port 3000) and the web app with hot module
// replacement (http://localhost:5173, proxying /api). Open the web app's address.
import { spawn } from 'node:child_process';

const webPort = process.env.WEB_PORT ?? '5173';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/index.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', PUBLIC_URL: `http://localhost:${webPort}`, ...process.env },
  }),
  spawn('npx', ['vite', '--configLoader', 'runner', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    cwd: 'apps/web',
  }),
];

const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
