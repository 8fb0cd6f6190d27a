/**
 * A user's roles and permissions as an operator grants and revokes them (/users/:userId/permissions).
 * Being built (issue 13): the owner of this domain fills the structs and endpoints in.
 */
export const userPermissionEndpoints = {} as const;
