/**
 * Serving runs React and every other library in their production builds unless the environment
 * says otherwise: without NODE_ENV, React's server renderer loads its development build, which
 * costs about a third of every uncached render. Imported first by the server entry, so it runs
 * before anything that reads NODE_ENV is loaded.
 */
process.env.NODE_ENV ??= 'production';
export const nodeEnv = process.env.NODE_ENV;
