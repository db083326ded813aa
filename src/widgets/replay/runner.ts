/**
 * Runs a scenario in a worker (one per side, so the two runs use both cores), caches results by
 * scenario, and falls back to the main thread where workers are unavailable.
 */
import { runRetryStorm, type Scenario } from "../../sim/retry-storm/index.ts";
import type { RunView } from "./view.ts";

export interface TimedRun extends RunView {
  wallMillis: number;
}

export class SideRunner {
  private worker: Worker | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (run: TimedRun) => void; reject: (error: Error) => void }>();
  private cache = new Map<string, TimedRun>();

  constructor() {
    try {
      this.worker = new Worker(new URL("./replay.worker.ts", import.meta.url), { type: "module" });
      this.worker.onmessage = (event: MessageEvent<{ id: number; error?: string } & TimedRun>) => {
        const pending = this.waiting.get(event.data.id);
        if (!pending) return;
        this.waiting.delete(event.data.id);
        if (event.data.error) pending.reject(new Error(event.data.error));
        else pending.resolve(event.data);
      };
    } catch {
      this.worker = null;
    }
  }

  async run(scenario: Scenario): Promise<TimedRun> {
    const key = JSON.stringify(scenario);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = this.worker ? await this.post(scenario) : runRetryStorm(scenario);
    if (this.cache.size > 16) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, result);
    return result;
  }

  private post(scenario: Scenario): Promise<TimedRun> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker!.postMessage({ id, scenario });
    });
  }
}
