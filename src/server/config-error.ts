/** A setting that stops start-up, in one line naming it (config.ts, google/google-settings.ts). */
export class ConfigError extends Error {}
