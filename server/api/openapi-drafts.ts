// The OpenAPI description of a member's drafts: read, save (with the version the text was written
// over; 409 when another one was saved meanwhile) and discard, for each kind of draft.
import { json, member } from "./openapi-operations";
import { DraftBodySchema, DraftDeletedSchema, DraftParamSchema, DraftSchema } from "./member-schemas";

const path = { requestParams: { path: DraftParamSchema } };

export const DRAFT_PATHS = {
  "/drafts/{kind}/{targetId}": {
    get: member(
      {
        operationId: "getDraft",
        tags: ["Drafts"],
        summary: "Read a draft",
        description: "The member's draft of this kind for this target, with its version. None is 404, as is a kind or target there cannot be.",
      },
      DraftSchema,
      path,
      [404],
    ),
    put: member(
      {
        operationId: "saveDraft",
        tags: ["Drafts"],
        summary: "Save a draft",
        description:
          "Saves the text with the version it was written over (0 for a new draft) and answers the new version. Another version is refused (409): nothing is overwritten. Posting the question or answer deletes its draft. The forms' length limits apply; at most 300 saves in 10 minutes.",
      },
      DraftSchema,
      { ...path, requestBody: { required: true, content: json(DraftBodySchema) } },
      [400, 404, 409, 413, 415],
    ),
    delete: member(
      {
        operationId: "deleteDraft",
        tags: ["Drafts"],
        summary: "Discard a draft",
        description: "Deletes the member's draft, if there is one. Discarding twice is the same as once.",
      },
      DraftDeletedSchema,
      path,
      [404],
    ),
  },
};
