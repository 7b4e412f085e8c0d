export interface MenuItem {
  id: number;
  label: string;
  url: string;
  /** category whose latest posts fill a mega-menu panel */
  megaTermId: number | null;
  children: MenuItem[];
}
export type MenuLocation = 'main' | 'footer' | 'side';
