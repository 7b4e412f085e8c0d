export type Role = 'administrator' | 'editor' | 'author' | 'subscriber';
export const roles: readonly Role[] = ['administrator', 'editor', 'author', 'subscriber'];

/** The signed-in user as pages see it (never the password hash). */
export interface User {
  id: number;
  login: string;
  slug: string;
  email: string;
  displayName: string;
  role: Role;
}

export const canEdit = (user: User | null | undefined) => user?.role === 'administrator' || user?.role === 'editor';
