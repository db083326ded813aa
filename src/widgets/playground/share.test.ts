import { expect, test } from "vitest";
import { packText, maxUnpackedBytes } from "../../course/url-text.ts";
import { readSharedCode, shareHashPrefix } from "./share.ts";

const code = 'const greeting = "café 🙂";\nconsole.log(greeting);\n';

test("a share link gives back its code, byte for byte", async () => {
  const hash = shareHashPrefix("bulkhead") + (await packText(code));
  await expect(readSharedCode("bulkhead", hash)).resolves.toEqual({ kind: "code", code });
});

test("no link, or a link for another playground, is no link", async () => {
  const hash = shareHashPrefix("other") + (await packText(code));
  await expect(readSharedCode("bulkhead", hash)).resolves.toEqual({ kind: "none" });
  await expect(readSharedCode("bulkhead", "")).resolves.toEqual({ kind: "none" });
  await expect(readSharedCode("bulkhead", "#map=1.abc")).resolves.toEqual({ kind: "none" });
});

// QA's reproductions: a real link cut short in chat, letters that are not base64, zeros, nothing.
test("a damaged or cut-short link is reported as damaged, not taken for no link", async () => {
  const whole = await packText(code.repeat(20));
  for (const data of [whole.slice(0, 12), "S87PK87PSdXL", "garbage!!", "AAAA", ""]) {
    await expect(readSharedCode("bulkhead", `#play-bulkhead=${data}`), data).resolves.toEqual({
      kind: "damaged",
      reason: "it is damaged, perhaps cut short when it was copied",
    });
  }
});

test("a link that unpacks to far more than any program is refused as too large", async () => {
  const hash = shareHashPrefix("bulkhead") + (await packText("a".repeat(maxUnpackedBytes + 1)));
  await expect(readSharedCode("bulkhead", hash)).resolves.toEqual({
    kind: "damaged",
    reason: expect.stringMatching(/^it is too large \(it unpacks to more than 1,000,000 bytes/),
  });
});
