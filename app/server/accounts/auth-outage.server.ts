// The auth library's handler, answering database trouble as the rest of the site does: 503 with
// Retry-After when the database cannot be reached, one JSON log line, and no query parameters
// (members' emails, session tokens) anywhere. The library is told to throw what it cannot handle
// (`onAPIError.throw`) rather than print it; a few of its endpoints turn a failed query into an
// ordinary refusal ("Failed to create user"), so such an answer is checked against the database.
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/server/infra/db.server";
import { loggedPath, type Logger } from "~/server/infra/log.server";

export const UNAVAILABLE_MESSAGE = "Temporarily unavailable: the site cannot reach its database. Please try again in a moment.";

type Handler = (request: Request) => Promise<Response>;

export function answeringOutages(handler: Handler, options: { log: Logger; ping?: () => Promise<void> }): Handler {
  const { log } = options;
  const reachable = async () => {
    if (!options.ping) return true;
    return options.ping().then(
      () => true,
      () => false,
    );
  };
  const unavailable = () =>
    Response.json(
      { message: UNAVAILABLE_MESSAGE, code: "TEMPORARILY_UNAVAILABLE" },
      { status: 503, headers: { "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" } },
    );
  return async (request) => {
    const path = loggedPath(new URL(request.url).pathname);
    let response: Response;
    try {
      response = await handler(request);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        log.warn({ component: "auth", path, err: error }, "database unavailable");
        return unavailable();
      }
      log.error({ component: "auth", path, err: error }, "auth request failed");
      return Response.json(
        { message: "Something went wrong. Please try again.", code: "INTERNAL_SERVER_ERROR" },
        { status: 500, headers: { "Cache-Control": "no-store" } },
      );
    }
    if ((response.status === 422 || response.status >= 500) && !(await reachable())) {
      log.warn({ component: "auth", path, status: response.status }, "database unavailable");
      return unavailable();
    }
    return response;
  };
}
