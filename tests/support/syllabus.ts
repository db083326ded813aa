/**
 * The course's chapters, fixed by the syllabus the course was planned from: slugs in
 * course order (docs/ARCHITECTURE.md, "Chapters"). Content tests compare what is on disk to it.
 */
export const syllabus = [
  "something-is-always-broken",
  "failure-modes",
  "failure-domains",
  "timeouts-retries-backoff",
  "retry-storm",
  "bulkheads",
  "circuit-breakers",
  "retry-budgets",
  "load-shedding",
  "cells",
  "shuffle-sharding",
  "static-stability",
  "deploys-and-correlated-failure",
  "interview-playbook",
  "workshop-kit",
] as const;
