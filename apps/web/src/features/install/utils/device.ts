/** Spec §4 "Install card": which instructions to show. */
export type InstallDevice = 'unknown' | 'ios' | 'android' | 'desktop';

export interface DeviceHints {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS reports a Mac user agent, but a Mac has no touch screen. */
  maxTouchPoints?: number;
  platform?: string;
}

export function detectDevice({
  userAgent,
  maxTouchPoints = 0,
  platform = '',
}: DeviceHints): InstallDevice {
  const ua = userAgent.toLowerCase();
  if (!ua) return 'unknown';
  if (/iphone|ipad|ipod/.test(ua)) return 'ios';
  if ((/macintosh/.test(ua) || platform === 'MacIntel') && maxTouchPoints > 1) return 'ios';
  if (/android/.test(ua)) return 'android';
  if (/windows|macintosh|mac os x|linux|cros/.test(ua)) return 'desktop';
  return 'unknown';
}

/** Running as an installed app: display-mode standalone, or iOS's own flag. */
export function isStandalone(
  matchMedia: ((query: string) => { matches: boolean }) | undefined,
  navigatorStandalone: boolean | undefined,
): boolean {
  if (navigatorStandalone === true) return true;
  if (!matchMedia) return false;
  return (
    matchMedia('(display-mode: standalone)').matches ||
    matchMedia('(display-mode: fullscreen)').matches ||
    matchMedia('(display-mode: minimal-ui)').matches
  );
}

export const INSTALL_TEXT = {
  title: 'Install App',
  description: 'Add Verba to your home screen: it opens in its own window and works offline.',
  installNow: 'Install App Now',
  installed: 'App Installed!',
  installedDescription: 'You are using the installed app.',
  ios: [
    'Open this page in Safari.',
    'Tap the Share button.',
    'Choose "Add to Home Screen", then "Add".',
  ],
  android: [
    'Open the browser menu (⋮).',
    'Tap "Install app" or "Add to Home screen".',
    'Confirm with "Install".',
  ],
  desktop: [
    'Click the install icon at the right of the address bar.',
    'Or open the browser menu and choose "Install Verba".',
  ],
  unknown: ["Use your browser's menu to add Verba to your home screen."],
} as const;
