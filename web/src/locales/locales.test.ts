import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, resources } from '@/lib/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(resources.en.translation as Tree);

/**
 * Values a translation may legitimately share with English: the brand, pure placeholders, and
 * words that are the same in that language.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  '*': ['common.appName', 'billing.usageOf', 'channels.settings.kilogram', 'channels.settings.centimeter', 'inspection.themeId'],
  de: [
    'inspection.logos',
    'nav.community',
    'pages.community',
    'billing.upgrade',
    'billing.features.ADMIAD_CASHBACK',
    'pages.cashback',
    'importList.split.option',
    'orders.columns.status',
    'orders.address.name',
    'wallet.balance.bonus',
    'wallet.kinds.bonus',
    'automation.name',
  ],
  it: ['nav.home', 'nav.tabs.home', 'pages.home', 'nav.community', 'pages.community', 'auth.fields.email', 'auth.fields.password'],
  nl: ['nav.community', 'pages.community'],
  fr: [
    'inspection.logos',
    'notifications.title',
    'pages.collections',
    'pages.collection',
    'mapping.source',
    'importList.split.option',
    'orders.filters.source',
    'orders.columns.action',
    'orders.create.total',
    'wallet.transactions.date',
    'wallet.transactions.kind',
  ],
};

describe('locale files', () => {
  it('has all nine languages', () => {
    expect(Object.keys(resources).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('has a non-empty English file', () => {
    expect(Object.keys(en).length).toBeGreaterThan(100);
    for (const [key, value] of Object.entries(en)) expect(value.trim(), key).not.toBe('');
  });

  for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
    describe(lng, () => {
      const other = flatten(resources[lng].translation as Tree);

      it('has exactly the keys of en.json', () => {
        expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      });

      it('uses the same interpolation placeholders as English', () => {
        for (const key of Object.keys(en)) {
          expect(placeholders(other[key] ?? ''), `${lng}:${key}`).toEqual(placeholders(en[key]));
        }
      });

      it('has no empty or English-only values', () => {
        const allowed = new Set([...SAME_AS_ENGLISH['*'], ...(SAME_AS_ENGLISH[lng] ?? [])]);
        const untranslated = Object.keys(en).filter((key) => !allowed.has(key) && other[key] === en[key]);
        expect(untranslated).toEqual([]);
        for (const [key, value] of Object.entries(other)) expect(value.trim(), `${lng}:${key}`).not.toBe('');
      });

      it('names itself in its own language', () => {
        expect(other['meta.nativeName']).not.toBe(en['meta.nativeName']);
      });
    });
  }
});
