import { useTranslation } from 'react-i18next';
import type { ContentStyle, Tone } from '@/types/api.gen';
import { STYLES, TONES, WRITING_LANGUAGES } from '../api/settings';
import { OptionSelect } from './option-select';

export interface Voice {
  style: ContentStyle;
  tone: Tone;
  language: string;
}

/** The style, tone and language the model writes in; `testId` prefixes each select's id. */
export function VoiceSelects({
  voice,
  onChange,
  testId,
  compact = false,
}: {
  voice: Voice;
  onChange: (v: Voice) => void;
  testId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <OptionSelect
        compact={compact}
        label={t('aiWriting.style')}
        value={voice.style}
        options={STYLES.map((s) => [s, t(`aiWriting.styles.${s}`)] as const)}
        onChange={(v) => onChange({ ...voice, style: v as ContentStyle })}
        testId={`${testId}-style`}
      />
      <OptionSelect
        compact={compact}
        label={t('aiWriting.tone')}
        value={voice.tone}
        options={TONES.map((s) => [s, t(`aiWriting.tones.${s}`)] as const)}
        onChange={(v) => onChange({ ...voice, tone: v as Tone })}
        testId={`${testId}-tone`}
      />
      <OptionSelect
        compact={compact}
        label={t('aiWriting.language')}
        value={voice.language}
        options={WRITING_LANGUAGES}
        onChange={(v) => onChange({ ...voice, language: v })}
        testId={`${testId}-language`}
      />
    </>
  );
}
