/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the Support link in the side navigation (a help desk URL or mailto:). */
  readonly VITE_SUPPORT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
