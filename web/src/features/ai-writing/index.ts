export { AiWritingSettingsPage } from './components/ai-writing-settings-page';
export { AiWritePanel, type AiPatch } from './components/ai-write-panel';
export { AiEnhancerPage } from './components/ai-enhancer-page';
export { ProductCopyPage } from './components/product-copy-page';
export { AI_SETTINGS_KEY, useAiSettings } from './api/settings';
