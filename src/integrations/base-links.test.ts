import { expect, test } from "vitest";
import { withBase } from "./base-links.ts";

test("under a sub-path, links written from the site's root get the base, once", () => {
  const page = `<a href="/room-board/">board</a> <a href='/cells/#x'>cells</a> <img src="/favicon.svg"> <form action="/search/">
<a href="/blast-radius/cells/">already</a> <a href="/blast-radius">home</a> <a href="//cdn.example/x">other host</a>
<a href="https://example.org/a/">absolute</a> <a href="#map=1.x">fragment</a> <a href="cells/">relative</a> <p>href="/x/" in text</p>`;
  expect(
    withBase(page, "/blast-radius/"),
  ).toBe(`<a href="/blast-radius/room-board/">board</a> <a href='/blast-radius/cells/#x'>cells</a> <img src="/blast-radius/favicon.svg"> <form action="/blast-radius/search/">
<a href="/blast-radius/cells/">already</a> <a href="/blast-radius">home</a> <a href="//cdn.example/x">other host</a>
<a href="https://example.org/a/">absolute</a> <a href="#map=1.x">fragment</a> <a href="cells/">relative</a> <p>href="/x/" in text</p>`);
  // At the root nothing moves; a base given without its slashes is the same base.
  expect(withBase(page, "/")).toBe(page);
  expect(withBase('<a href="/x/">', "blast-radius")).toBe('<a href="/blast-radius/x/">');
});
