/**
 * The front door, in the first load itself rather than a lazy chunk: it is most first visits'
 * page, and small. Its product showcase below the fold is lazy (see the page).
 */
export { default as HomePage } from './pages/home-page';
