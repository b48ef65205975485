// The languages the kit ships; English is the source. Plain data: the build reads it too.
export const KIT_LANGUAGES = ['en', 'es', 'fr'] as const;
export type KitLanguage = (typeof KIT_LANGUAGES)[number];
