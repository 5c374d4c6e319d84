// Server rendering: the whole document is rendered before anything is sent (our pages load all
// their data before rendering, and the server compresses and caches whole pages), collected into
// one buffer and answered in one piece; the request's CSP nonce goes on every script React and
// React Router write (server/security.ts sends the matching policy).
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { cspNonceContext, requestOutcomeContext, runtimeContext } from "~/server/context";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/server/infra/db.server";

// Page requests whose loaders failed because the database could not be reached (handleError sees
// the errors before React Router hides their details; handleRequest then answers 503).
const databaseUnavailable = new WeakSet<Request>();

export const streamTimeout = 5_000;

/**
 * React Router's errors, through the site's logger as one JSON line with the path (never the
 * query). A refused request (an error response below 500, or a form whose origin does not match,
 * which React Router answers 400) is not a fault of the site: one warning, no stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = (context as RouterContextProvider).get(runtimeContext).log;
  const line = { method: request.method, path: new URL(request.url).pathname };
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request);
    const outcome = (context as RouterContextProvider).get(requestOutcomeContext);
    if (outcome) outcome.databaseUnavailable = true;
    log.warn({ ...line, err: error }, "database unavailable");
  } else if (isRouteErrorResponse(error) && error.status < 500) log.warn({ ...line, status: error.status }, "request refused");
  else if (formFromElsewhere(request)) log.warn({ ...line, status: 400 }, "request refused: the form's origin does not match");
  else log.error({ ...line, err: error }, "request failed");
};

/**
 * A form sent to a different origin than the one its page came from (its Origin header names
 * another scheme, host or port than the request's address): React Router refuses those actions
 * with 400 before they run, which is no fault of the site.
 */
function formFromElsewhere(request: Request) {
  const origin = request.headers.get("origin");
  if (!origin || !["POST", "PUT", "PATCH", "DELETE"].includes(request.method.toUpperCase())) return false;
  return URL.parse(origin)?.origin !== new URL(request.url).origin;
}

function unavailableHeaders(headers: Headers) {
  headers.set("Retry-After", RETRY_AFTER_SECONDS);
  headers.set("Cache-Control", "no-store");
}

/** A client navigation's data (`.data`) for a request the database failed: as for a document. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (databaseUnavailable.has(request)) unavailableHeaders(response.headers);
  return response;
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext) || undefined;
  // The database is away: the error page in the site's layout says so (a 503 error response, which
  // the root error boundary words plainly). Retry-After and no-store are set here too: when the
  // root middleware itself failed (who is signed in could not be read), it adds nothing.
  if (databaseUnavailable.has(request)) {
    const errors = routerContext.staticHandlerContext.errors ?? {};
    for (const id of Object.keys(errors)) errors[id] = new ErrorResponseImpl(503, "Service Unavailable", null);
    responseStatusCode = 503;
    unavailableHeaders(responseHeaders);
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort the render after `streamTimeout` so rejected boundaries still have time to settle.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // The document is sent in one piece, so a finished Suspense boundary goes in its place: no
      // fallback, hidden copy and swap script, which React adds past 12.8 kB to paint streams early.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const collect = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            responseHeaders.set("Content-Type", "text/html");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(collect);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors inside the shell are logged by React Router (handleError); only log the ones after it.
        if (shellRendered) loadContext.get(runtimeContext).log.error({ path: new URL(request.url).pathname, err: error }, "render failed");
      },
    });
  });
}
