/**
 * Product cards in the first rows of the grid, likely on screen as the shop opens: their images
 * load at once (the rest when scrolled near), and the early script (src/boot) preloads them.
 */
export const EAGER_CARDS = 4;
