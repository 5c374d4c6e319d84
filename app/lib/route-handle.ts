// What a route module may declare in its `handle` export for the server's speed machinery.
// `memberTemplate: true` lets members' views of the page be filled in from a template rendered
// once per kind of member. Such a route's loaders are then run on a request that carries no
// cookie but the sidebar's and no header that tells who is asking: whatever they show for the
// member must come from the viewer in the router context (root loader), never from the request.
export interface RouteHandle {
  memberTemplate?: boolean;
}

export const MEMBER_TEMPLATE: RouteHandle = { memberTemplate: true };
