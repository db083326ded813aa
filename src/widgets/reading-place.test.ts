import { describe, expect, test } from "vitest";
import { placeKey, placeShown, readPlace, returnsToPlace } from "./reading-place.ts";

describe("the place a reader was reading", () => {
  const boxes = [
    { top: -900, bottom: -300 },
    { top: -300, bottom: 120.4 },
    { top: 120.4, bottom: 500 },
  ];

  test("is the first block still on screen, and where its top was", () => {
    expect(placeShown(boxes, true)).toEqual({ block: 1, top: -300 });
    expect(placeShown([{ top: -10.6, bottom: 5 }], true)).toEqual({ block: 0, top: -11 });
  });

  test("is nothing at the top of the page; past the content, the last block, far above the window", () => {
    expect(placeShown(boxes, false)).toBeNull();
    expect(placeShown([], true)).toBeNull();
    expect(
      placeShown(
        [
          { top: -1900, bottom: -1200 },
          { top: -1200, bottom: -400.2 },
        ],
        true,
      ),
    ).toEqual({ block: 1, top: -1200 });
  });

  test("reads back what it stored, and nothing from what it did not", () => {
    const place = placeShown(boxes, true);
    expect(readPlace(JSON.stringify(place))).toEqual(place);
    for (const raw of [null, "", "{", "null", "[]", '{"block":-1,"top":0}', '{"block":1.5,"top":0}', '{"block":1}'])
      expect(readPlace(raw), String(raw)).toBeNull();
  });

  test("is kept per page, its address's path and query, and used on a reload or a return only", () => {
    expect(placeKey("/cells/?x=1")).not.toBe(placeKey("/cells/"));
    expect(returnsToPlace("reload")).toBe(true);
    expect(returnsToPlace("back_forward")).toBe(true);
    expect(returnsToPlace("navigate")).toBe(false);
    expect(returnsToPlace(undefined)).toBe(false);
  });
});
