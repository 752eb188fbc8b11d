import type { KnownApp } from '@/types/api.gen';

export interface AppGroup {
  key: string;
  /** Dropline's own apps. */
  own: boolean;
  category: string;
  apps: KnownApp[];
}

/** The API's order (own apps first, then by category) cut into sections: ours, then one per category. */
export function groupApps(apps: readonly KnownApp[]): AppGroup[] {
  const groups: AppGroup[] = [];
  for (const app of apps) {
    const own = Boolean(app.own_brand);
    const category = own ? '' : (app.category ?? '').trim();
    const key = own ? 'ours' : category.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'other';
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.apps.push(app);
    else groups.push({ key, own, category, apps: [app] });
  }
  return groups;
}
