import { parentPort, workerData } from 'node:worker_threads';
import { LoadLoop } from './load-loop';
import { type LoadAnswer, LoadCommand, LoadWorkerData, toLoadRequests } from './remote-load';

/** The worker thread of RemoteLoad: runs the loop and answers the parent with its samples. */
const data = LoadWorkerData.parse(workerData);
const loop = new LoadLoop(toLoadRequests(data.requests), data.concurrency, data.requestTimeoutMs);
loop.start();
parentPort?.on('message', (message: unknown) => {
  const command = LoadCommand.parse(message);
  const reply = async (): Promise<LoadAnswer> => ({
    id: command.id,
    samples: command.type === 'stop' ? await loop.stop() : loop.samples(),
  });
  void reply().then((answer) => {
    parentPort?.postMessage(answer);
  });
});
