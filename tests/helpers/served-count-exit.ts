// A thread that counted stored pages and then exits, for page-cache.test.ts: the counts not yet
// written at exit must still reach standard output, through the app's own buffered stdout.
import { createLogger } from "../../app/server/log.server";
import { createServedCount } from "../../server/page-cache";

const count = createServedCount(createLogger("info"));
count.add(200);
count.add(200);
count.add(304);
createLogger("info").info("before exit");
process.exit(0);
