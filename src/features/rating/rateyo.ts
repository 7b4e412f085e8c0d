/**
 * The star-rating component's model: the reference plugin's API (`rating`, `option`, `method`,
 * `destroy`, with its error messages) over plain state, no DOM. The React component
 * (`StarRating.tsx`) keeps its options in one of these and renders from its snapshot
 * (`subscribe` / `snapshot`, for `useSyncExternalStore`), so a rating set through the API and a
 * star chosen by the visitor take the same path: bounds check, precision, `onSet` unless read-only.
 */
import { RATING, checkBounds } from './math.ts';

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
  rating(value?: number | string): number | RateYo;
  option(name?: string, value?: unknown): unknown;
  method(name?: string, ...args: unknown[]): unknown;
  /** back to the defaults; listeners stay */
  destroy(): RateYo;
  /** tells the component that a preview (hover, focus, arrow keys) shows `value` */
  change(value: number): void;
  subscribe(listener: () => void): () => void;
  /** the current options (a new object after every change) */
  snapshot(): Readonly<RateYoOptions>;
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

/** CSS px value as a number ('13px' → 13). */
export const px = (v: string): number => Number.parseFloat(String(v).replace('px', '')) || 0;

/** The value of each star (1..numStars scaled to maxValue, at the precision). */
export function starValues(o: Pick<RateYoOptions, 'numStars' | 'maxValue' | 'precision'>): number[] {
  const step = o.maxValue / o.numStars;
  return Array.from({ length: o.numStars }, (_, i) => Math.round((i + 1) * step * 10 ** o.precision) / 10 ** o.precision);
}

/** Creates a rating model with the reference's options (throws the bounds message for a bad rating). */
export function rateyo(options: Partial<RateYoOptions> = {}): RateYo {
  let o: RateYoOptions = { ...DEFAULTS, ...options };
  const listeners = new Set<() => void>();
  let self: RateYo;

  const update = (patch: Partial<RateYoOptions>) => {
    o = { ...o, ...patch };
    for (const l of [...listeners]) l();
    return self;
  };
  const fire = (type: 'set' | 'change', value: number) => {
    const cb = type === 'set' ? o.onSet : o.onChange;
    if (typeof cb === 'function') cb(value, self);
  };

  function setRating(value: number | string): RateYo {
    let v = typeof value === 'string' ? Number.parseFloat(value) : value;
    checkBounds(v, 0, o.maxValue);
    v = Number.parseFloat(v.toFixed(o.precision));
    update({ rating: v });
    if (!o.readOnly) fire('set', v);
    return self;
  }

  /** setter per option, as the reference's `option(name, value)` */
  const setters: Record<string, (v: unknown) => RateYo> = {
    starWidth: (v) => update({ starWidth: String(v) }),
    numStars: (v) => update({ numStars: Number(v) }),
    normalFill: (v) => update({ normalFill: String(v) }),
    ratedFill: (v) => update({ ratedFill: String(v) }),
    maxValue: (v) => update({ maxValue: Number(v), rating: Math.min(o.rating, Number(v)) }),
    precision: (v) => update({ precision: Number(v) }),
    rating: (v) => setRating(v as number | string),
    halfStar: (v) => update({ halfStar: !!v }),
    fullStar: (v) => update({ fullStar: !!v }),
    readOnly: (v) => update({ readOnly: !!v }),
    spacing: (v) => update({ spacing: String(v) }),
    rtl: (v) => update({ rtl: !!v }),
    onSet: (v) => update({ onSet: typeof v === 'function' ? (v as RateYoOptions['onSet']) : null }),
    onChange: (v) => update({ onChange: typeof v === 'function' ? (v as RateYoOptions['onChange']) : null }),
    groupLabel: (v) => update({ groupLabel: String(v) }),
    starLabel: (v) => update({ starLabel: String(v) }),
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
    destroy: () => update({ ...DEFAULTS }),
  };

  self = {
    rating: (value) => methods.rating!(value) as number | RateYo,
    option: (optionName, value) => methods.option!(optionName, value),
    method: (methodName, ...args) => methods.method!(methodName, ...args),
    destroy: () => methods.destroy!() as RateYo,
    change: (value) => fire('change', value),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => o,
  };

  checkBounds(Number(o.rating), 0, o.maxValue);
  return self;
}
