import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const fontStack =
  'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans SC", "DejaVu Sans", "Helvetica Neue", Arial, sans-serif';

const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg.subtle' },
  },
});

export const system = createSystem(defaultConfig, config);
