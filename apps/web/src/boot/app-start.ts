// The last of the early scripts, inlined at the end of both pages' body (build/early-start.ts):
// it asks for the app's code (the entry, and React and the router it imports) once the first
// frame has painted, instead of the page naming them as tags the browser asks for while it
// parses. The first paint needs the page alone (its stylesheet and a member page's header are
// in it), and on a phone's connection the scripts' 78 kB shared the bandwidth with it; a repeat
// visit, with the scripts cached, ran React before painting anything (decisions 0077, 0089).

/** The app's entry and the files it imports at once, as the build named them in the page. */
export interface AppCode {
  entry: string;
  preloads: string[];
}

export interface StartPage {
  /** A hidden page (a background tab, a prerender) paints no frame to wait for. */
  hidden: boolean;
  /** Runs `start` in a task after the next frame (a frame callback queuing a task). */
  afterFrame(start: () => void): void;
  /**
   * Settles once the first screen can show: the pictures the early scripts painted as its largest
   * paint (a product's, the first cards') decoded, so that the next frame shows them; on a page
   * without any, once the browser has recorded its first contentful paint (at once where it
   * cannot tell).
   */
  firstScreen(): Promise<unknown>;
  /** Runs `start` after `ms`, in case no frame comes (a throttled or frozen page). */
  later(start: () => void, ms: number): void;
  /** Adds an element with these attributes to the document's head. */
  add(tag: 'link' | 'script', attributes: Record<string, string>): void;
}

/** The id of the page's JSON element that names the app's code. */
export const APP_CODE_ID = 'app-code';

/** The longest the app's code waits for the first frame (and the first screen's pictures). */
export const START_AT_THE_LATEST_MS = 1000;

/** The app's code as the page reads it: its JSON element, as the build writes it. */
export function readAppCode(text: string | null | undefined): AppCode {
  const code: unknown = JSON.parse(text ?? '');
  // The origin's own files: a path, not another site's address ("//host/...").
  const isPath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
  if (typeof code !== 'object' || code === null) throw new Error('the app’s code: not an object');
  const { entry, preloads } = code as Record<string, unknown>;
  if (!isPath(entry) || !Array.isArray(preloads) || !preloads.every(isPath)) throw new Error('the app’s code: no entry or preloads');
  return { entry, preloads };
}

/**
 * Asks for the app's code once: in a task after the frame that shows the first screen, at once in
 * a hidden page, after 1 s at most. The first screen first: the app's 78 kB shared the connection
 * with its pictures, and a paint recorded after the app's files had arrived was counted as waiting
 * for them (decisions 0099, 0100).
 */
export function startApp(page: StartPage, code: AppCode): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The same CORS mode as the entry's own imports (crossorigin=""), or the browser fetches them twice.
    for (const href of code.preloads) page.add('link', { rel: 'modulepreload', crossorigin: '', href });
    page.add('script', { type: 'module', crossorigin: '', src: code.entry });
  };
  if (page.hidden) return start();
  const shown = () => page.afterFrame(start);
  void page.firstScreen().then(shown, shown);
  page.later(start, START_AT_THE_LATEST_MS);
}
