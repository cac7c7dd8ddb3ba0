// Names the session code shares with the early script (src/boot), which runs before the app
// and cannot import the store itself (zustand would come with it).

/** The localStorage key of the persisted session store, and the version of its shape. */
export const STORE_NAME = 'parmeta-store';
export const STORE_VERSION = 1;

/** The Web Locks name every tab of this origin renews its session under. */
export const REFRESH_LOCK = 'parmeta-refresh';
