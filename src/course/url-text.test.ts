import { expect, test } from "vitest";
import { decodeShareHash, encodeShareHash } from "./map-share.ts";
import { maxUnpackedBytes, packText, UnpackedTooLarge, unpackText } from "./url-text.ts";

test("a text comes back as it went, up to the limit", async () => {
  const text = "service checkout weight 20 — ünïcode too\n".repeat(100);
  expect(await unpackText(await packText(text))).toBe(text);
  const atLimit = "x".repeat(maxUnpackedBytes);
  expect((await unpackText(await packText(atLimit))).length).toBe(maxUnpackedBytes);
});

test("a link that unpacks past the limit is refused, not unpacked whole", async () => {
  // Repeated text deflates about a thousand to one: 5 MB packs into a link of under 7 KB (and
  // 50 MB into one of 66 KB, which took a room board 3.4 s to unpack before it refused it).
  const bomb = await packText("a".repeat(5_000_000));
  expect(bomb.length).toBeLessThan(7_000);
  await expect(unpackText(bomb)).rejects.toThrow(UnpackedTooLarge);
  await expect(unpackText(await packText("x".repeat(maxUnpackedBytes + 1)))).rejects.toThrow(
    "it unpacks to more than 1,000,000 bytes",
  );
  await expect(decodeShareHash(await encodeShareHash("a".repeat(maxUnpackedBytes + 1)))).rejects.toThrow(
    "this map link is too large: it unpacks to more than 1,000,000 bytes, far more than any map the builder takes",
  );
  // Damage is still told apart from size.
  await expect(decodeShareHash("#map=1.AAAA")).rejects.toThrow(/damaged/);
});

test("a share link with nothing after #map= (or only its version) is empty, not newer", async () => {
  for (const hash of ["#map=", "#map=1", "#map=1."])
    await expect(decodeShareHash(hash)).rejects.toThrow('this map link is empty: it has no map after "#map="');
  await expect(decodeShareHash("#map=2.abc")).rejects.toThrow(/newer version/);
});
