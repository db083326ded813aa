/**
 * Builds map views off the main thread: laying out a map with dagre takes from tens of
 * milliseconds to a second or more, and the page must never freeze while the reader types.
 */
import { buildView, type ViewResult } from "./view.ts";

export interface BuildRequest {
  id: number;
  text: string;
  selected?: string;
}

export interface BuildReply {
  id: number;
  result: ViewResult;
}

self.onmessage = (event: MessageEvent<BuildRequest>) => {
  const { id, text, selected } = event.data;
  const reply: BuildReply = { id, result: buildView(text, selected) };
  self.postMessage(reply);
};
