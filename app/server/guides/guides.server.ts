// The ten guides: Markdown content read at start-up and indexed for search.
// The one module the rest of the app imports from this area; its other modules are internal.
export { GUIDE_COPY } from "./guide-copy.server";
export { allGuides, getGuide } from "./guide-pages.server";
