/** Runs retry-storm scenarios off the main thread: a naive run takes a few hundred milliseconds. */
import { runRetryStorm, type Scenario } from "../../sim/retry-storm/index.ts";

export interface RunRequest {
  id: number;
  scenario: Scenario;
}

self.onmessage = (event: MessageEvent<RunRequest>) => {
  const { id, scenario } = event.data;
  try {
    const { summary, metrics, wallMillis } = runRetryStorm(scenario);
    self.postMessage({ id, summary, metrics, wallMillis });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
