// Reading a form body with a size limit, for the pages that take file uploads: the limit holds
// whatever the Content-Length header says.
/**
 * Reads a form body (urlencoded or multipart) of at most `maxBytes`, without trusting the
 * Content-Length header. Returns null when the body is larger.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return request.formData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Blob(chunks as BlobPart[]);
  return new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
}
