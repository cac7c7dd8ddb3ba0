/**
 * The wallet's views that its first screen (the balances and the choice of actions) does not
 * show, each its own chunk: an action's form and the history. The page renders them lazily; the
 * links that open them fetch them as the pointer or focus arrives, so they are in by the click.
 */
export const loadActionView = () => import('../components/action-view');
export const loadHistoryTab = () => import('../components/history-tab');
