// How big the scaled data set is, and which of its members the benchmark signs in as.
export interface ScaleCounts {
  members: number;
  questions: number;
  answers: number;
  posts: number;
  cities: number;
  services: number;
}

export const SCALE: ScaleCounts = { members: 2000, questions: 50_000, answers: 150_000, posts: 2000, cities: 300, services: 8 };

/**
 * How many members the benchmark signs in as: scale-member-1 and on, ordinary members of the data
 * set (their own questions, answers and follows) whose newest notifications are unread.
 */
export const BENCH_MEMBERS = 5;
export const benchMemberEmail = (n: number) => `member${n}@scale.example`;
