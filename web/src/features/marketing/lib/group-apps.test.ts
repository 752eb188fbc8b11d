import { describe, expect, it } from 'vitest';
import type { KnownApp } from '@/types/api.gen';
import { groupApps } from './group-apps';

const app = (name: string, category: string, own = false): KnownApp => ({
  name,
  short_description: '',
  app_store_url: '',
  category,
  own_brand: own,
});

describe('recommended app sections', () => {
  it('keeps the API order: our apps, then one section per category, uncategorised apps under "other"', () => {
    const groups = groupApps([
      app('Dropline Reviews', 'Marketing', true),
      app('A', 'Marketing'),
      app('B', 'Marketing'),
      app('C', 'Store design'),
      app('D', ''),
    ]);
    expect(groups.map((g) => [g.key, g.apps.map((a) => a.name)])).toEqual([
      ['ours', ['Dropline Reviews']],
      ['marketing', ['A', 'B']],
      ['store-design', ['C']],
      ['other', ['D']],
    ]);
    expect(groups[0].own).toBe(true);
  });
});
