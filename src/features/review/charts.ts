/**
 * Review bars, pie charts and counters animate once, when first in view (SPEC 9). Without script,
 * or with reduced motion, the server's final values stay as they are. Nothing changes size: bars
 * grow by transform inside their track, the ring by its stroke, counters keep their width.
 */
import { reducedMotion } from '../../ui/client/enhance.ts';
import { DURATION, barWidth, counterAt, counterText, pieDash, pieOptions, pieRing, progress } from './anim.ts';

function onceInView(el: Element, run: () => void) {
  if (typeof IntersectionObserver !== 'function') return run();
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      run();
    },
    { threshold: 0.25 },
  );
  io.observe(el);
}

function frames(duration: number, step: (p: number, elapsed: number) => void) {
  const start = performance.now();
  const tick = (now: number) => {
    const elapsed = now - start;
    step(progress(elapsed, duration), elapsed);
    if (elapsed < duration) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

export function initBar(fill: HTMLElement): void {
  fill.style.width = `${barWidth(fill.dataset.width)}%`;
  if (reducedMotion()) return;
  fill.style.transform = 'scaleX(0)';
  onceInView(fill, () => {
    fill.style.transition = `transform ${DURATION.bar}ms cubic-bezier(0.33, 1, 0.68, 1)`;
    requestAnimationFrame(() => requestAnimationFrame(() => (fill.style.transform = 'scaleX(1)')));
    fill.addEventListener(
      'transitionend',
      () => {
        fill.style.transition = '';
        fill.style.transform = '';
      },
      { once: true },
    );
  });
}

export function initPie(chart: HTMLElement): void {
  const o = pieOptions(chart.dataset);
  const svg = chart.querySelector('svg');
  const [track, value] = chart.querySelectorAll('circle');
  if (!svg || !track || !value) return;
  const { r } = pieRing(o.size, o.thickness);
  const mid = String(o.size / 2);
  chart.style.width = chart.style.height = `${o.size}px`;
  svg.setAttribute('width', String(o.size));
  svg.setAttribute('height', String(o.size));
  svg.setAttribute('viewBox', `0 0 ${o.size} ${o.size}`);
  for (const c of [track, value]) {
    c.setAttribute('cx', mid);
    c.setAttribute('cy', mid);
    c.setAttribute('r', String(r));
    c.setAttribute('stroke-width', String(o.thickness));
  }
  track.setAttribute('stroke', o.trackColor);
  value.setAttribute('stroke', o.color);
  value.setAttribute('transform', `rotate(-90 ${mid} ${mid})`);
  value.setAttribute('stroke-dasharray', pieDash(o.percent, o.size, o.thickness));
  if (reducedMotion()) return;
  value.setAttribute('stroke-dasharray', pieDash(0, o.size, o.thickness));
  onceInView(chart, () => frames(DURATION.pie, (p) => value.setAttribute('stroke-dasharray', pieDash(o.percent * p, o.size, o.thickness))));
}

export function initCounter(counter: HTMLElement): void {
  const target = Math.max(0, Math.round(Number(counter.dataset.count) || 0));
  counter.textContent = String(target);
  if (reducedMotion() || target === 0) return;
  counter.textContent = counterText(0, target);
  onceInView(counter, () =>
    frames(DURATION.counter, (_p, elapsed) => {
      const v = counterAt(elapsed, target);
      counter.textContent = v === target ? String(target) : counterText(v, target);
    }),
  );
}
