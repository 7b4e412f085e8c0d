/**
 * The star-rating component: the reference plugin's API (`rateyo(el, options)` to create,
 * `rateyo(el, 'method', ...args)` to call `rating`, `option`, `method`, `destroy`) with its error
 * messages, drawn as two layers of stars (grey, and the rated part clipped to the rating) and made
 * accessible as a native radio group ("Rate {n} out of 5" per star). The radios lie transparent
 * over their stars (a click on a star is a click on its radio); the focused star is shown filled
 * and the whole row outlined.
 *
 * Choosing a star: a click (or Space) on a star, or Enter on the focused star, sets the rating.
 * Arrow keys only move through the stars and preview them, so keyboard users never vote by
 * accident while looking around.
 */
import { RATING, STAR_PATH, STAR_VIEWBOX, checkBounds, containerWidth, ratedPercent } from './math.ts';

export interface RateYoOptions {
  rating: number;
  numStars: number;
  maxValue: number;
  precision: number;
  fullStar: boolean;
  halfStar: boolean;
  readOnly: boolean;
  /** CSS px, e.g. '13px' */
  starWidth: string;
  /** CSS px, e.g. '3px' */
  spacing: string;
  normalFill: string;
  ratedFill: string;
  rtl: boolean;
  onSet: ((rating: number, instance: RateYo) => void) | null;
  onChange: ((rating: number, instance: RateYo) => void) | null;
  /** accessible name of the radio group */
  groupLabel: string;
  /** accessible name of each star; `{n}` is the star's value */
  starLabel: string;
}

export interface RateYo {
  readonly node: HTMLElement;
  rating(value?: number | string): number | HTMLElement;
  option(name?: string, value?: unknown): unknown;
  method(name?: string, ...args: unknown[]): unknown;
  destroy(): HTMLElement;
}

export const DEFAULTS: RateYoOptions = {
  rating: 0,
  numStars: RATING.numStars,
  maxValue: RATING.maxValue,
  precision: RATING.precision,
  fullStar: true,
  halfStar: false,
  readOnly: false,
  starWidth: `${RATING.starWidth}px`,
  spacing: `${RATING.spacing}px`,
  normalFill: '',
  ratedFill: '',
  rtl: false,
  onSet: null,
  onChange: null,
  groupLabel: 'Rating',
  starLabel: 'Rate {n} out of 5',
};

const instances = new WeakMap<Element, RateYo>();
let uid = 0;
const SVG_NS = 'http://www.w3.org/2000/svg';
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

const px = (v: string) => Number.parseFloat(String(v).replace('px', '')) || 0;

function star(size: number): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', STAR_VIEWBOX);
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', STAR_PATH);
  svg.append(path);
  return svg;
}

