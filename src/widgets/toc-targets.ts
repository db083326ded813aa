/**
 * The elements Starlight's table of contents watches to know which section a reader is in, found
 * by walking the few candidates instead of by its selector list. Starlight 0.37 matches four
 * selectors, three with `:has(<heading>)`, against every element of the page, once for each of
 * the page's two tables of contents (the side one and the phone's): 7 to 17 ms of one idle task
 * each on a chapter here, four times that on Lighthouse's phone. This finds the same elements
 * (tests/browser/site.test.ts compares both on a chapter), once per page for both.
 *
 * Starlight's list, for the headings H the table of contents shows:
 *   main :where(H)                                            the headings
 *   main :where(H, .sl-heading-wrapper) ~ *:not(:has(H))      what follows a heading, without one
 *   main .sl-markdown-content > *:not(:has(H))                the content's children, without one
 *   main > *:not(:has(H))                                     main's children, without one
 *
 * Used by Starlight's `starlight-toc.ts` through src/integrations/starlight-toc-patch.ts; kept
 * free of imports so the browser test can run this very file in a page.
 */

const found = new Map<string, Element[]>();

/** The elements to observe, in document order, for the heading selector `headings`; found once a page. */
export function tocTargets(headings: string): Element[] {
  const known = found.get(headings);
  if (known) return known;
  const holds = new Map<Element, boolean>();
  const holdsHeading = (el: Element): boolean => {
    let answer = holds.get(el);
    if (answer === undefined) {
      answer = el.querySelector(headings) !== null;
      holds.set(el, answer);
    }
    return answer;
  };
  const isHeading = (el: Element) => el.matches(headings);
  const targets = new Set<Element>();
  const addChildren = (parent: Element) => {
    for (const child of parent.children) if (!holdsHeading(child)) targets.add(child);
  };
  for (const main of document.querySelectorAll("main")) {
    for (const heading of main.querySelectorAll(headings)) targets.add(heading);
    // What follows each heading (or heading wrapper) up to the next one, which covers the rest.
    for (const anchor of main.querySelectorAll(`:where(${headings}), .sl-heading-wrapper`)) {
      for (let el = anchor.nextElementSibling; el; el = el.nextElementSibling) {
        if (isHeading(el)) {
          targets.add(el);
          break;
        }
        if (el.classList.contains("sl-heading-wrapper")) break;
        if (!holdsHeading(el)) targets.add(el);
      }
    }
    for (const content of main.querySelectorAll(".sl-markdown-content")) addChildren(content);
    addChildren(main);
  }
  const ordered = [...targets].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  found.set(headings, ordered);
  return ordered;
}
