export const TAB_IDS = ['overview', 'requests', 'workshops', 'sessions', 'students', 'availability', 'settings'] as const;
export type TabId = (typeof TAB_IDS)[number];
export const isTabId = (v: string | null): v is TabId => v !== null && (TAB_IDS as readonly string[]).includes(v);