function create(node: HTMLElement, options: RateYoOptions): RateYo {
  const o: RateYoOptions = { ...options };
  const name = `rateyo-${++uid}`;
  let normal: HTMLElement;
  let rated: HTMLElement;
  let radios: HTMLElement | null = null;
  let arrowing = false;
  let self: RateYo;

  const step = () => o.maxValue / o.numStars;
  const geometry = () => ({ numStars: o.numStars, maxValue: o.maxValue, starWidth: px(o.starWidth), spacing: px(o.spacing) });

  const show = (value = o.rating) => {
    rated.style.width = `${ratedPercent(value, geometry())}%`;
  };
  const fire = (type: 'set' | 'change', value: number) => {
    node.dispatchEvent(new CustomEvent(`rateyo.${type}`, { bubbles: true, detail: { rating: value } }));
    const cb = type === 'set' ? o.onSet : o.onChange;
    if (typeof cb === 'function') cb.call(node, value, self);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (ARROWS.has(e.key)) {
      arrowing = true;
      setTimeout(() => (arrowing = false));
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      setRating(Number(e.target.value));
    }
  };
  const onClick = (e: Event) => {
    if (!(e.target instanceof HTMLInputElement)) return;
    const value = Number(e.target.value);
    if (arrowing) {
      show(value);
      fire('change', value);
    } else setRating(value);
  };
  const onChangeEvt = (e: Event) => {
    if (arrowing && e.target instanceof HTMLInputElement) show(Number(e.target.value));
  };
  const onOver = (e: Event) => {
    if (!(e.target instanceof HTMLInputElement)) return;
    const value = Number(e.target.value);
    show(value);
    fire('change', value);
  };
  const onLeave = () => {
    const checked = radios?.querySelector<HTMLInputElement>('input:checked');
    show(checked && radios?.contains(document.activeElement) ? Number(checked.value) : o.rating);
    fire('change', o.rating);
  };
  const onFocusIn = (e: FocusEvent) => {
    // the focused star is shown filled (with the outline around the stars, the focus indicator)
    if (e.target instanceof HTMLInputElement) show(Number(e.target.value));
  };
  const onFocusOut = (e: FocusEvent) => {
    if (radios && !radios.contains(e.relatedTarget as Node | null)) {
      radios.querySelectorAll('input').forEach((i) => (i.checked = false));
      show();
    }
  };

  function renderRadios() {
    radios?.remove();
    radios = null;
    if (o.readOnly) return;
    const group = document.createElement('span');
    group.className = 'rateyo__radios';
    group.setAttribute('role', 'radiogroup');
    group.setAttribute('aria-label', o.groupLabel);
    group.style.gap = o.spacing;
    for (let i = 1; i <= o.numStars; i++) {
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = name;
      const value = Math.round(i * step() * 10 ** o.precision) / 10 ** o.precision;
      input.value = String(value);
      input.setAttribute('aria-label', o.starLabel.replace('{n}', String(value)));
      input.style.width = input.style.height = o.starWidth;
      group.append(input);
    }
    group.addEventListener('keydown', onKeyDown);
    group.addEventListener('click', onClick);
    group.addEventListener('change', onChangeEvt);
    group.addEventListener('mouseover', onOver);
    group.addEventListener('focusin', onFocusIn);
    group.addEventListener('focusout', onFocusOut);
    node.append(group);
    radios = group;
  }

  function render() {
    node.classList.add('rateyo');
    node.replaceChildren();
    const size = px(o.starWidth);
    node.style.width = `${containerWidth(o.numStars, size, px(o.spacing))}px`;
    node.style.height = o.starWidth;
    normal = document.createElement('span');
    normal.className = 'rateyo__group rateyo__normal';
    rated = document.createElement('span');
    rated.className = 'rateyo__group rateyo__rated';
    for (const g of [normal, rated]) {
      g.setAttribute('aria-hidden', 'true');
      g.style.gap = o.spacing;
      for (let i = 0; i < o.numStars; i++) g.append(star(size));
    }
    if (o.normalFill) normal.style.color = o.normalFill;
    if (o.ratedFill) rated.style.color = o.ratedFill;
    node.append(normal, rated);
    node.toggleAttribute('data-readonly', o.readOnly);
    if (o.rtl) node.setAttribute('dir', 'rtl');
    renderRadios();
    show();
  }

  function setRating(value: number | string, silent = false): HTMLElement {
    let v = typeof value === 'string' ? Number.parseFloat(value) : value;
    checkBounds(v, 0, o.maxValue);
    v = Number.parseFloat(v.toFixed(o.precision));
    o.rating = v;
    show();
    if (!silent && !o.readOnly) fire('set', v);
    return node;
  }

  function setReadOnly(value: boolean) {
    o.readOnly = !!value;
    node.toggleAttribute('data-readonly', o.readOnly);
    renderRadios();
    return node;
  }

  /** getter/setter per option, as the reference's `option(name, value)` */
  const setters: Record<string, (v: unknown) => unknown> = {
    starWidth: (v) => ((o.starWidth = String(v)), render(), node),
    numStars: (v) => ((o.numStars = Number(v)), render(), node),
    normalFill: (v) => ((o.normalFill = String(v)), (normal.style.color = o.normalFill), node),
    ratedFill: (v) => ((o.ratedFill = String(v)), (rated.style.color = o.ratedFill), node),
    maxValue: (v) => {
      o.maxValue = Number(v);
      if (o.rating > o.maxValue) setRating(o.maxValue, true);
      render();
      return node;
    },
    precision: (v) => ((o.precision = Number(v)), show(), node),
    rating: (v) => setRating(v as number | string),
    halfStar: (v) => ((o.halfStar = !!v), node),
    fullStar: (v) => ((o.fullStar = !!v), node),
    readOnly: (v) => setReadOnly(!!v),
    spacing: (v) => ((o.spacing = String(v)), render(), node),
    rtl: (v) => ((o.rtl = !!v), render(), node),
    onSet: (v) => ((o.onSet = typeof v === 'function' ? (v as RateYoOptions['onSet']) : null), node),
    onChange: (v) => ((o.onChange = typeof v === 'function' ? (v as RateYoOptions['onChange']) : null), node),
    groupLabel: (v) => ((o.groupLabel = String(v)), renderRadios(), node),
    starLabel: (v) => ((o.starLabel = String(v)), renderRadios(), node),
  };

  const methods: Record<string, (...args: unknown[]) => unknown> = {
    rating: (value?: unknown) => (value === undefined ? o.rating : setRating(value as number | string)),
    option: (optionName?: unknown, value?: unknown) => {
      if (optionName === undefined) return { ...o };
      const key = String(optionName);
      const set = Object.hasOwn(setters, key) ? setters[key] : undefined;
      if (!set) throw new Error(`No such option as ${key}`);
      return value === undefined ? o[key as keyof RateYoOptions] : set(value);
    },
    method: (methodName?: unknown, ...args: unknown[]) => {
      if (!methodName) throw new Error('Method name not specified!');
      const key = String(methodName);
      const fn = Object.hasOwn(methods, key) ? methods[key] : undefined;
      if (!fn) throw new Error(`Method ${key} doesn't exist!`);
      return fn(...args);
    },
    destroy: () => {
      radios?.remove();
      radios = null;
      node.removeEventListener('mouseleave', onLeave);
      node.classList.remove('rateyo');
      node.replaceChildren();
      instances.delete(node);
      return node;
    },
  };

  self = {
    node,
    rating: (value) => methods.rating!(value) as number | HTMLElement,
    option: (optionName, value) => methods.option!(optionName, value),
    method: (methodName, ...args) => methods.method!(methodName, ...args),
    destroy: () => methods.destroy!() as HTMLElement,
  };

  checkBounds(Number(o.rating), 0, o.maxValue);
  render();
  node.addEventListener('mouseleave', onLeave);
  instances.set(node, self);
  return self;
}

/**
 * `rateyo(el)` / `rateyo(el, options)` creates the widget (or answers the existing one);
 * `rateyo(el, 'rating')`, `rateyo(el, 'option', 'readOnly', true)`, `rateyo(el, 'method', name, ...)`
 * call its methods, with the reference plugin's errors.
 */
export function rateyo(node: HTMLElement, ...args: unknown[]): unknown {
  if (args.length === 0 || (args.length === 1 && typeof args[0] === 'object' && args[0] !== null)) {
    return instances.get(node) ?? create(node, { ...DEFAULTS, ...((args[0] as Partial<RateYoOptions> | undefined) ?? {}) });
  }
  if (typeof args[0] === 'string') {
    const instance = instances.get(node);
    if (!instance) throw new Error('Trying to set options before even initialization');
    return instance.method(...(args as [string, ...unknown[]]));
  }
  throw new Error('Invalid Arguments');
}

/** The widget of an element, if created. */
export const rateyoOf = (node: Element): RateYo | undefined => instances.get(node);
