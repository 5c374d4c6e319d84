// Where a page's share image lives. Pages name an SVG illustration; the build renders each one to
// a PNG under /share (scripts/share-images.ts), because large social networks ignore SVG previews.

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** "/guides/x.svg" -> "/share/guides/x.png"; any other image is used as it is. */
export function shareImagePath(src: string) {
  return /^\/[\w/-]+\.svg$/.test(src) ? `/share${src.replace(/\.svg$/, ".png")}` : src;
}
