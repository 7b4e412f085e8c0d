/**
 * Events that a plain module already acted on before their island hydrated (the cookie notice's
 * buttons act through the page's notice store at once): the island runtime records every early
 * click and key press to replay it once the component is there, and skips those marked here, so
 * nothing happens twice.
 */
const handled = new WeakSet<Event>();

export const markHandled = (e: Event): void => void handled.add(e);
export const wasHandled = (e: Event): boolean => handled.has(e);
