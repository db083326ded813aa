/**
 * The playground's way to the type-checker (typecheck-client.ts, TypeScript in its own worker):
 * loaded the first time a reader runs code they edited (the chapter's code has no type errors).
 */
import { typeCheckerNotLoaded } from "../../playground/protocol.ts";

type Client = typeof import("../../playground/typecheck-client.ts");

/**
 * The client module, or, when it cannot be fetched (offline before its first use), a failure that
 * says so in the reader's words: the browser's own ("Failed to fetch dynamically imported module:
 * http://...") was shown and read out with its address.
 */
export function loadTypeChecker(
  load: () => Promise<Client> = () => import("../../playground/typecheck-client.ts"),
): Promise<Client> {
  return load().catch(() => {
    throw new Error(typeCheckerNotLoaded);
  });
}
