/**
 * The page's way to build a view: in a worker (so layout never blocks the page), newest request
 * wins (a reply to an older text is dropped). Falls back to the main thread without workers.
 */
import type { BuildReply, BuildRequest } from "./build.worker.ts";
import { buildView, type ViewResult } from "./view.ts";

export class ViewBuilder {
  private worker: Worker | null = null;
  private next = 0;
  private waiting = new Map<number, (result: ViewResult | null) => void>();

  constructor() {
    try {
      this.worker = new Worker(new URL("./build.worker.ts", import.meta.url), { type: "module" });
      this.worker.onmessage = (event: MessageEvent<BuildReply>) => this.settle(event.data.id, event.data.result);
    } catch {
      this.worker = null;
    }
  }

  /** The view for `text`, or null when a newer request has replaced this one. */
  build(text: string, selected?: string): Promise<ViewResult | null> {
    const id = ++this.next;
    // An older request still in flight is superseded: its caller gets null.
    for (const [old] of this.waiting) this.settle(old, null);
    if (!this.worker) return Promise.resolve(buildView(text, selected));
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const request: BuildRequest = selected === undefined ? { id, text } : { id, text, selected };
      this.worker!.postMessage(request);
    });
  }

  get busy(): boolean {
    return this.waiting.size > 0;
  }

  private settle(id: number, result: ViewResult | null): void {
    const resolve = this.waiting.get(id);
    if (!resolve) return;
    this.waiting.delete(id);
    resolve(id === this.next ? result : null);
  }
}
