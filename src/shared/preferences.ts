// Personal settings of a staff member (spec §3 "Theme settings", §9 layout constants): kept in the
// browser and on the server with the profile, so they follow the person to another browser.
import { z } from 'zod';

export const LAYOUTS = ['layout1', 'layout2', 'layout3'] as const;
export const COLOUR_SCHEMES = ['ocean', 'forest', 'sunset', 'violet', 'slate'] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

/** Font size: a factor of the 62.5% root size, 0.7 to 1.3 in steps of 0.1 (spec §5, §9). */
export const FONT_SCALE = { min: 0.7, max: 1.3, step: 0.1 } as const;

/** Layout constants of spec §9. */
export const LAYOUT = {
  navbarWidth: 280,
  navbarFoldedWidth: 64,
  containerWidth: { layout1: 1570, layout2: 1120, layout3: 1120 },
} as const;

export const preferencesSchema = z.object({
  layout: z.enum(LAYOUTS).default('layout1'),
  scheme: z.enum(COLOUR_SCHEMES).default('ocean'),
  mode: z.enum(['light', 'dark']).default('light'),
  fontScale: z
    .number()
    .min(FONT_SCALE.min)
    .max(FONT_SCALE.max)
    // whole steps of 0.1 only
    .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-9)
    .default(1),
  navbar: z.object({ display: z.boolean().default(true), folded: z.boolean().default(false) }).default({ display: true, folded: false }),
  toolbar: z.object({ display: z.boolean().default(true) }).default({ display: true }),
  footer: z.object({ display: z.boolean().default(true) }).default({ display: true }),
  /** a slim bar of the pinned shortcuts along the navigation */
  leftSidePanel: z.object({ display: z.boolean().default(false) }).default({ display: false }),
  /** the quick panel (today, shortcuts, what waits for moderation), opened from the toolbar */
  rightSidePanel: z.object({ display: z.boolean().default(true) }).default({ display: true }),
  customScrollbars: z.boolean().default(true),
  /** the language the person last chose (m25); none until they choose one: the browser's stays */
  language: z.enum(['en', 'tr', 'ar']).optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

/** Stored text -> preferences; anything unreadable falls back to the defaults. */
export function readPreferences(value: unknown): Preferences {
  const parsed = preferencesSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

/** What POST /api/auth/user/preferences takes: the settings and/or the pinned shortcuts (menu item ids). */
export const preferencesUpdateSchema = z.object({
  preferences: preferencesSchema.optional(),
  shortcuts: z.array(z.string().min(1).max(60)).max(20).optional(),
});
