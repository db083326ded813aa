/** The four parts of the course, in order. Chapters name their part by number in frontmatter. */
export interface Part {
  number: 1 | 2 | 3 | 4;
  title: string;
  /** One line on what the part gives a reader. */
  promise: string;
}

export const parts: readonly Part[] = [
  {
    number: 1,
    title: "Thinking in failure domains",
    promise: "See every system as the set of things that fail together.",
  },
  { number: 2, title: "Containing the blast", promise: "Stop one slow dependency from becoming everyone's outage." },
  {
    number: 3,
    title: "Architecture for a small blast radius",
    promise: "Shape the system so a fault can only reach a few customers.",
  },
  {
    number: 4,
    title: "Interview and workshop",
    promise: "Say it with numbers in an interview; teach it to your team.",
  },
];
