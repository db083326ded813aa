import { expect, test } from "vitest";
import { typeCheckerNotLoaded } from "../../playground/protocol.ts";
import { loadTypeChecker } from "./type-checker.ts";

test("a type-checker that could not be fetched fails in the reader's words, not the browser's", async () => {
  const offline = () =>
    Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://127.0.0.1/_astro/x.js"));
  await expect(loadTypeChecker(offline)).rejects.toThrow(new Error(typeCheckerNotLoaded));
});

test("the type-checker loads as it is", async () => {
  const client = await loadTypeChecker();
  expect(typeof client.typeCheckInPage).toBe("function");
});
