/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_ROOT_BASE?: string;
  readonly VITE_PARTNERS_URL?: string;
  readonly VITE_HELP_CENTER_URL?: string;
  readonly VITE_COMMUNITY_URL?: string;
  readonly VITE_CHANGELOG_URL?: string;
  readonly VITE_RESEARCHER_URL?: string;
  /** 'true' orders the onboarding steps as the spec's ONBOARDING_V2. */
  readonly VITE_ONBOARDING_V2?: string;
  readonly VITE_APP_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
