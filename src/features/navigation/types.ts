export interface MenuItem {
  id: number;
  label: string;
  url: string;
  /** category whose latest posts fill a mega-menu panel */
  megaTermId: number | null;
  /** how many posts the mega-menu panel shows; null or absent: the default (4) */
  megaCount?: number | null;
  children: MenuItem[];
}
export type MenuLocation = 'main' | 'footer' | 'side';
