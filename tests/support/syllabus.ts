/**
 * The course's chapters as the syllabus (../shared/course/SYLLABUS.md) fixes them, slugs in
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
