import { runTask, type Task } from './run-task.ts';

// Child process of the benchmark: runs the tasks it is sent, one at a time, and answers with the figures.
process.on('message', (message: { id: number; task: Task }) => {
  runTask(message.task).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) =>
      process.send!({
        id: message.id,
        error: String(error instanceof Error ? error.stack : error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
