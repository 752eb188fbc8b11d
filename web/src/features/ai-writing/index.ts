export { AiWritingSettingsPage } from './components/ai-writing-settings-page';
export { AiWritePanel, type AiPatch } from './components/ai-write-panel';
export { AI_SETTINGS_KEY, useAiSettings } from './api/settings';
