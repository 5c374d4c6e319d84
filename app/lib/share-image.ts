// Where a page's share image lives. Pages name an SVG illustration; the build renders each one to
// a PNG under /share (scripts/share-images.ts), because large social networks ignore SVG previews.

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** The site's own illustration, the share image of every page that names none. */
export const DEFAULT_SHARE_IMAGE = "/og-image.svg";

/** "/guides/x.svg" -> "/share/guides/x.png"; any other image is used as it is. */
export function shareImagePath(src: string) {
  return /^\/[\w/-]+\.svg$/.test(src) ? `/share${src.replace(/\.svg$/, ".png")}` : src;
}

/** The site's logo for structured data: the favicon drawing rendered square, as a PNG. */
export const LOGO_SOURCE = "/favicon.svg";
export const LOGO_PATH = "/share/logo.png";
export const LOGO_SIZE = 512;
