export type Role = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';
export const roles: readonly Role[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber'];

/** The signed-in user as pages see it (never the password hash). */
export interface User {
  id: number;
  login: string;
  slug: string;
  email: string;
  displayName: string;
  role: Role;
}

