import { defineConfig } from "vitest/config";

// Every test runs in UTC, whatever the machine's zone: the review's "later today" and "tomorrow"
// are the learner's day (src/course/review.ts `dayOf`), and tests that expect literal dates failed
// under TZ=Pacific/Pago_Pago. Workers inherit it, and so does the Chromium the browser tests launch.
process.env.TZ = "UTC";

// Three projects, run in this order by `npm test`:
//   unit:    pure logic (simulations, grader, parsers), content and exercise checks; no build needed
//   site:    checks on the built site in dist/ (links, anchors, budgets)
//   browser: what a person does, in Debian's Chromium, against dist/
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/**/*.test.ts",
            "content/**/*.test.ts",
            "tests/unit/**/*.test.ts",
            "tests/content/**/*.test.ts",
            "tests/attacks/**/*.test.ts",
          ],
          environment: "node",
          // A guard against a hang, not a speed check: two tests that take 1 to 2 s on a quiet
          // machine (review-seed.test.ts's 5,000 seeds, gameday/text.test.ts's 99,001 shares) took
          // over the 5 s default in a clean clone run beside four other engineers' builds (load
          // average 17), and CI's busy machine has taken 2.5 times its quiet time.
          testTimeout: 30_000,
          // One module graph for every file of a worker, instead of a fresh one per file: the
          // files are pure logic and content checks (no mocks; the global stubs are undone
          // after each test), and importing the simulations, grader and content anew for each
          // of 110 files was most of the phase. The same 1,783 tests pass, also with the files
          // shuffled (docs/PERFORMANCE.md): 75.5 s wall, 91.7 s CPU against 132.9 s, 170.0 s.
          isolate: false,
        },
      },
      {
        test: {
          name: "site",
          include: ["tests/site/**/*.test.ts"],
          environment: "node",
          // These read and parse every built page (the playbook alone is ~470 KB of HTML): on two
          // cores shared with other builds that took over the 5 s default.
          testTimeout: 30_000,
          // One module graph for the five files, as for the unit tests: they read the build and
          // mock nothing, and each importing parse5 and the built site anew was most of the
          // phase. Alone, alternating: 5.1 to 5.8 s and 6.5 to 7.6 CPU-s against 8.1 to 9.1 s and
          // 11.2 to 12.4 (docs/PERFORMANCE.md); the same 160 tests pass, also shuffled.
          isolate: false,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/browser/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits for a state up to 10 s, not vitest's 1 s: it returns as soon as the
          // state is there, so a passing test takes no longer, but on a busy machine a page's answer
          // can take over a second (a map-builder poll of its status failed at 1 s under load in
          // session 47, on code that passes). A poll that needs longer still says so itself.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time on the run's one Chromium (each file's waits for the network and
          // for animation frames are the other's time to run; docs/PERFORMANCE.md). The timed
          // checks run with no other browser test beside them (`browser.alone()`,
          // tests/support/alone.ts).
          maxWorkers: 2,
          // every-page.test.ts checks its pages this many at a time.
          maxConcurrency: 2,
          // As for the unit tests, one module graph per worker (playwright-core, the fixture and
          // the sources a file imports load once, not once per file): no file mocks or stubs
          // anything, and each describe block opens and closes its own browser context.
          // Measured in docs/PERFORMANCE.md.
          isolate: false,
        },
      },
    ],
  },
});
