// Entry of a Node worker thread: teach it TypeScript (tsx), then load the runtime.
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.runtime);
