// Runs shell commands side by side and prints each one's output whole when it ends, in the order
// given, then exits with the first failure's code. `npm test` runs the typecheck and ESLint so:
// each is single-threaded for most of its time, and two cores finish both in the time of one.
//
// Usage: node --import tsx scripts/run-together.ts "<command>" "<command>" …
import { spawn } from 'node:child_process';

interface Outcome {
  command: string;
  code: number;
  output: Buffer[];
  seconds: number;
}

function run(command: string): Promise<Outcome> {
  const started = performance.now();
  const output: Buffer[] = [];
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => resolve({ command, code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }));
  });
}

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: run-together.ts "<command>" …');
  process.exit(2);
}
const outcomes = await Promise.all(commands.map(run));
for (const outcome of outcomes) {
  process.stdout.write(`\n> ${outcome.command}\n`);
  for (const chunk of outcome.output) process.stdout.write(chunk);
  process.stdout.write(`${outcome.code === 0 ? 'done' : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(1)} s: ${outcome.command}\n`);
}
process.exit(outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0);
