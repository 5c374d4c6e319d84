// What members' text fields (forum posts, stories) and the editors' post content accept, said
// under each of them (the renderer is app/server/infra/post-markdown.server.ts).
export const FORMATTING_HINT = "You can use **bold**, *italic*, lists (start lines with - or 1.) and links. Web addresses become links.";
