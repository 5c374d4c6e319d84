// What a member is told when an editor decides on their story: the words of the notification on
// /notifications and of the mail, kept in one place so both say the same.
export const STORY_KINDS = ["story-published", "story-returned", "story-declined"] as const;
export type StoryKind = (typeof STORY_KINDS)[number];

export function isStoryKind(kind: string): kind is StoryKind {
  return (STORY_KINDS as readonly string[]).includes(kind);
}

export function storyNoticeText(kind: StoryKind, title: string) {
  switch (kind) {
    case "story-published":
      return `Your story “${title}” was published.`;
    case "story-returned":
      return `Your story “${title}” was returned with a note from the editors.`;
    case "story-declined":
      return `Your story “${title}” was not published.`;
  }
}
