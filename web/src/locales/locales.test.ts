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

/** i18next's plural suffixes (the CLDR categories), on keys whose `_other` form English has. */
const SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLURAL_BASES = new Set(
  Object.keys(flatten(resources.en.translation as Tree))
    .filter((k) => k.endsWith('_other'))
    .map((k) => k.replace(SUFFIX, '')),
);
const PLURAL = { test: (key: string) => SUFFIX.test(key) && PLURAL_BASES.has(key.replace(SUFFIX, '')) };
const baseOf = (key: string) => (PLURAL.test(key) ? key.replace(SUFFIX, '') : key);
/** The plural keys of `base` a language needs: one per CLDR category of the language. */
const formsOf = (lng: string, base: string) =>
  new Intl.PluralRules(lng)
    .resolvedOptions()
    .pluralCategories.map((c) => `${base}_${c}`)
    .sort();
const pluralKeys = (tree: Record<string, string>, base: string) =>
  Object.keys(tree)
    .filter((k) => PLURAL.test(k) && baseOf(k) === base)
    .sort();

const en = flatten(resources.en.translation as Tree);

/**
 * Values a translation may legitimately share with English: the brand, pure placeholders, and
 * words that are the same in that language.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  '*': [
    'common.appName',
    'common.approx',
    'email.subject',
    'billing.usageOf',
    'channels.settings.kilogram',
    'channels.settings.centimeter',
    'inspection.themeId',
    'productCenter.compare.dropline',
    'gallery.slider.counter',
    'imageTools.size',
    'imageTools.convert.formats.jpeg',
    'imageTools.convert.formats.png',
    'imageTools.convert.formats.webp',
  ],
  de: [
    'findProduct.video.short',
    'importList.editor.video',
    'imageTools.convert.format',
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
    'aiWriting.styles.storytelling',
    'gallery.upload.status',
  ],
  it: [
    'nav.home',
    'nav.tabs.home',
    'pages.home',
    'nav.community',
    'pages.community',
    'auth.fields.email',
    'auth.fields.password',
    'findProduct.video.short',
    'importList.editor.video',
  ],
  nl: [
    'findProduct.video.short',
    'importList.editor.video',
    'nav.community',
    'pages.community',
    'findProduct.filters.toggle',
    'aiWriting.model',
    'gallery.picker.product',
    'gallery.upload.status',
  ],
  'pt-BR': ['orders.create.lines_one'],
  fr: [
    'aiWriting.style',
    'aiWriting.styles.simple',
    'aiWriting.tones.expert',
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

  it('gives each plural English has its two forms', () => {
    for (const key of Object.keys(en).filter((k) => PLURAL.test(k))) {
      expect(pluralKeys(en, baseOf(key)), key).toEqual(formsOf('en', baseOf(key)));
    }
  });

  for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
    describe(lng, () => {
      const other = flatten(resources[lng].translation as Tree);
      // The English text a key of this language stands for (a plural form stands for `_other`).
      const english = (key: string) => en[key] ?? en[`${baseOf(key)}_other`];

      it('has exactly the keys of en.json, each plural in the forms the language has', () => {
        const bases = (tree: Record<string, string>) => [...new Set(Object.keys(tree).map(baseOf))].sort();
        expect(bases(other)).toEqual(bases(en));
        for (const key of Object.keys(en).filter((k) => PLURAL.test(k))) {
          expect(pluralKeys(other, baseOf(key)), `${lng}:${key}`).toEqual(formsOf(lng, baseOf(key)));
        }
      });

      it('uses the same interpolation placeholders as English', () => {
        for (const key of Object.keys(other)) {
          expect(placeholders(other[key]), `${lng}:${key}`).toEqual(placeholders(english(key) ?? ''));
        }
      });

      it('has no empty or English-only values', () => {
        const allowed = new Set([...SAME_AS_ENGLISH['*'], ...(SAME_AS_ENGLISH[lng] ?? [])]);
        const untranslated = Object.keys(other).filter((key) => !allowed.has(key) && other[key] === english(key));
        expect(untranslated).toEqual([]);
        for (const [key, value] of Object.entries(other)) expect(value.trim(), `${lng}:${key}`).not.toBe('');
      });

      it('names itself in its own language', () => {
        expect(other['meta.nativeName']).not.toBe(en['meta.nativeName']);
      });
    });
  }
});
