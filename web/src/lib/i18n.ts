import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '@/locales/ar.json';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import fr from '@/locales/fr.json';
import it from '@/locales/it.json';
import nl from '@/locales/nl.json';
import ptBR from '@/locales/pt-BR.json';
import zhCN from '@/locales/zh-CN.json';
import { STORAGE_KEYS, readItem, writeItem } from './storage';

/** The nine interface languages of the spec; en is the default. */
export const SUPPORTED_LANGUAGES = ['en', 'ar', 'de', 'es', 'fr', 'it', 'nl', 'pt-BR', 'zh-CN'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

export const resources = {
  en: { translation: en },
  ar: { translation: ar },
  de: { translation: de },
  es: { translation: es },
  fr: { translation: fr },
  it: { translation: it },
  nl: { translation: nl },
  'pt-BR': { translation: ptBR },
  'zh-CN': { translation: zhCN },
} as const;

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(lng: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(lng) ? 'rtl' : 'ltr';
}

/** Sets `<html lang dir>` so that the whole layout (Chakra logical properties) flips for Arabic. */
export function applyDocumentLanguage(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}

function initialLanguage(): Language {
  const stored = readItem(STORAGE_KEYS.language);
  return isSupportedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', (lng) => {
  applyDocumentLanguage(lng);
  if (isSupportedLanguage(lng)) writeItem(STORAGE_KEYS.language, lng);
});

/** Current interface language (also sent as the `locale` header). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isSupportedLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Switches the interface language (no server call; see the account feature for that). */
export async function changeLanguage(lng: string): Promise<void> {
  if (!isSupportedLanguage(lng) || lng === i18n.language) return;
  await i18n.changeLanguage(lng);
}

export { i18n };
