/**
 * "Firefox on Windows" from a user agent, for the sessions list. A rough guess is enough: the
 * member recognises their devices by browser, system and when they were used.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return userAgent.length > 40 ? 'Unknown browser' : userAgent;
  return [browser ?? 'A browser', system].filter(Boolean).join(' on ');
}

// Order matters: Edge and Opera also say Chrome; Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/HeadlessChrome/, 'Headless Chrome'],
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
