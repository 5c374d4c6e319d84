// The API's followed topics: a member follows or stops following a topic (PUT and DELETE, so a
// client may repeat them) and lists the topics they follow. Private to the token's member.
import express, { type RequestHandler } from "express";
import { isTopicSlug } from "~/lib/forum-list";
import { followedTopics, setTopicFollow } from "~/server/forum/forum.server";
import { getTopicBySlug } from "~/server/forum/forum.server";
import type { Runtime } from "~/server/runtime.server";
import { notFound, sendJson } from "./http";
import { FollowedTopicsSchema, TopicFollowSchema } from "./topic-follow-schemas";

export const TOPIC_FOLLOW_API_ROUTES = {
  "/topics/:topicSlug/follow": ["PUT", "DELETE"],
  "/followed-topics": ["GET"],
} as const;

export function createTopicFollowRoutes(runtime: Runtime, requireToken: RequestHandler) {
  const { db } = runtime;
  const router = express.Router();
  const member = (res: express.Response) => res.locals.userId as string;

  for (const want of [true, false]) {
    router[want ? "put" : "delete"]("/topics/:topicSlug/follow", requireToken, async (req, res) => {
      const slug = String(req.params.topicSlug);
      const topic = isTopicSlug(slug) ? await getTopicBySlug(db, slug) : null;
      if (!topic) throw notFound("Topic not found");
      await setTopicFollow(runtime, member(res), topic.id, want);
      sendJson(res, 200, TopicFollowSchema, { topicSlug: topic.slug, following: want });
    });
  }

  router.get("/followed-topics", requireToken, async (_req, res) => {
    const topics = await followedTopics(db, member(res));
    res.setHeader("Cache-Control", "private, no-store");
    sendJson(res, 200, FollowedTopicsSchema, { topics: topics.map((t) => ({ slug: t.slug, name: t.name })) });
  });

  return router;
}
