// The names of the things a write can change and a read can show. A command names what it
// changed (change-events.server.ts); a shared read names what it shows (listings.server.ts); a
// change makes stale exactly the reads and stored pages that show one of the things it names.
// Public tags describe what readers see; private ones only ever reach one member's own caches
// and streams.
export const tag = {
  /** The whole forum's lists of questions: its pages, the home page's newest, counts, search, the sitemap. */
  forum: "forum",
  /** One topic's lists of questions. */
  topic: (id: number) => `topic:${id}`,
  /** One question's page: the question, its answers, their marks and names. */
  question: (id: number) => `question:${id}`,
  /** The topics themselves (names, order, descriptions), shown on every forum page. */
  topics: "topics",
  /** Published posts' lists: the blog, the home page's newest, the feed, search, the sitemap. */
  blog: "blog",
  /** One published post's page. */
  post: (id: number) => `post:${id}`,
  /** A member's name and public profile, wherever their posts show it. */
  member: (id: string) => `member:${id}`,
  /** Which members have a public profile (a profile turned on or off). */
  profiles: "profiles",
  /** How many members there are (the home page's counter). */
  members: "members",
  /** Lists of places (the sitemap). */
  places: "places",
  /** Every city-service page at once (an import). */
  placePages: "place-pages",
  city: (slug: string) => `city:${slug}`,
  service: (slug: string) => `service:${slug}`,
  place: (citySlug: string, serviceSlug: string) => `place:${citySlug}/${serviceSlug}`,

  // Private: a member's own notifications (their unread count), and their account and sessions.
  inbox: (memberId: string) => `inbox:${memberId}`,
  account: (memberId: string) => `account:${memberId}`,
  /** Which drafts a member has (one begun, discarded or posted; not each save of its text). */
  drafts: (memberId: string) => `drafts:${memberId}`,
  /** Every remembered session (a sign-out whose member is not known). */
  sessions: "sessions",
  /** Mails waiting in the outbox: every instance's sender looks. */
  mail: "mail",
  /** What waits for moderators and editors (open reports, stories to review): their header's count. */
  review: "review",
} as const;

const PRIVATE = /^(inbox|account|drafts):|^(sessions|mail|review)$/;

/** Whether a tag is one member's own (or the site's machinery), never a page readers share. */
export const isPrivateTag = (name: string) => PRIVATE.test(name);
