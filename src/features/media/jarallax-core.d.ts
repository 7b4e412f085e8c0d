// jarallax 2's core without the video extension (its dist bundle carries the video worker too).
declare module 'jarallax/src/core.js' {
  import type { jarallax } from 'jarallax';
  const core: typeof jarallax;
  export default core;
}
