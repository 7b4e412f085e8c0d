// video-worker 2 (jarallax's video extension uses it): the parts the frame players extend.
declare module 'video-worker' {
  class VideoWorkerBase {
    constructor(url: string, options?: Record<string, unknown>);
    type: string;
    url: string;
    videoID: string | false;
    options: Record<string, unknown>;
    isValid(): boolean;
    init(): void;
    on(name: string, callback: (...args: unknown[]) => void): void;
    off(name: string, callback?: (...args: unknown[]) => void): void;
    fire(name: string, ...args: unknown[]): void;
    play(start?: number): void;
    pause(): void;
    getImageURL(callback: (url: string) => void): void;
    getVideo(callback: (el: HTMLElement) => void): void;
  }
  interface VideoWorkerFactory {
    (url: string, options?: Record<string, unknown>): VideoWorkerBase;
    BaseClass: typeof VideoWorkerBase;
    providers: Record<string, typeof VideoWorkerBase & { parseURL(url: string): string | false }>;
  }
  const VideoWorker: VideoWorkerFactory;
  export default VideoWorker;
}

// jarallax 2's video extension, on the same core as `jarallax/src/core.js`.
declare module 'jarallax/src/ext-video.js' {
  import type { jarallax } from 'jarallax';
  export default function jarallaxVideo(core: typeof jarallax): void;
}
