// The contract of the API's followed topics, and its OpenAPI description: following a topic tells
// the member of each new question filed under it; the list is the token's member's own.
import { z } from "zod";
import "zod-openapi";
import { member } from "./openapi-operations";
import { TopicSlugParamSchema } from "./schemas";

export const TopicFollowSchema = z
  .strictObject({ topicSlug: z.string(), following: z.boolean().meta({ description: "Whether the member follows the topic now." }) })
  .meta({ id: "TopicFollow" });

export const FollowedTopicsSchema = z
  .strictObject({
    topics: z.array(z.strictObject({ slug: z.string(), name: z.string() })).meta({ description: "In the order the forum lists its topics." }),
  })
  .meta({ id: "FollowedTopics" });

const path = { requestParams: { path: TopicSlugParamSchema } };

export const TOPIC_FOLLOW_PATHS = {
  "/topics/{topicSlug}/follow": {
    put: member(
      {
        operationId: "followTopic",
        tags: ["Forum"],
        summary: "Follow a topic",
        description:
          "The member is notified of each new question filed under the topic (not of their own), and mailed as their notification choice says. Following twice is the same as once. An unknown topic is 404.",
      },
      TopicFollowSchema,
      path,
      [404],
    ),
    delete: member(
      {
        operationId: "unfollowTopic",
        tags: ["Forum"],
        summary: "Stop following a topic",
        description: "No more notifications of the topic's new questions. Stopping twice is the same as once. An unknown topic is 404.",
      },
      TopicFollowSchema,
      path,
      [404],
    ),
  },
  "/followed-topics": {
    get: member(
      {
        operationId: "listFollowedTopics",
        tags: ["Forum"],
        summary: "Topics the member follows",
        description: "The topics the token's member follows. Nobody else can see this list.",
      },
      FollowedTopicsSchema,
    ),
  },
};
