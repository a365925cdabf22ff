import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Task, TaskResult } from './run-task.ts';

type Reply = { id: number; result?: TaskResult; error?: string };

/**
 * Runs tasks on `size` child processes (one per core), longest first. Results come back in task order,
 * and each task is deterministic, so the outcome does not depend on the number of processes.
 */
export async function runPool(
  tasks: readonly Task[],
  size: number,
  onProgress?: (done: number, total: number) => void,
): Promise<TaskResult[]> {
  const workerPath = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const results = new Array<TaskResult>(tasks.length);
  const order = tasks
    .map((task, index) => ({ task, index }))
    .sort((a, b) => weight(b.task) - weight(a.task));
  let next = 0;
  let done = 0;
  const children: ChildProcess[] = [];
  try {
    await Promise.all(
      Array.from(
        { length: Math.max(1, Math.min(size, tasks.length)) },
        () =>
          new Promise<void>((resolve, reject) => {
            // Same Node flags as this process, so the TypeScript loader applies to the child too.
            const child = fork(workerPath, [], {
              execArgv: process.execArgv,
              stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
            });
            children.push(child);
            const send = () => {
              const item = order[next++];
              if (!item) {
                child.disconnect();
                resolve();
                return;
              }
              child.send({ id: item.index, task: item.task });
            };
            child.on('message', (reply: Reply) => {
              if (reply.error || !reply.result) {
                reject(new Error(`task ${reply.id} failed: ${reply.error}`));
                return;
              }
              results[reply.id] = reply.result;
              onProgress?.(++done, tasks.length);
              send();
            });
            child.on('error', reject);
            child.on('exit', (code) => {
              if (code !== 0 && code !== null) reject(new Error(`worker exited with ${code}`));
            });
            send();
          }),
      ),
    );
  } finally {
    for (const child of children) if (child.connected) child.disconnect();
  }
  return results;
}

function weight(task: Task): number {
  const kind = task.policy.kind;
  const fitting = kind.endsWith('-refit')
    ? 4
    : kind.startsWith('fsrs') || kind === 'marc' || kind === 'verba'
      ? 2
      : 1;
  return fitting * task.days * (task.words / 1000) * (task.world === 'W3' ? 1.3 : 1);
}
