// npm test's first step: the type check and the lint side by side (each keeps one core busy for
// about 40 s), then the manifest check. Each one's output is printed whole once it ends.
import { spawn } from 'node:child_process';

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`> ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
      resolve(code === 0);
    });
  });
}

const together = await Promise.all([run('typecheck'), run('lint')]);
const manifest = await run('validate:manifest');
process.exit(together.every(Boolean) && manifest ? 0 : 1);
